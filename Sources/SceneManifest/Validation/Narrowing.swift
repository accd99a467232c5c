/// What a check proves is not null. A path — `request.title`, `state.user.name`, a local —
/// is known not to be null where a condition that holds only when it is not has been met:
/// inside a step whose `if` tests it, and after a `validate` rule that tests it or a
/// `fail` step whose `if` is that it is null. A `T?` read there is used as a `T`.
///
/// A test is the path itself (truthy), `x != null`, `null != x`, `!(x == null)`, `count(x) > 0`
/// and `&&` of tests when it must hold; `x == null`, `!x` and `||` of those when it must not.
public enum Narrowing {
    /// The paths `condition` proves are not null when it is `holds`.
    public static func nonNull(_ condition: Expression, holds: Bool) -> Set<String> {
        switch condition.kind {
        case let .binary(.and, left, right) where holds:
            return nonNull(left, holds: true).union(nonNull(right, holds: true))
        case let .binary(.or, left, right) where !holds:
            return nonNull(left, holds: false).union(nonNull(right, holds: false))
        case let .unary(.not, operand):
            return nonNull(operand, holds: !holds)
        case let .binary(op, left, right) where op == .notEqual || op == .equal:
            // `x != null` holding, or `x == null` failing.
            guard (op == .notEqual) == holds else { return [] }
            if case .literal(.null) = right.kind, let path = path(of: left) { return [path] }
            if case .literal(.null) = left.kind, let path = path(of: right) { return [path] }
            return []
        case let .binary(.greater, left, right) where holds:
            // `count(x) > 0`: a list or text with something in it.
            if case let .call("count", arguments) = left.kind, arguments.count == 1, case .literal(.number(0)) = right.kind,
               let path = path(of: arguments[0]) { return [path] }
            return []
        default:
            guard holds, let path = path(of: condition) else { return [] }
            return [path]
        }
    }

    /// `request.title` for a path of names and fields; nil for anything else.
    public static func path(of expression: Expression) -> String? {
        switch expression.kind {
        case let .name(name): return name
        case let .member(base, field): return path(of: base).map { "\($0).\(field)" }
        default: return nil
        }
    }

    /// The paths proved in `template` when it is one expression.
    static func nonNull(_ template: Template?, holds: Bool) -> Set<String> {
        guard let expression = template?.single else { return [] }
        return nonNull(expression, holds: holds)
    }
}
