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
    }

    func write(_ scope: SwiftScope) throws(EjectRefusal) -> Written {
        var scope = scope
        let taken = Prelude.Names()
        var written = Written()
        var mayHaveLeft = false
        written.lines = try steps(useCase.steps, index: nil, taken, &scope, &mayHaveLeft)
        if let response = useCase.response, !Self.ends(written.lines) {
            let prelude = Prelude(names: taken)
            let expression = SwiftExpression(scope: scope, prelude: prelude)
            var fields: [(name: String, value: SwiftValue)] = []
            for (field, value) in response {
                let swift = try expression.value(value, expected: nil, at: step0Offset)
                try Self.checkField(field, swift, at: step0Offset)
                fields.append((field, swift))
            }
            if mayHaveLeft { written.lines.append("guard output.isActive else { return }") }
            let arguments = fields.map { "\(SwiftNames.field($0.name).swift): \($0.value.code)" }.joined(separator: ", ")
            let throwing = fields.contains { $0.value.throwing }
            written.lines += prelude.lines + [tried("output.present(\(names.flow(name)).Response(\(arguments)))", throwing)]
            written.response = fields
        }
        return written
    }

    /// Steps in order, each under its `if`; a handler's steps share their step's number.
    func steps(_ steps: [Step], index: Int?, _ taken: Prelude.Names, _ scope: inout SwiftScope, _ mayHaveLeft: inout Bool)
        throws(EjectRefusal) -> [String]
    {
        var lines: [String] = []
        for (position, step) in steps.enumerated() {
            // After a route or a wait the scene may have been left; a step then runs no more,
            // as the runtime's steps stop once their scene is gone.
            if mayHaveLeft { lines.append("guard output.isActive else { return }") }
            let before = scope
            var body = try statements(step, index ?? position + 1, taken, &scope)
            if let condition = step.condition {
                let prelude = Prelude(names: taken)
                let expression = SwiftExpression(scope: before, prelude: prelude)
                let test = try expression.template(condition, at: step.offset)
                let check = test.type == .bool ? SwiftExpression.bare(test) : expression.condition(test)
                var declared: [String] = []
                var otherwise: [String] = []
                // A step skipped by its `if` leaves its local null.
                if let local = step.binding, let bound = scope.locals[local] {
                    let type = bound.type.isOptional ? bound.type : .optional(bound.type)
                    scope.locals[local] = (type, bound.swift)
                    body = body.compactMap { line in
                        if line == "let \(bound.swift): \(names.swift(bound.type))" { return nil }
                        return line.hasPrefix("let \(bound.swift) = ") ? String(line.dropFirst(4)) : line
                    }
                    declared = ["let \(bound.swift): \(names.swift(type))"]
                    otherwise = ["} else {", "    \(bound.swift) = nil"]
                }
                body = prelude.lines + declared + ["if \(tried(check, test.throwing)) {"] + body.map { "    " + $0 } + otherwise + ["}"]
            }
            lines += body
            // A `fail` with no `if` ends the use case: the steps after it never run.
            if step.body is FailStep, step.condition == nil { break }
            // Only a route, or a wait during which the person may go back, can leave the scene.
            mayHaveLeft = step.body is RouteStep || step.type.handlesFailure && !(step.body is WorkStep)
        }
        return lines
    }

    /// A field of a struct eject writes: a name Swift can spell, and a type it can store.
    static func checkField(_ name: String, _ value: SwiftValue? = nil, at offset: Int, called: String = "the field")
        throws(EjectRefusal)
    {
        guard EjectCommand.isIdentifier(name) || SwiftNames.unusableFields.contains(name) else {
            throw EjectRefusal(offset: offset, reason: "\(called) '\(name)' has no Swift name; name it with letters, digits and '_'")
        }
        if let value, value.type == SwiftExpression.record || value.type == .list(SwiftExpression.record) {
            throw EjectRefusal(
                offset: offset, reason: "the field '\(name)' is a record written in place, which is not ejected yet; give it a model")
        }
    }

    /// Whether these lines always end the use case: their last statement throws.
    static func ends(_ lines: [String]) -> Bool { lines.last?.hasPrefix("throw ") == true }

    /// Where a refusal about the use case as a whole points: its first step.
    private var step0Offset: Int { useCase.steps.first?.offset ?? 0 }

    /// One statement: what its expressions compute first, then the statement made by `make`.
    func statement(_ scope: SwiftScope, _ taken: Prelude.Names, _ make: (SwiftExpression) throws(EjectRefusal) -> String)
        throws(EjectRefusal) -> [String]
    {
        let prelude = Prelude(names: taken)
        let line = try make(SwiftExpression(scope: scope, prelude: prelude))
        return prelude.lines + line.split(separator: "\n").map(String.init)
    }

    private func statements(_ step: Step, _ index: Int, _ taken: Prelude.Names, _ scope: inout SwiftScope) throws(EjectRefusal)
        -> [String]
    {
        if step.type.handlesFailure { return try failing(step, index, taken, &scope) }
        switch step.body {
        case let set as SetStep:
            let expected = scope.types.declaredType(of: FieldPath(set.path.value))
            if let condition = set.condition { return try update(set, condition, expected, taken, scope) }
            return try statement(scope, taken) { expression throws(EjectRefusal) in
                let value = try expression.value(set.value, expected: expected, at: set.path.offset, checkedByRuntime: true)
                return "try scene.set(\"\(set.path.value)\", to: \(SwiftExpression.bare(value)))"
            }
        case let route as RouteStep:
            return try statement(scope, taken) { expression throws(EjectRefusal) in try self.route(route, step, expression) }
        case let validate as ValidateStep: return try self.validate(validate, step, taken, scope)
        case let fail as FailStep:
            return try statement(scope, taken) { expression throws(EjectRefusal) in
                let message = try expression.template(fail.message, at: step.offset)
                return "throw DisplayedError(\(message.throwing ? "try " : "")\(SwiftExpression.text(message)))"
            }
        case let bound as LetStep:
            guard scope.locals[bound.local] == nil else {
                throw EjectRefusal(offset: step.offset, reason: "the local '\(bound.local)' is bound twice, which is not ejected yet")
            }
            var type: TypeRef?
            let lines = try statement(scope, taken) { expression throws(EjectRefusal) in
                let value = try expression.value(bound.value, expected: nil, at: step.offset)
                type = value.type
                return "let \(taken.unique(SwiftNames.field(bound.local).swift)) = \(tried(SwiftExpression.bare(value), value.throwing))"
            }
            guard let type else { throw EjectRefusal(offset: step.offset, reason: "a local bound to null has no type") }
            scope.locals[bound.local] = (type, taken.lastTaken)
            return lines
        case let remove as RemoveStep:
            guard case let .list(element)? = scope.types.declaredType(of: FieldPath(remove.path.value))?.unwrapped else {
                throw EjectRefusal(offset: remove.path.offset, reason: "'\(remove.path.value)' is not declared a list")
            }
            let prelude = Prelude(names: taken)
            let matches = try perItem("matches", .template(remove.condition), element, scope, prelude, at: remove.path.offset)
            return prelude.lines + matches.lines + ["try scene.remove(from: \"\(remove.path.value)\", where: \(matches.name))"]
        default:
            throw EjectRefusal(offset: step.offset, reason: "the '\(step.typeName)' step is not ejected yet")
        }
    }

    /// A `set` with `where`: each matching item of the list replaced by the value made from it.
    private func update(_ set: SetStep, _ condition: Template, _ declared: TypeRef?, _ taken: Prelude.Names, _ scope: SwiftScope)
        throws(EjectRefusal) -> [String]
    {
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

    /// A value computed for each item, as a named closure over the typed item, `it`.
    func perItem(
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

    private func route(_ route: RouteStep, _ step: Step, _ expression: SwiftExpression) throws(EjectRefusal) -> String {
        var parts = ["to: " + (route.to.map { "\"\(SwiftExpression.escaped($0.value))\"" } ?? "nil"), "mode: .\(route.mode.rawValue)"]
        var throwing = false
        if !route.args.isEmpty {
            let declared = route.to.flatMap { scenes[$0.value] }?.args ?? []
            var arguments: [String] = []
            for (argument, value) in route.args {
                let type = declared.first { $0.name == argument.value }?.type
                let swift = try expression.value(value, expected: type, at: argument.offset, checkedByRuntime: true)
                throwing = throwing || swift.throwing
                arguments.append("\"\(SwiftExpression.escaped(argument.value))\": \(SwiftExpression.bare(swift))")
            }
            parts.append("arguments: [\(arguments.joined(separator: ", "))]")
        }
        if route.result != nil, route.args.isEmpty { parts.append("arguments: [:]") }
        var check = ""
        if let result = route.result {
            let swift = try expression.value(result, expected: nil, at: step.offset)
            throwing = throwing || swift.throwing
            let value = swift.isNull ? "String?.none" : SwiftExpression.bare(swift)
            parts.append("result: \(value)")
            // A result that does not fit the receiving scene's `onResult` is refused before anything moves.
            if route.mode == .back || route.mode == .dismiss {
                check = "try scene.checkResult(\(value), dismissing: \(route.mode == .dismiss))\n"
            }
        }
        return check + tried("output.route(SceneRoute(\(parts.joined(separator: ", "))))", throwing)
    }

    /// Every rule checked, each broken one's message shown, and the use case stopped when
    /// any was broken, as the `validate` step does. A message is made only for a broken rule.
    private func validate(_ validate: ValidateStep, _ step: Step, _ taken: Prelude.Names, _ scope: SwiftScope) throws(EjectRefusal)
        -> [String]
    {
        var lines = ["do {", "    var broken = false"]
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
            // Each broken rule's message shows as the rule is found broken, as the runtime reports it.
            lines.append("        \(tried("output.report(DisplayedError(\(SwiftExpression.text(text))))", text.throwing))")
            lines.append("        broken = true")
            lines.append("    }")
        }
        // Stopped as the runtime stops it: what the use case wrote to collections is undone.
        lines += ["    if broken { throw UseCaseStopped() }", "}"]
        return lines
    }

    /// `code` with `try` in front when any part of it may throw.
    func tried(_ code: String, _ throwing: Bool) -> String { throwing ? "try " + code : code }
}
