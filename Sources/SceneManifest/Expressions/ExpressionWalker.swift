/// Something that looks at each node of an expression in turn.
public protocol ExpressionVisitor {
    mutating func visit(_ expression: Expression)
}

/// Visits every node of an expression, parents before children.
///
/// Walks are generic over the visitor rather than taking a closure: the validator walks
/// every expression of every scene, and a closure capturing definitions copied them per node.
public enum ExpressionWalker {
    public static func walk<Visitor: ExpressionVisitor>(_ expression: Expression, _ visitor: inout Visitor) {
        visitor.visit(expression)
        switch expression.kind {
        case .literal, .name: break
        case let .list(items): for item in items { walk(item, &visitor) }
        case let .record(fields): for field in fields { walk(field.value, &visitor) }
        case let .member(base, _): walk(base, &visitor)
        case let .index(base, index):
            walk(base, &visitor)
            walk(index, &visitor)
        case let .unary(_, operand): walk(operand, &visitor)
        case let .binary(_, left, right):
            walk(left, &visitor)
            walk(right, &visitor)
        case let .conditional(condition, then, otherwise):
            walk(condition, &visitor)
            walk(then, &visitor)
            walk(otherwise, &visitor)
        case let .call(_, arguments): for argument in arguments { walk(argument, &visitor) }
        }
    }

}

extension Expression {
    /// Whether the name `name` (a root, a local, `it`) is read anywhere in the expression.
    public func mentions(_ name: String) -> Bool {
        var finder = NameFinder(name: name)
        ExpressionWalker.walk(self, &finder)
        return finder.found
    }
}

/// Finds one name among an expression's nodes.
private struct NameFinder: ExpressionVisitor {
    let name: String
    var found = false

    mutating func visit(_ expression: Expression) {
        if !found, case let .name(read) = expression.kind, read == name { found = true }
    }
}

extension Template {
    /// Whether any of the template's expressions reads the name `name`.
    public func mentions(_ name: String) -> Bool {
        parts.contains { if case let .expression(expression) = $0 { expression.mentions(name) } else { false } }
    }
}

extension ValueTemplate {
    /// Whether any expression inside reads the name `name`.
    public func mentions(_ name: String) -> Bool {
        switch self {
        case .constant: false
        case let .template(template): template.mentions(name)
        case let .list(items): items.contains { $0.mentions(name) }
        case let .record(fields): fields.contains { $0.value.mentions(name) }
        }
    }
}
