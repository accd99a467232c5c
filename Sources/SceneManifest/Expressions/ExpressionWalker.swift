/// Visits every node of an expression, parents before children.
public enum ExpressionWalker {
    public static func visit(_ expression: Expression, _ body: (Expression) -> Void) {
        body(expression)
        switch expression.kind {
        case .literal, .name: break
        case let .list(items): for item in items { visit(item, body) }
        case let .member(base, _): visit(base, body)
        case let .index(base, index): visit(base, body); visit(index, body)
        case let .unary(_, operand): visit(operand, body)
        case let .binary(_, left, right): visit(left, body); visit(right, body)
        case let .conditional(condition, then, otherwise): visit(condition, body); visit(then, body); visit(otherwise, body)
        case let .call(_, arguments): for argument in arguments { visit(argument, body) }
        }
    }
}
