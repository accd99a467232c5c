/// Reading values, templates and expressions, with the references they make.
extension ManifestReader {
    // MARK: - Values and expressions

    /// The file offset of a byte inside the string at `node`.
    func offsetInString(_ node: Node, _ index: Int) -> Int {
        source.offset(inStringAt: node.offset, decodedIndex: index)
    }

    /// A template string, parsed and checked against `scope` (E4xx at the offending token).
    func template(_ node: Node, scope: ExpressionScope?, what: @autoclosure () -> String) -> Template? {
        guard node.value.isString else {
            _ = string(node, what: what())
            return nil
        }
        return template(node, scope: scope)
    }

    /// The template of the string at `node`, parsed from the file's bytes where it has no
    /// escapes (most have none), else from its decoded text.
    private func template(_ node: Node, scope: ExpressionScope?) -> Template? {
        let tape = node.value.tape, position = node.value.position
        do {
            var template =
                tape[position].escaped
                ? try ExpressionParser.template(tape.string(at: position))
                : try tape.withToken(at: position) { bytes throws(ExpressionError) in try ExpressionParser.template(bytes) }
            template.origin = node.offset
            for case let .expression(expression) in template.parts {
                if let scope {
                    for problem in ExpressionChecker.check(expression, in: scope) { report(problem, node) }
                }
                collectReferences(expression, node)
                if expression.hasOperation { operationsRead += 1 }
            }
            return template
        } catch {
            report(error, node)
            return nil
        }
    }

    /// An expression that must be written as one `@{ … }`, or a plain boolean for `if`.
    func condition(_ node: Node, scope: ExpressionScope?, what: @autoclosure () -> String) -> Template? {
        if case let .bool(value) = node.value.kind { return Template(parts: [.expression(Expression(.literal(.bool(value)), at: 0))]) }
        guard let template = template(node, scope: scope, what: what()) else { return nil }
        guard template.single != nil else {
            error(.wrongType, "\(what()) must be a single expression like '@{count(state.items) > 0}'", at: node.offset, node.pointer)
            return nil
        }
        return template
    }

    func collectReferences(_ expression: Expression, _ node: Node) {
        var collector = ReferenceCollector(reader: self, origin: node.offset)
        ExpressionWalker.walk(expression, &collector)
    }

    /// Notes the `state.`/`args.` fields and literal translation keys an expression reads.
    struct ReferenceCollector: ExpressionVisitor {
        let reader: ManifestReader
        /// The template's string: where a translation key's pointer points.
        let origin: Int

        mutating func visit(_ expression: Expression) {
            switch expression.kind {
            case let .member(base, field):
                guard case let .name(root) = base.kind else { return }
                if root == "state" { reader.stateFieldsRead.insert(field) } else if root == "args" { reader.argsFieldsRead.insert(field) }
            case let .call("t", arguments):
                if let first = arguments.first, case let .literal(.string(key)) = first.kind {
                    let offset = reader.source.offset(inStringAt: origin, decodedIndex: first.offset)
                    reader.translationKeys.append(Located(key, offset: offset, valueOffset: origin))
                }
            default:
                break
            }
        }
    }

    func report(_ problem: ExpressionError, _ node: Node) {
        error(problem.code, problem.message, at: offsetInString(node, problem.offset), node.pointer, hint: problem.hint)
    }

    /// Any JSON value in a value position, strings parsed as templates.
    func valueTemplate(_ node: Node, scope: ExpressionScope?) -> ValueTemplate {
        switch node.value.kind {
        case .null: return .constant(.null)
        case let .bool(value): return .constant(.bool(value))
        case let .number(text): return .constant(number(text, node))
        case .string: return template(node, scope: scope).map(ValueTemplate.template) ?? .constant(.null)
        case let .array(elements):
            return .list(elements.enumerated().map { valueTemplate(node.child($0.element), scope: scope) })
        case let .object(members):
            return .record(
                distinctMembers(node, members).map {
                    .init(name: $0.key, value: valueTemplate($0.node, scope: scope), keyOffset: $0.keyOffset)
                })
        }
    }

    /// A constant JSON value (a default): no expressions.
    func constant(_ node: Node) -> SceneValue {
        switch node.value.kind {
        case .null: return .null
        case let .bool(value): return .bool(value)
        case let .number(text): return number(text, node)
        case let .string(text): return .string(text)
        case let .array(elements): return .list(elements.enumerated().map { constant(node.child($0.element)) })
        case let .object(members):
            var record = Record()
            for member in members { record[member.key] = constant(node.child(member.value)) }
            return .record(record)
        }
    }

    /// A constant that must fit `type` (a provider's `value` or `default` against its
    /// `model`), checked where it is written: a value
    /// that does not fit is E314 at the value, and text that looks like an expression is
    /// W005, since constants are not templates. Null is checked only when `nullFits` is false.
    func constant(
        _ node: Node, fitting type: TypeRef?, models: [String: ModelDefinition], what: String, nullFits: Bool = true,
        warnsOfExpressions: Bool = true
    ) -> SceneValue {
        let value = constant(node)
        if warnsOfExpressions { warnOfExpressions(in: node, what: what) }
        guard let type, !(nullFits && value == .null), let problem = type.mismatch(of: value, models: models) else { return value }
        error(
            .typeMismatch, "\(what) does not fit \(type): \(problem)", at: node.offset, node.pointer,
            hint: "change the value, or the declared type")
        return value
    }

    func warnOfExpressions(in node: Node, what: String) {
        switch node.value.kind {
        case let .string(text) where text.contains("@{"):
            warning(
                .expressionInConstant, "\(what) holds '@{' in a constant, which is kept as text: constants are not templates",
                at: node.offset, node.pointer,
                hint: "compute the value in a use case (a 'set' or 'store' step), or leave out '@{' if the text is meant")
        case let .array(elements):
            for element in elements { warnOfExpressions(in: node.child(element), what: what) }
        case let .object(members):
            for member in members { warnOfExpressions(in: node.child(member.value), what: what) }
        default: break
        }
    }

    func number(_ text: String, _ node: Node) -> SceneValue {
        guard let decimal = DecimalText.parse(text) else {
            error(
                .numberOutOfRange, "number \(text) is out of range", at: node.offset, node.pointer,
                hint: "numbers keep 38 significant digits and exponents from -128 to 127")
            return .null
        }
        return .number(decimal)
    }

    /// The members of the object at `node`, each a value, with the place of each name.
    func locatedFields(_ node: Node, what: @autoclosure () -> String, scope: ExpressionScope) -> [(
        name: Located<String>, value: ValueTemplate
    )] {
        map(node, what: what()).map {
            (Located($0.key, offset: $0.keyOffset, valueOffset: $0.node.offset), valueTemplate($0.node, scope: scope))
        }
    }
}
