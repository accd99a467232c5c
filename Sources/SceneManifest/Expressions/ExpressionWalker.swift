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
