import SceneManifest

/// Writes one use case's steps as the body of a Swift interactor's `handle`, statement for
/// statement, so that it does what the steps do in the same order: reads through the
/// scene's context, providers behind `SceneProvider`, routes through the output. A step
/// type or option with no Swift here yet is refused at its place.
struct InteractorWriter {
    let scene: SceneDefinition
    let app: AppDefinition
    let scenes: [String: SceneDefinition]
    let names: EjectNames
    let name: String
    let useCase: UseCaseDefinition

    /// The body's lines, and the response it presents with each field's Swift type (nil
    /// for a use case that presents nothing).
    struct Written {
        var lines: [String] = []
        var response: [(name: String, value: SwiftValue)]?
        var awaits = false
    }

    func write(_ scope: SwiftScope) throws(EjectRefusal) -> Written {
        var scope = scope
        let taken = Prelude.Names()
        var written = Written()
        // After a route or a wait the scene may have been left; a step then runs no more, as
        // the runtime's steps stop once their scene is gone.
        var mayHaveLeft = false
        for step in useCase.steps {
            if let recovery = step.recovery {
                throw EjectRefusal(offset: recovery.offset, reason: "'onError' and 'fallback' are not ejected yet")
            }
            if mayHaveLeft { written.lines.append("guard output.isActive else { return }") }
            var body = try statements(step, taken, &scope)
            if let condition = step.condition {
                guard step.binding == nil else {
                    throw EjectRefusal(offset: step.offset, reason: "a step that binds a local under an 'if' is not ejected yet")
                }
                let prelude = Prelude(names: taken)
                let expression = SwiftExpression(scope: scope, prelude: prelude)
                let test = try expression.template(condition, at: step.offset)
                let check = test.type == .bool ? SwiftExpression.bare(test) : expression.condition(test)
                body = prelude.lines + ["if \(tried(check, test.throwing)) {"] + body.map { "    " + $0 } + ["}"]
            }
            written.lines += body
            // Only a route, or a wait during which the person may go back, can leave the scene.
            mayHaveLeft = step.body is RouteStep || step.body is FetchStep || step.body is StoreStep || step.body is CallStep
            if step.body is FetchStep || step.body is StoreStep || step.body is CallStep { written.awaits = true }
        }
        if let response = useCase.response {
            let prelude = Prelude(names: taken)
            let expression = SwiftExpression(scope: scope, prelude: prelude)
            var fields: [(name: String, value: SwiftValue)] = []
            for (field, value) in response {
                fields.append((field, try expression.value(value, expected: nil, at: step0Offset)))
            }
            if mayHaveLeft { written.lines.append("guard output.isActive else { return }") }
            let arguments = fields.map { "\(SwiftNames.field($0.name).swift): \($0.value.code)" }.joined(separator: ", ")
            let throwing = fields.contains { $0.value.throwing }
            written.lines += prelude.lines + [tried("output.present(\(names.flow(name)).Response(\(arguments)))", throwing)]
            written.response = fields
        }
        return written
    }

    /// Where a refusal about the use case as a whole points: its first step.
    private var step0Offset: Int { useCase.steps.first?.offset ?? 0 }

    /// One statement: what its expressions compute first, then the statement made by `make`.
    private func statement(_ scope: SwiftScope, _ taken: Prelude.Names, _ make: (SwiftExpression) throws(EjectRefusal) -> String)
        throws(EjectRefusal) -> [String]
    {
        let prelude = Prelude(names: taken)
        let line = try make(SwiftExpression(scope: scope, prelude: prelude))
        return prelude.lines + [line]
    }

