import ScenerySupport

/// Finds reads of fields a model does not have — `p.nmae` where `p` is a `Product` — which
/// would otherwise be null at run time without a word. Types come from ``StaticTypes``:
/// declared fields, locals bound from typed providers and workers, `it` in per-item
/// arguments, and the locals of a presenter's `each`.
///
/// A class: each expression node's visit captures the check, and copying a struct holding
/// the definitions would retain every field of them per node.
final class ModelFieldCheck {
    let app: AppDefinition
    let scene: SceneDefinition
    let reader: ManifestReader
    let sceneTypes: SceneTypes
    /// Told of every `base.field` whose base is a model, the field's name at its file offset:
    /// how rename finds a model field's reads. Nil for validation.
    var onRead: ((_ model: String, _ field: String, _ offset: Int) -> Void)?

    init(app: AppDefinition, scene: SceneDefinition, reader: ManifestReader, types: SceneTypes) {
        self.app = app
        self.scene = scene
        self.reader = reader
        sceneTypes = types
    }

    func run() {
        let types = sceneTypes.types
        for (name, useCase) in scene.useCases {
            let locals = sceneTypes.locals(of: name)
            useCase.forEachStep { step in
                if let condition = step.condition { check(condition, types, useCase, locals) }
                if let fallback = step.recovery?.fallback { check(fallback, types, useCase, locals) }
                var reads = StepReads(check: self, types: types, useCase: useCase, locals: locals)
                step.body.describe(to: &reads)
            }
            for (_, value) in useCase.response ?? [] { check(value, types, useCase, locals) }
            guard case let .fields(fields)? = useCase.presenter else { continue }
            var presenterTypes = types
            presenterTypes.response = types.responseTypes(of: useCase, locals: locals)
            for (_, field) in fields {
                switch field {
                case let .value(value):
                    check(value, presenterTypes, useCase, [:])
                case let .each(items, local, value):
                    check(items, presenterTypes, useCase, [:])
                    var itemLocals: [String: TypeRef] = [:]
                    if let single = items.single,
                        case let .list(element)? = presenterTypes.infer(single, useCase: useCase, locals: [:])?.unwrapped
                    {
                        itemLocals[local] = element
                    }
                    check(value, presenterTypes, useCase, itemLocals)
                }
            }
        }
        for condition in scene.groupConditions { check(condition, types, nil, [:]) }
        scene.view?.forEachInPlace { component in
            if let condition = component.condition { check(condition, types, nil, [:]) }
            checkTemplates(of: component.kind, types)
        }
    }

    /// A step's expressions checked where they stand, each with `it` typed as an item of
    /// its list; and, for rename, the fields named where a record of a model lands.
    private struct StepReads: StepEffects {
        let check: ModelFieldCheck
        let types: StaticTypes
        let useCase: UseCaseDefinition
        let locals: [String: TypeRef]

        mutating func evaluates(_ expression: StepExpression, item: StepItems?) {
            // `it` typed only where the expression reads it: typing it infers the list's type
            // and copies the locals, for every argument of every work step. Not
            // `item.map(withItem)`: its closure copied this visitor, a reference a field.
            let locals = if let item, expression.mentions("it") { withItem(item) } else { locals }
            switch expression {
            case let .template(template): check.check(template, types, useCase, locals)
            case let .value(value): check.check(value, types, useCase, locals)
            }
        }

        mutating func writesState(_ path: Located<String>, _ value: ValueTemplate, where condition: Template?) {
            // Only rename asks for the fields a record names: validation has nothing to find here.
            guard check.onRead != nil else { return }
            let declared = types.declaredType(of: FieldPath(path.value))
            if condition == nil {
                check.recordFields(value, landing: declared, types, useCase, locals)
            } else {
                let itemLocals = withItem(.atPath(path))
                check.recordFields(value, landing: itemLocals["it"], types, useCase, itemLocals)
            }
        }

        mutating func runs(
            _ worker: Located<String>, input: ValueTemplate, args: [(name: String, value: ValueTemplate)], as local: String
        ) {
            if check.onRead != nil { check.fieldArguments(of: worker.value, input, args, types, useCase, locals) }
        }

        /// The locals with `it` typed as an item of its list, when the list's type is known.
        private func withItem(_ item: StepItems) -> [String: TypeRef] {
            let list: TypeRef? =
                switch item {
                case let .atPath(path): types.declaredType(of: FieldPath(path.value))
                case let .of(value): types.infer(value, useCase: useCase, locals: locals)
                }
            var itemLocals = locals
            if case let .list(element)? = list?.unwrapped { itemLocals["it"] = element }
            return itemLocals
        }
    }

    /// For rename: the fields of a record written out (`{price: 1}`, `@{{price: 1}}`) where a
    /// record of a model lands (a `set` of a path of that type).
    private func recordFields(
        _ value: ValueTemplate, landing type: TypeRef?, _ types: StaticTypes, _ useCase: UseCaseDefinition,
        _ locals: [String: TypeRef]
    ) {
        guard let onRead, case let .model(model)? = type?.unwrapped, let record = RecordLiteral(value, types, useCase, locals, reader)
        else { return }
        // A JSON object's keys are found at their opening quote; a literal's names are not quoted.
        for field in record.fields where field.offset > 0 { onRead(model, field.name, field.offset + (record.isObject ? 1 : 0)) }
    }

