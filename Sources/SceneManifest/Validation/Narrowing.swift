/// What a check proves is not null. A path — `request.title`, `state.user.name`, a local —
/// is known not to be null where a condition that holds only when it is not has been met:
/// inside a step whose `if` tests it, and after a `validate` rule that tests it or a
/// `fail` step whose `if` is that it is null. A `T?` read there is used as a `T`.
///
/// A test is the path itself (truthy), `x != null`, `null != x`, `!(x == null)`, `count(x) > 0`
/// and `&&` of tests when it must hold; `x == null`, `!x` and `||` of those when it must not.
public enum Narrowing {
    /// How to prove a value is not null, for every W006 finding.
    static let checkFirstHint: Hint =
        "check it first — an 'if' on the step, a validate rule, a 'fail' if it is null — or give a default with '??'"

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
                let path = path(of: arguments[0])
            {
                return [path]
            }
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
        case let .index(base, index):
            // `L[i]` and `L[i - 1]`, the items a bounds check can prove (``inRange(_:holds:)``).
            guard let list = path(of: base) else { return nil }
            if let position = path(of: index) { return "\(list)[\(position)]" }
            if case let .binary(.subtract, left, right) = index.kind, case .literal(.number(1)) = right.kind, let position = path(of: left)
            {
                return "\(list)[\(position) - 1]"
            }
            return nil
        default: return nil
        }
    }

    /// The list items a bounds check proves are there: `L[i - 1]` where `i >= 1 && i <=
    /// count(L)` holds (or `i < 1 || i > count(L)` fails, as a `fail` step's `if`), and
    /// `L[i]` for `i >= 0 && i < count(L)`. Named as ``path(of:)`` names the index.
    public static func inRange(_ condition: Expression, holds: Bool) -> Set<String> {
        // Only a comparison with `count(…)` can bound an index: most conditions have none.
        guard mentionsCount(condition) else { return [] }
        var atoms: [(op: BinaryOperator, left: Expression, right: Expression)] = []
        collect(condition, holds: holds, into: &atoms)
        var lowest: [String: Int] = [:]  // index path → the least value proved
        var below: [(index: String, list: String, strict: Bool)] = []
        for atom in atoms {
            // Written with the index on the left: `1 <= i` is `i >= 1`.
            let (op, left, right) = path(of: atom.left) == nil ? (atom.op.mirrored, atom.right, atom.left) : atom
            guard let index = path(of: left) else { continue }
            if case let .literal(.number(bound)) = right.kind, let whole = bound.exactInt {
                if op == .greaterOrEqual { lowest[index] = max(lowest[index] ?? .min, whole) }
                if op == .greater { lowest[index] = max(lowest[index] ?? .min, whole + 1) }
            }
            if case let .call("count", arguments) = right.kind, arguments.count == 1, let list = path(of: arguments[0]),
                op == .less || op == .lessOrEqual
            {
                below.append((index, list, op == .less))
            }
        }
        var proved: Set<String> = []
        for bound in below {
            guard let least = lowest[bound.index] else { continue }
            if !bound.strict, least >= 1 { proved.insert("\(bound.list)[\(bound.index) - 1]") }
            if bound.strict, least >= 0 { proved.insert("\(bound.list)[\(bound.index)]") }
        }
        return proved
    }

    private static func mentionsCount(_ expression: Expression) -> Bool {
        switch expression.kind {
        case let .binary(_, left, right): return mentionsCount(left) || mentionsCount(right)
        case let .unary(_, operand): return mentionsCount(operand)
        case let .call(name, _): return name == "count"
        default: return false
        }
    }

    /// The comparisons that must all hold: the atoms of `&&` when it holds, and the negated
    /// atoms of `||` when it does not.
    private static func collect(
        _ condition: Expression, holds: Bool, into atoms: inout [(op: BinaryOperator, left: Expression, right: Expression)]
    ) {
        switch condition.kind {
        case let .binary(.and, left, right) where holds:
            collect(left, holds: true, into: &atoms)
            collect(right, holds: true, into: &atoms)
        case let .binary(.or, left, right) where !holds:
            collect(left, holds: false, into: &atoms)
            collect(right, holds: false, into: &atoms)
        case let .unary(.not, operand):
            collect(operand, holds: !holds, into: &atoms)
        case let .binary(op, left, right):
            guard let op = holds ? op : op.negatedComparison else { return }
            atoms.append((op, left, right))
        default:
            break
        }
    }

    /// The paths proved in `template` when it is one expression.
    static func nonNull(_ template: Template?, holds: Bool) -> Set<String> {
        guard let expression = template?.single else { return [] }
        return nonNull(expression, holds: holds).union(inRange(expression, holds: holds))
    }
}

extension BinaryOperator {
    /// The comparison with its sides swapped: `a < b` is `b > a`.
    var mirrored: BinaryOperator {
        switch self {
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: self
        }
    }

    /// The comparison that holds when this one does not, or nil for other operators.
    var negatedComparison: BinaryOperator? {
        switch self {
        case .less: .greaterOrEqual
        case .lessOrEqual: .greater
        case .greater: .lessOrEqual
        case .greaterOrEqual: .less
        case .equal: .notEqual
        case .notEqual: .equal
        default: nil
        }
    }
}
