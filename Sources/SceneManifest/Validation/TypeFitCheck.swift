import ScenerySupport

/// Values whose type is known before running must fit where they go (E314): a `set` into a
/// declared state or shared field, a `store` into a provider with a `model`, and a child's
/// `back`/`dismiss` result into the request of its parent's `onResult` use case. What cannot
/// be known statically is checked at run time (E513) — and so is nullability: a `T?` where
/// a `T` is declared passes here, everywhere alike (route arguments too), and a null that
/// arrives is refused at run time.
///
/// A class: each step's check holds it, and copying a struct holding the app's definitions
/// would retain every field of them per step.
final class TypeFitCheck {
    let app: AppDefinition
    let scenes: [String: SceneDefinition]
    /// The names of the scenes that push or present each scene, in name order: the ones a
    /// result goes back to.
    let parents: [String: [String]]

    /// `parents` from ``RouteFacts/parents(_:)``.
    init(app: AppDefinition, scenes: [String: SceneDefinition], parents: [String: [String]]) {
        self.app = app
        self.scenes = scenes
        self.parents = parents
    }

    func run(_ scene: SceneDefinition, _ reader: ManifestReader, _ sceneTypes: SceneTypes) {
        let types = sceneTypes.types
        // A bound input's path names a field as a `set` path does.
        for input in scene.boundInputs {
            guard let type = declaredType(input.binding.path, types, reader) else { continue }
            checkRules(input.binding, type, reader)
            checkOptions(input.binding, type, types, reader)
        }
        for condition in scene.groupConditions { OperandCheck(types: types, useCase: nil, locals: [:], reader: reader).check(condition) }
        scene.view?.forEachInPlace { OperandCheck.check($0, types, reader) }
        for (name, useCase) in scene.useCases {
            let locals = sceneTypes.locals(of: name)
            // What the checks so far have proved is not null, step by step (``Narrowing``).
            var proved: Set<String> = []
            useCase.steps.forEachInPlace { step in
                var stepTypes = types
                stepTypes.nonNull = proved
                var proofs = StepProofs()
                step.body.describe(to: &proofs)
                // Each check made only where it has something to check: making one copies
                // the types, the use case and the locals it reads, a dozen references.
                if step.condition != nil || !proofs.rules.isEmpty {
                    // A step's `if` and a validate rule's checks, where a null passed through a
                    // function would decide the other way (W006).
                    let nullPassing = NullPassingCheck(types: stepTypes, useCase: useCase, locals: locals, reader: reader)
                    nullPassing.check(step.condition)
                    for rule in proofs.rules { nullPassing.check(rule.check) }
                }
                if step.condition != nil {
                    OperandCheck(types: stepTypes, useCase: useCase, locals: locals, reader: reader).check(step.condition)
                }
                stepTypes.nonNull = proved.union(Narrowing.nonNull(step.condition, holds: true))
                if step.hasOperation {
                    OperandCheck(types: stepTypes, useCase: useCase, locals: locals, reader: reader).check(step)
                }
                step.forEachWithHandlerSteps { check($0, in: scene, stepTypes, useCase, locals, reader) }
                if let bound = step.binding {
                    proved = proved.filter { $0 != bound && !$0.hasPrefix(bound + ".") && !$0.hasPrefix(bound + "[") }
                }
                if step.condition == nil {
                    for rule in proofs.rules { proved.formUnion(Narrowing.nonNull(rule.check, holds: true)) }
                }
                if proofs.stops { proved.formUnion(Narrowing.nonNull(step.condition, holds: false)) }
            }
            // The use case's `onError`, once for all the steps that share it.
            useCase.onError?.steps.forEachInPlace { step in
                step.forEachWithHandlerSteps { check($0, in: scene, types, useCase, locals, reader) }
            }
        }
    }

    /// A choice's options fit what its path holds: each written out, or the items of the
    /// list its expression gives when that is known (E314 at the options).
    private func checkOptions(_ binding: ComponentDefinition.InputBinding, _ type: TypeRef, _ types: StaticTypes, _ reader: ManifestReader)
    {
        guard let options = binding.options, let offset = options.origin, let single = options.single else { return }
        if case let .literal(.list(items)) = single.kind, !binding.optionOffsets.isEmpty {
            for (index, item) in items.enumerated() {
                guard let problem = type.mismatch(of: item, models: app.models) else { continue }
                let at = binding.optionOffsets.indices.contains(index) ? binding.optionOffsets[index] : offset
                reader.error(
                    .typeMismatch, "option '\(item)' does not fit '\(binding.path.value)': \(problem)", at: at, reader.pointer(to: at))
                return
            }
        } else if let given = types.infer(single, useCase: nil, locals: [:]) {
            guard case let .list(element) = given.unwrapped else {
                reader.error(
                    .typeMismatch, "the options are \(given), not a list to choose from", at: offset, reader.pointer(to: offset),
                    hint: "give a list: [\"standard\", \"express\"], or an expression of one")
                return
            }
            if !Self.fits(element, type.unwrapped, models: app.models) {
                reader.error(
                    .typeMismatch, "the options are \(element), and '\(binding.path.value)' is \(type)", at: offset,
                    reader.pointer(to: offset))
            }
        }
    }