    /// For rename: the fields a built-in worker's arguments name (`"by": "price"`, a search's
    /// `fields`, an update's `set` keys), as reads of the model of the input's items.
    private func fieldArguments(
        of worker: String, _ input: ValueTemplate, _ args: [(name: String, value: ValueTemplate)],
        _ types: StaticTypes, _ useCase: UseCaseDefinition, _ locals: [String: TypeRef]
    ) {
        guard let onRead, case let .list(element)? = types.infer(input, useCase: useCase, locals: locals)?.unwrapped,
            case let .model(model) = element.unwrapped
        else { return }
        let naming = BuiltInWorker(rawValue: worker)?.signature.namingFields ?? []
        func name(_ value: ValueTemplate) {
            switch value {
            case let .template(template):
                guard let origin = template.origin, template.parts.count == 1, case let .text(field)? = template.parts.first else { return }
                onRead(model, field, origin + 1)
            case let .list(items): for item in items { name(item) }
            case let .record(fields): for field in fields where field.keyOffset > 0 { onRead(model, field.name, field.keyOffset + 1) }
            case .constant: return
            }
        }
        for (argument, value) in args where naming.contains(argument) { name(value) }
    }

    private func checkTemplates(of component: ComponentDefinition.Kind, _ types: StaticTypes) {
        let templates: (Template, Template?)
        switch component {
        case let .header(text), let .text(text): templates = (text, nil)
        case let .list(items, empty, _, request):
            templates = (items, empty)
            if let request {
                // The row's item is `it`, an item of what `items` gives.
                var itemLocals: [String: TypeRef] = [:]
                if let single = items.single, case let .list(element)? = types.infer(single, useCase: nil, locals: [:])?.unwrapped {
                    itemLocals["it"] = element
                }
                check(request, types, nil, itemLocals)
            }
        case let .input(label, value, _, _): templates = (label, value)
        case let .choice(label, binding): templates = (label, binding.options)
        case let .button(title, _, enabled, request, route):
            templates = (title, enabled)
            if let request { check(request, types, nil, [:]) }
            for (_, value) in route?.args ?? [] { check(value, types, nil, [:]) }
        case let .loading(text?): templates = (text, nil)
        case .loading(nil), .error, .divider: return
        }
        check(templates.0, types, nil, [:])
        if let second = templates.1 { check(second, types, nil, [:]) }
    }

    private func check(_ value: ValueTemplate, _ types: StaticTypes, _ useCase: UseCaseDefinition?, _ locals: [String: TypeRef]) {
        switch value {
        case .constant: break
        case let .template(template): check(template, types, useCase, locals)
        case let .list(items): for item in items { check(item, types, useCase, locals) }
        case let .record(fields): for field in fields { check(field.value, types, useCase, locals) }
        }
    }

    private func check(_ template: Template, _ types: StaticTypes, _ useCase: UseCaseDefinition?, _ locals: [String: TypeRef]) {
        guard let origin = template.origin else { return }
        for part in template.parts {
            guard case let .expression(expression) = part else { continue }
            var visitor = FieldReadVisitor(check: self, types: types, useCase: useCase, locals: locals, origin: origin)
            ExpressionWalker.walk(expression, &visitor)
        }
    }

    /// Reports each `base.field` whose base is a model without that field.
    private struct FieldReadVisitor: ExpressionVisitor {
        let check: ModelFieldCheck
        let types: StaticTypes
        let useCase: UseCaseDefinition?
        let locals: [String: TypeRef]
        /// The offset of the template's string, whose pointer a finding gives.
        let origin: Int

        func visit(_ node: Expression) {
            // `sum(list, 'field')` names a field of the list's items.
            if let onRead = check.onRead, case let .call("sum", arguments) = node.kind, arguments.count == 2,
                case let .literal(.string(field)) = arguments[1].kind,
                case let .list(element)? = types.infer(arguments[0], useCase: useCase, locals: locals)?.unwrapped,
                case let .model(model) = element.unwrapped
            {
                onRead(model, field, check.reader.source.offset(inStringAt: origin, decodedIndex: arguments[1].offset + 1))
            }
            guard case let .member(base, field) = node.kind,
                case let .model(name)? = types.infer(base, useCase: useCase, locals: locals)?.unwrapped,
                let model = check.app.models[name]
            else { return }
            let reader = check.reader
            if let onRead = check.onRead { onRead(name, field, reader.source.offset(inStringAt: origin, decodedIndex: node.offset)) }
            guard !model.fields.contains(where: { $0.name == field }) else { return }
            let known = model.fields.map(\.name)
            reader.error(
                .unknownField, "model '\(name)' has no field '\(field)'",
                at: reader.source.offset(inStringAt: origin, decodedIndex: node.offset),
                reader.pointer(to: origin), hint: didYouMean(field, known) ?? "its fields: \(known.joined(separator: ", "))")
        }
    }
}

/// Where an app's expressions read fields of models, as the validator types them: for
/// renaming a model's field.
/// The reads of models' fields in a scene file, as the validator types them: what the
/// editor's index knows a model field's uses by.
enum ModelFieldReads {
    /// Every read in `scene` of a model's field: which, and the byte offset of the field's name.
    static func reads(in app: LoadedApp, scene: SceneDefinition) -> [(model: String, field: String, offset: Int)] {
        guard let source = scene.source?.file else { return [] }
        var found: [(model: String, field: String, offset: Int)] = []
        let check = ModelFieldCheck(
            app: app.app, scene: scene, reader: ManifestReader(source: source), types: SceneTypes(app: app.app, scene: scene))
        check.onRead = { model, field, offset in found.append((model, field, offset)) }
        check.run()
        return found
    }
}