    private func statements(_ step: Step, _ taken: Prelude.Names, _ scope: inout SwiftScope) throws(EjectRefusal) -> [String] {
        switch step.body {
        case let fetch as FetchStep: return try self.fetch(fetch, step, taken, &scope)
        case let set as SetStep:
            let expected = scope.types.declaredType(of: FieldPath(set.path.value))
            if let condition = set.condition { return try update(set, condition, expected, step, taken, scope) }
            return try statement(scope, taken) { expression throws(EjectRefusal) in
                let value = try expression.value(set.value, expected: expected, at: set.path.offset)
                return "try scene.set(\"\(set.path.value)\", to: \(SwiftExpression.bare(value)))"
            }
        case let store as StoreStep:
            let model = try providerModel(store.into)
            return try statement(scope, taken) { expression throws(EjectRefusal) in
                let value = try expression.value(store.value, expected: model, at: store.into.offset)
                return
                    "try await scene.provider(\"\(store.into.value)\", as: \(names.swift(model)).self).store(\(SwiftExpression.bare(value)))"
            }
        case let route as RouteStep:
            return try statement(scope, taken) { expression throws(EjectRefusal) in try self.route(route, step, expression) }
        case let validate as ValidateStep: return try self.validate(validate, step, taken, scope)
        case let fail as FailStep:
            return try statement(scope, taken) { expression throws(EjectRefusal) in
                let message = try expression.template(fail.message, at: step.offset)
                return tried("throw DisplayedError(\(message.code))", message.throwing)
            }
        case let bound as LetStep:
            guard scope.locals[bound.local] == nil else {
                throw EjectRefusal(offset: step.offset, reason: "the local '\(bound.local)' is bound twice, which is not ejected yet")
            }
            var type: TypeRef?
            let lines = try statement(scope, taken) { expression throws(EjectRefusal) in
                let value = try expression.value(bound.value, expected: nil, at: step.offset)
                type = value.type
                return tried("let \(taken.unique(SwiftNames.field(bound.local).swift)) = \(SwiftExpression.bare(value))", value.throwing)
            }
            guard let type else { throw EjectRefusal(offset: step.offset, reason: "a local bound to null has no type") }
            scope.locals[bound.local] = (type, taken.lastTaken)
            return lines
        case let work as WorkStep: return try self.work(work, step, taken, &scope)
        case let remove as RemoveStep:
            guard case let .list(element)? = scope.types.declaredType(of: FieldPath(remove.path.value))?.unwrapped else {
                throw EjectRefusal(offset: remove.path.offset, reason: "'\(remove.path.value)' is not declared a list")
            }
            let prelude = Prelude(names: taken)
            let matches = try perItem(
                "matches", .template(remove.condition), element, scope, prelude, at: remove.path.offset, expected: nil)
            return prelude.lines + matches.lines + ["try scene.remove(from: \"\(remove.path.value)\", where: \(matches.name))"]
        case let call as CallStep:
            guard call.local == nil else { throw EjectRefusal(offset: step.offset, reason: "'call' with 'as' is not ejected yet") }
            guard !call.request.isEmpty else { return ["try await scene.call(\"\(call.useCase.value)\")"] }
            let declared = scene.useCase(call.useCase.value)?.request ?? []
            return try statement(scope, taken) { expression throws(EjectRefusal) in
                var fields: [String] = []
                for (field, value) in call.request {
                    let type = declared.first { $0.name == field }?.type
                    let swift = try expression.value(value, expected: type, at: call.useCase.offset)
                    fields.append("\"\(SwiftExpression.escaped(field))\": \(swift.isNull ? "String?.none" : SwiftExpression.bare(swift))")
                }
                return "try await scene.call(\"\(call.useCase.value)\", request: SceneRecord([\(fields.joined(separator: ", "))]))"
            }
        default:
            throw EjectRefusal(offset: step.offset, reason: "the '\(step.typeName)' step is not ejected yet")
        }
    }

    private func fetch(_ fetch: FetchStep, _ step: Step, _ taken: Prelude.Names, _ scope: inout SwiftScope) throws(EjectRefusal)
        -> [String]
    {
        guard app.providers[fetch.from.value]?.collection == nil else {
            throw EjectRefusal(offset: fetch.from.offset, reason: "a collection's 'fetch' is not ejected yet")
        }
        guard let type = scope.types.locals(of: useCase)[fetch.local] else {
            throw EjectRefusal(offset: fetch.from.offset, reason: "what provider '\(fetch.from.value)' gives has no declared model")
        }
        let prelude = Prelude(names: taken)
        var query = "fetch()"
        if let args = fetch.args {
            guard case let .record(fields) = args else {
                throw EjectRefusal(offset: fetch.from.offset, reason: "'args' that are not written as a record are not ejected yet")
            }
            let expression = SwiftExpression(scope: scope, prelude: prelude)
            var arguments: [String] = []
            for field in fields {
                let value = try expression.value(field.value, expected: nil, at: fetch.from.offset)
                arguments.append("\"\(SwiftExpression.escaped(field.name))\": \(SwiftExpression.bare(value))")
            }
            query = "fetch(arguments: [\(arguments.isEmpty ? ":" : arguments.joined(separator: ", "))])"
        }
        let swift = try bind(fetch.local, type, step, taken, &scope)
        return prelude.lines + ["let \(swift) = try await scene.provider(\"\(fetch.from.value)\", as: \(names.swift(type)).self).\(query)"]
    }