    /// A bound input's rules fit what its path holds: bounds on a number, a pattern and
    /// lengths on text (E314 at the rule).
    private func checkRules(_ binding: ComponentDefinition.InputBinding, _ type: TypeRef, _ reader: ManifestReader) {
        let held = type.unwrapped
        let isNumber = held == .int || held == .decimal
        for (key, offset) in binding.rules.offsets.sorted(by: { $0.value < $1.value }) {
            let fits =
                switch key {
                case "min", "max": isNumber
                case "pattern", "minLength", "maxLength": held == .string
                default: true
                }
            guard !fits else { continue }
            let hint =
                isNumber
                ? "on a number, use 'min' and 'max'"
                : held == .string
                    ? "on text, use 'pattern', 'minLength' and 'maxLength'"
                    : "'min' and 'max' bound numbers; 'pattern', 'minLength' and 'maxLength' check text"
            reader.error(
                .typeMismatch, "'\(key)' does not fit '\(binding.path.value)', which is \(type)", at: offset, reader.pointer(to: offset),
                hint: Hint(hint))
        }
    }

    /// W006: a value that may be null (`T?`) landing where a `T` is declared, with nothing
    /// proving it is not — the one rule for `set`, `store`, route `args` and `result`.
    func warnIfMayBeNull(
        _ value: ValueTemplate, landing declared: TypeRef, in place: String, at site: Located<String>,
        _ types: StaticTypes, _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader
    ) {
        // Exact types here: a read through an optional record or a list index may be null.
        let exact = types.exact
        guard !declared.isOptional, case let .template(template) = value, let expression = template.single,
            let passed = exact.infer(value, useCase: useCase, locals: locals), passed.isOptional
        else { return }
        let read = Narrowing.path(of: expression).map { "'\($0)'" } ?? "the value"
        reader.warning(
            .mayBeNull, "\(place) is \(declared), but \(read) is \(passed) and may be null here", at: Self.offset(of: value) ?? site.offset,
            reader.pointer(of: site),
            hint: Narrowing.checkFirstHint)
    }

    /// The declared type a `set` or `remove` path writes, walking into records by their
    /// models: a name a model lacks is E312 with a did-you-mean. Nil when it cannot be known
    /// (an undeclared field, reported by the decoder, or a value of no declared model).
    func declaredType(_ path: Located<String>, _ types: StaticTypes, _ reader: ManifestReader) -> TypeRef? {
        let parts = FieldPath(path.value)
        guard parts.hasDot, var type = types.declaredType(root: parts.root, field: parts.name) else { return nil }
        let nested = parts.nested
        if nested.isEmpty { return type }
        var written = "\(parts.root).\(parts.name)"
        for name in nested {
            guard case let .model(modelName) = type.unwrapped, let model = app.models[modelName] else {
                if case .model = type.unwrapped { return nil }
                reader.error(
                    .undeclaredField, "'\(written)' is \(type), which has no fields; '\(path.value)' cannot be set", at: path.offset,
                    reader.pointer(of: path),
                    hint: "set '\(written)' itself")
                return nil
            }
            guard let field = model.fields.first(where: { $0.name == name }) else {
                // At the name in the path: its text is plain ASCII, so bytes count as written.
                let at = reader.source.offset(inStringAt: path.offset, decodedIndex: written.utf8.count + 1)
                reader.error(
                    .undeclaredField, "model '\(modelName)' has no field '\(name)'", at: at, reader.pointer(of: path),
                    hint: didYouMean(name, model.fields.map(\.name)) ?? "declare it in the model in app.json")
                return nil
            }
            type = field.type
            written += ".\(name)"
        }
        return type
    }

    /// The item type of the list a `where` works on; a path that is not a list is E314.
    func listElement(_ path: Located<String>, _ declared: TypeRef, _ reader: ManifestReader) -> TypeRef? {
        if case let .list(element) = declared.unwrapped { return element }
        reader.error(
            .typeMismatch, "'\(path.value)' is \(declared), not a list, so 'where' has no items to choose", at: path.offset,
            reader.pointer(of: path),
            hint: "leave out 'where' to set the whole value")
        return nil
    }

