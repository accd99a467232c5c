/// A check that reads one way and holds another for a missing value (W006): a function that
/// gives null for null (`trim`, `upper`, `date`, `currency`, …) compared with a value, where
/// its argument may be null. `@{trim(request.name) != ''}` reads "a name was given", but
/// `trim(null)` is null and `null != ''` holds, so a missing name passes the rule.
///
/// Checked in the places a comparison decides something: a `validate` rule's `check` and a
/// step's `if`. The argument counts as not null where a check before proved it
/// (``Narrowing``), so `@{request.name && trim(request.name) != ''}` is clean.
struct NullPassingCheck {
    let types: StaticTypes
    let useCase: UseCaseDefinition
    let locals: [String: TypeRef]
    let reader: ManifestReader

    func check(_ template: Template?) {
        guard let template, let expression = template.single else { return }
        walk(expression, in: template, types)
    }

    /// Walks `expression`, narrowing the right side of `&&` and `||` by what its left side proves.
    private func walk(_ expression: Expression, in template: Template, _ types: StaticTypes) {
        switch expression.kind {
        case let .binary(.and, left, right):
            walk(left, in: template, types)
            walk(right, in: template, types.narrowed(by: left, holds: true))
        case let .binary(.or, left, right):
            walk(left, in: template, types)
            walk(right, in: template, types.narrowed(by: left, holds: false))
        case let .binary(op, left, right) where Self.comparisons.contains(op):
            warnIfNullPasses(left, comparedWith: right, in: template, types)
            warnIfNullPasses(right, comparedWith: left, in: template, types)
        case let .unary(.not, operand):
            walk(operand, in: template, types)
        default:
            break
        }
    }

    private func warnIfNullPasses(_ side: Expression, comparedWith other: Expression, in template: Template, _ types: StaticTypes) {
        guard case let .call(name, arguments) = side.kind, FunctionTable.passesNull(name), let argument = arguments.first,
            !Self.isNullLiteral(other), let type = types.infer(argument, useCase: useCase, locals: locals), type.isOptional
        else { return }
        let read = Narrowing.path(of: argument).map { "'\($0)'" } ?? "its argument"
        let at = template.origin.map { reader.source.offset(inStringAt: $0, decodedIndex: side.offset) } ?? 0
        reader.warning(
            .mayBeNull,
            "\(read) may be null here (\(type)), and \(name)() gives null for null: this comparison does not test "
                + "that a value was given", at: at, reader.pointer(to: at),
            hint: "check it first (@{\(Narrowing.path(of: argument) ?? "x") && …}) or give a default with '??'")
    }

    private static let comparisons: Set<BinaryOperator> = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]

    private static func isNullLiteral(_ expression: Expression) -> Bool {
        if case .literal(.null) = expression.kind { return true }
        return false
    }
}