    /// A `set` with `where`: each matching item of the list replaced by the value made from it.
    private func update(
        _ set: SetStep, _ condition: Template, _ declared: TypeRef?, _ step: Step, _ taken: Prelude.Names, _ scope: SwiftScope
    ) throws(EjectRefusal) -> [String] {
        guard case let .list(element)? = declared?.unwrapped else {
            throw EjectRefusal(offset: set.path.offset, reason: "'\(set.path.value)' is not declared a list")
        }
        let prelude = Prelude(names: taken)
        let matches = try perItem("matches", .template(condition), element, scope, prelude, at: set.path.offset)
        let updated = try perItem("updated", set.value, element, scope, prelude, at: set.path.offset, expected: element)
        return prelude.lines + matches.lines + updated.lines + [
            "try scene.update(\"\(set.path.value)\", where: \(matches.name), to: \(updated.name))"
        ]
    }

    /// A built-in worker through ``SceneWorkers``: a value given once computed before, a field
    /// named by its text, a per-item value as a closure over the typed item.
    private func work(_ work: WorkStep, _ step: Step, _ taken: Prelude.Names, _ scope: inout SwiftScope) throws(EjectRefusal)
        -> [String]
    {
        guard let worker = BuiltInWorker(rawValue: work.worker.value) else {
            throw EjectRefusal(offset: work.worker.offset, reason: "the app's Swift worker '\(work.worker.value)' is not ejected yet")
        }
        guard let type = scope.types.locals(of: useCase)[work.local] else {
            throw EjectRefusal(
                offset: work.worker.offset, reason: "what worker '\(work.worker.value)' gives cannot be known before running")
        }
        let prelude = Prelude(names: taken)
        let expression = SwiftExpression(scope: scope, prelude: prelude)
        let input = try expression.value(work.input, expected: nil, at: work.worker.offset)
        guard let inputType = input.type, case let .list(element) = inputType.unwrapped else {
            throw EjectRefusal(offset: work.worker.offset, reason: "worker '\(work.worker.value)' works on a value that is not a list")
        }
        var arguments: [String] = []
        var closures: [String] = []
        for (argument, value) in work.args {
            if worker.signature.perItem.contains(argument) {
                if case let .template(template) = value, let field = template.constant {
                    arguments.append("\"\(argument)\": .field(\"\(SwiftExpression.escaped(field))\")")
                    continue
                }
                let closure = try perItem(
                    work.worker.value + SwiftNames.upperCamel(argument), value, element, scope, prelude, at: work.worker.offset)
                closures += closure.lines
                arguments.append("\"\(argument)\": .each(\(closure.name))")
            } else {
                let once = try expression.value(value, expected: nil, at: work.worker.offset)
                arguments.append("\"\(argument)\": .value(\(SwiftExpression.bare(once)))")
            }
        }
        let swift = try bind(work.local, type, step, taken, &scope)
        let list = arguments.isEmpty ? "[:]" : "[\(arguments.joined(separator: ", "))]"
        let inputCode = inputType.isOptional ? "\(input.code) ?? []" : SwiftExpression.bare(input)
        return prelude.lines + closures + [
            "let \(swift) = try SceneWorkers.run(\"\(worker.rawValue)\", \(inputCode), \(list), format: scene.format) as \(names.swift(type))"
        ]
    }