    func checkSet(
        _ path: Located<String>, _ value: ValueTemplate, _ declared: TypeRef, _ types: StaticTypes,
        _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader, what: String? = nil
    ) {
        let target = what ?? "'\(path.value)'"
        // A constant null is known: where null does not fit, it is refused now, not at run time.
        if !declared.isOptional, Self.isNullConstant(value) {
            reader.error(
                .typeMismatch, "\(target) is \(declared), and null does not fit it", at: Self.offset(of: value) ?? path.offset,
                reader.pointer(of: path), hint: "set a value, or declare it '\(declared)?'")
            return
        }
        // A constant (a list or record of constants too) is known whole; null aside, as
        // nullability is left to run time.
        if let constant = Self.structuredConstant(value), constant != .null,
            let problem = declared.mismatch(of: constant, models: app.models)
        {
            reader.error(
                .typeMismatch, "\(target) is \(declared), but the value set does not fit it: \(problem)",
                at: Self.offset(of: value) ?? path.offset,
                reader.pointer(of: path), hint: "change the value, or the declared type")
            return
        }
        if case let .model(name) = declared.unwrapped, let model = app.models[name],
            let record = RecordLiteral(value, types, useCase, locals, reader)
        {
            checkRecord(record, of: name, model, set: target, at: Self.offset(of: value) ?? path.offset, reader.pointer(of: path), reader)
            return
        }
        guard let passed = types.infer(value, useCase: useCase, locals: locals), !Self.fits(passed, declared, models: app.models) else {
            return
        }
        reader.error(
            .typeMismatch, "\(target) is \(declared), but the value set is \(passed)", at: Self.offset(of: value) ?? path.offset,
            reader.pointer(of: path), hint: "convert it (int(), decimal(), string()) or change the declared type")
    }

    /// A record written out where a record of `model` lands: each field the model has must
    /// get a value of its type, and none that is not optional may be left out — as the run
    /// refuses it (E513). A field the model lacks is left to the run, which ignores it.
    func checkRecord(
        _ record: RecordLiteral, of name: String, _ model: ModelDefinition, set target: String,
        at offset: Int, _ pointer: String, _ reader: ManifestReader
    ) {
        for (field, declared, passed) in record.mismatched(in: model, models: app.models) {
            reader.error(
                .typeMismatch, "field '\(field.name)' of \(target) (a \(name)) is \(declared), but the record set gives \(passed)",
                at: field.offset > 0 ? field.offset : offset, pointer, hint: "convert it (int(), decimal(), string()) or change the model")
        }
        for (field, declared) in record.nulls(in: model) {
            reader.error(
                .typeMismatch, "field '\(field.name)' of \(target) (a \(name)) is \(declared), and null does not fit it",
                at: field.offset > 0 ? field.offset : offset, pointer,
                hint: "give it a value, or declare the field '\(declared)?' in the model")
        }
        record.warnOfNulls(in: model, "\(target) (a \(name))", at: offset, pointer, reader)
        let unknown = record.unknown(in: model).map(\.name)
        for field in record.missing(from: model) {
            // A field given under a name close to the one missing is most likely it, misspelt.
            let misspelt = closestName(field.name, unknown)
            reader.error(
                .typeMismatch, "the record set to \(target) lacks field '\(field.name)' (\(field.type)) of model '\(name)'",
                at: offset, pointer,
                hint: misspelt.map { "it gives '\($0)': did you mean '\(field.name)'?" } ?? "give every field that is not optional")
        }
    }

    func checkStore(
        _ provider: Located<String>, _ value: ValueTemplate, _ step: Step, _ types: StaticTypes,
        _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader
    ) {
        guard let model = app.providers[provider.value]?.model else { return }
        if case let .model(name) = model.unwrapped, let definition = app.models[name],
            let record = RecordLiteral(value, types, useCase, locals, reader)
        {
            checkRecord(
                record, of: name, definition, set: "provider '\(provider.value)'", at: Self.offset(of: value) ?? step.offset,
                reader.pointer(of: provider), reader)
            return
        }
        let problem: String?
        if let constant = Self.structuredConstant(value) {
            problem = model.mismatch(of: constant, models: app.models).map { "the value stored does not fit it: \($0)" }
        } else if let passed = types.infer(value, useCase: useCase, locals: locals), !Self.fits(passed, model, models: app.models) {
            problem = "the value stored is \(passed)"
        } else if let shape = Self.shapeMismatch(of: value, model) {
            problem = "the value stored \(shape)"
        } else {
            problem = nil
        }
        guard let problem else { return }
        reader.error(
            .typeMismatch, "provider '\(provider.value)' holds \(model), but \(problem)", at: Self.offset(of: value) ?? step.offset,
            reader.pointer(of: provider), hint: "store a value of its model, or change the provider's 'model'")
    }