    /// A value computed for each item, as a named closure over the typed item, `it`.
    private func perItem(
        _ base: String, _ value: ValueTemplate, _ element: TypeRef, _ scope: SwiftScope, _ prelude: Prelude, at offset: Int,
        expected: TypeRef? = nil
    ) throws(EjectRefusal) -> (name: String, lines: [String]) {
        var inner = scope
        inner.locals["it"] = (element, "it")
        let body = prelude.nested()
        let result = try SwiftExpression(scope: inner, prelude: body).value(value, expected: expected, at: offset)
        guard let resultType = result.type else { throw EjectRefusal(offset: offset, reason: "this gives null for every item") }
        let name = prelude.names.unique(base)
        let signature = "(\(names.swift(element))) throws -> \(names.swift(resultType))"
        let returned = (result.throwing ? "try " : "") + SwiftExpression.bare(result)
        if body.lines.isEmpty { return (name, ["let \(name): \(signature) = { it in \(returned) }"]) }
        return (name, ["let \(name): \(signature) = { it in"] + body.lines.map { "    " + $0 } + ["    return \(returned)", "}"])
    }

    /// The model a provider reads and stores, as the app declares it.
    private func providerModel(_ provider: Located<String>) throws(EjectRefusal) -> TypeRef {
        guard let declared = app.providers[provider.value], declared.collection == nil, let model = declared.model else {
            throw EjectRefusal(offset: provider.offset, reason: "provider '\(provider.value)' has no declared model, or is a collection")
        }
        if case .keyValue(default: .null) = declared.kind { return model.isOptional ? model : .optional(model) }
        return model
    }

    /// A new local: its Swift name, refused when the use case binds it twice.
    private func bind(_ local: String, _ type: TypeRef, _ step: Step, _ taken: Prelude.Names, _ scope: inout SwiftScope)
        throws(EjectRefusal) -> String
    {
        guard scope.locals[local] == nil else {
            throw EjectRefusal(offset: step.offset, reason: "the local '\(local)' is bound twice, which is not ejected yet")
        }
        let swift = taken.unique(SwiftNames.field(local).swift)
        scope.locals[local] = (type, swift)
        return swift
    }

    private func route(_ route: RouteStep, _ step: Step, _ expression: SwiftExpression) throws(EjectRefusal) -> String {
        var parts = ["to: " + (route.to.map { "\"\(SwiftExpression.escaped($0.value))\"" } ?? "nil"), "mode: .\(route.mode.rawValue)"]
        var throwing = false
        if !route.args.isEmpty {
            let declared = route.to.flatMap { scenes[$0.value] }?.args ?? []
            var arguments: [String] = []
            for (argument, value) in route.args {
                let type = declared.first { $0.name == argument.value }?.type
                let swift = try expression.value(value, expected: type, at: argument.offset)
                throwing = throwing || swift.throwing
                arguments.append("\"\(SwiftExpression.escaped(argument.value))\": \(swift.code)")
            }
            parts.append("arguments: [\(arguments.joined(separator: ", "))]")
        }
        if route.result != nil, route.args.isEmpty { parts.append("arguments: [:]") }
        if let result = route.result {
            let swift = try expression.value(result, expected: nil, at: step.offset)
            throwing = throwing || swift.throwing
            parts.append("result: \(swift.code)")
        }
        return tried("output.route(SceneRoute(\(parts.joined(separator: ", "))))", throwing)
    }

    /// Every rule checked, each broken one's message shown, and the use case stopped when
    /// any was broken, as the `validate` step does. A message is made only for a broken rule.
    private func validate(_ validate: ValidateStep, _ step: Step, _ taken: Prelude.Names, _ scope: SwiftScope) throws(EjectRefusal)
        -> [String]
    {
        var lines = ["do {", "    var problems: [String] = []"]
        // One prelude for the step: its rules read the same values, and nothing writes between them.
        let prelude = Prelude(names: taken)
        let expression = SwiftExpression(scope: scope, prelude: prelude)
        for (check, message) in validate.rules {
            let test = try expression.template(check, at: step.offset)
            let inner = prelude.nested()
            let text = try SwiftExpression(scope: scope, prelude: inner).template(message, at: step.offset)
            lines += prelude.take().map { "    " + $0 }
            lines.append("    if \(tried("!" + expression.condition(test), test.throwing)) {")
            lines += inner.lines.map { "        " + $0 }
            lines.append("        \(tried("problems.append(\(text.code))", text.throwing))")
            lines.append("    }")
        }
        lines += [
            "    for problem in problems { output.report(DisplayedError(problem)) }", "    guard problems.isEmpty else { return }", "}"
        ]
        return lines
    }

    /// `code` with `try` in front when any part of it may throw.
    private func tried(_ code: String, _ throwing: Bool) -> String { throwing ? "try " + code : code }
}