    /// A constant `fallback` stands for the provider's data, so it must fit its `model`.
    func checkFallback(_ fallback: ValueTemplate, of provider: Located<String>, args: ValueTemplate?, _ reader: ManifestReader) {
        let declared = app.providers[provider.value]
        let given = declared?.collection.map { CollectionCheck.fetchType(args, model: $0.model) } ?? declared?.model
        guard let model = given, let constant = Self.structuredConstant(fallback), constant != .null,
            let problem = model.mismatch(of: constant, models: app.models)
        else { return }
        reader.error(
            .typeMismatch, "provider '\(provider.value)' gives \(model), but the fallback does not fit it: \(problem)",
            at: Self.offset(of: fallback) ?? provider.offset, reader.pointer(of: provider), hint: "give a value of the provider's model")
    }

    /// A result passed back must fit the request of the `onResult` use case of every scene
    /// that pushes or presents this one.
    func checkResult(
        _ route: RouteStep, _ step: Step, from child: SceneDefinition, _ types: StaticTypes,
        _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader
    ) {
        guard route.mode == .back || route.mode == .dismiss, let result = route.result else { return }
        for parent in (parents[child.name] ?? []).compactMap({ scenes[$0] }) {
            guard let onResult = parent.onResult?.value, let request = parent.useCase(onResult)?.request, !request.isEmpty else { continue }
            let takes = "'\(parent.name).\(onResult)' takes " + request.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            let at = Self.offset(of: result) ?? step.offset
            switch result {
            case let .record(fields):
                let given = Set(fields.map(\.name))
                for field in fields {
                    guard let declared = request.first(where: { $0.name == field.name })?.type else {
                        reader.error(
                            .typeMismatch, "the result passes field '\(field.name)', but \(takes)", at: Self.offset(of: field.value) ?? at,
                            "",
                            hint: didYouMean(field.name, request.map(\.name)) ?? Hint(takes))
                        continue
                    }
                    if let passed = types.infer(field.value, useCase: useCase, locals: locals),
                        !Self.fits(passed, declared, models: app.models)
                    {
                        reader.error(
                            .typeMismatch, "result field '\(field.name)' is \(passed), but \(takes)",
                            at: Self.offset(of: field.value) ?? at, "")
                    }
                }
                for field in request where !field.type.isOptional && !given.contains(field.name) {
                    reader.error(
                        .typeMismatch, "the result lacks field '\(field.name)': \(takes)", at: at, "",
                        hint: "add '\(field.name)' to the route's 'result'")
                }
            case .constant, .list, .template:
                if let passed = types.infer(result, useCase: useCase, locals: locals), !Self.isRecord(passed) {
                    reader.error(
                        .typeMismatch, "the result is \(passed), but \(takes)", at: at, "",
                        hint: "pass a record: \"result\": {\"\(request[0].name)\": …}")
                } else if case .list = result {
                    reader.error(.typeMismatch, "the result is a list, but \(takes)", at: at, "")
                }
            }
        }
    }

    /// Whether a statically known type fits a declared one; nullability is left to run time.
    /// The one rule for every place a typed value lands (`set`, `store`, `result`, route args).
    static func fits(_ passed: TypeRef, _ declared: TypeRef, models: [String: ModelDefinition] = [:]) -> Bool {
        let passed = passed.unwrapped, declared = declared.unwrapped
        if declared == .date, passed == .string { return true }
        return declared.accepts(passed, models: models)
    }

    /// A list or record written in JSON where the declared type is not one: `is a record, not [string]`.
    private static func shapeMismatch(of value: ValueTemplate, _ declared: TypeRef) -> String? {
        let isList: Bool
        if case .list = declared.unwrapped { isList = true } else { isList = false }
        switch value {
        case .list where !isList: return "is a list, not \(declared)"
        case .record where !isRecord(declared): return "is a record, not \(declared)"
        default: return nil
        }
    }

    /// A constant written as JSON — a number, a list or record of constants — whose whole
    /// value is known; text is left to type inference, whose message says what to convert.
    private static func structuredConstant(_ value: ValueTemplate) -> SceneValue? {
        if case .template = value { return nil }
        return value.constantValue
    }

    private static func isRecord(_ type: TypeRef) -> Bool {
        if case .model = type.unwrapped { return true }
        return false
    }

    /// Whether `value` is the constant null: JSON `null`, or `"@{null}"`.
    static func isNullConstant(_ value: ValueTemplate) -> Bool {
        switch value {
        case .constant(.null): return true
        case let .template(template):
            if let expression = template.single, case .literal(.null) = expression.kind { return true }
            return false
        default: return false
        }
    }

    static func offset(of value: ValueTemplate) -> Int? {
        if case let .template(template) = value { return template.origin }
        return nil
    }
}
