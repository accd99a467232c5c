/// A parsed expression. Offsets are UTF-8 byte positions inside the decoded JSON string,
/// which the validator maps back to the file's line and column.
public struct Expression: Sendable, Equatable {
    /// Only the cases holding an expression directly are boxed: leaves, lists and calls are
    /// stored in place, which saves an allocation for about half the nodes of a tree.
    public enum Kind: Sendable, Equatable {
        case literal(SceneValue)
        case list([Expression])
        /// A record literal, `{name: x, 'full name': y}`: fields in the order written.
        case record([RecordField])
        /// A root (`request`, `state`, …), a local bound by `as`, or `it`.
        case name(String)
        indirect case member(Expression, String)
        indirect case index(Expression, Expression)
        indirect case unary(UnaryOperator, Expression)
        indirect case binary(BinaryOperator, Expression, Expression)
        indirect case conditional(Expression, Expression, Expression)
        /// A function call; `x | f(a)` is parsed as `f(x, a)`.
        case call(String, [Expression])
    }

    public let kind: Kind
    public let offset: Int
    /// Levels of the tree below and including this node (a literal is 1). The parser bounds
    /// it, so every recursive walk over a parsed expression is bounded too.
    public let depth: Int
    /// Whether an arithmetic or ordering operation (`+ - * / % < <= > >=`, unary `-`) is in
    /// the tree: the validator's operand checks walk only such expressions.
    public let hasOperation: Bool

    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
        // Without building an array of children: this runs for every node the parser makes.
        let below =
            switch kind {
            case .literal, .name: 0
            case let .list(items): items.reduce(0) { max($0, $1.depth) }
            case let .record(fields): fields.reduce(0) { max($0, $1.value.depth) }
            case let .member(base, _): base.depth
            case let .index(base, index): max(base.depth, index.depth)
            case let .unary(_, operand): operand.depth
            case let .binary(_, left, right): max(left.depth, right.depth)
            case let .conditional(condition, then, otherwise): max(condition.depth, then.depth, otherwise.depth)
            case let .call(_, arguments): arguments.reduce(0) { max($0, $1.depth) }
            }
        depth = 1 + below
        hasOperation =
            switch kind {
            case .literal, .name: false
            case let .list(items): items.contains { $0.hasOperation }
            case let .record(fields): fields.contains { $0.value.hasOperation }
            case let .member(base, _): base.hasOperation
            case let .index(base, index): base.hasOperation || index.hasOperation
            case let .unary(op, operand): op == .negate || operand.hasOperation
            case let .binary(op, left, right):
                switch op {
                case .add, .subtract, .multiply, .divide, .remainder, .less, .lessOrEqual, .greater, .greaterOrEqual: true
                case .equal, .notEqual, .and, .or, .coalesce: left.hasOperation || right.hasOperation
                }
            case let .conditional(condition, then, otherwise): condition.hasOperation || then.hasOperation || otherwise.hasOperation
            case let .call(_, arguments): arguments.contains { $0.hasOperation }
            }
    }

    public static func == (lhs: Expression, rhs: Expression) -> Bool { lhs.kind == rhs.kind && lhs.offset == rhs.offset }
}

/// One field of a record literal: its name, where the name was written, and its value.
public struct RecordField: Sendable, Equatable {
    public let name: String
    public let offset: Int
    public let value: Expression

    public init(name: String, offset: Int, value: Expression) {
        self.name = name
        self.offset = offset
        self.value = value
    }
}

public enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}

public enum BinaryOperator: String, Sendable {
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case add = "+"
    case subtract = "-"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case equal = "=="
    case notEqual = "!="
    case and = "&&"
    case or = "||"
    case coalesce = "??"
}

/// A string that may hold `@{ … }` expressions. A string that is one expression and nothing
/// else keeps the value's type; otherwise the parts are joined as text. `\@{` is a literal `@{`.
public struct Template: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case text(String)
        case expression(Expression)
    }

    public let parts: [Part]
    /// The file offset of the JSON string the template was read from (its opening quote),
    /// or nil for a template made in code; positions inside it map back through it.
    public var origin: Int?

    public init(parts: [Part], origin: Int? = nil) {
        self.parts = parts
        self.origin = origin
    }

    /// Templates are equal when their parts are; where they came from does not matter.
    public static func == (lhs: Template, rhs: Template) -> Bool { lhs.parts == rhs.parts }

    /// The expression when the template is exactly one expression.
    public var single: Expression? {
        if parts.count == 1, case let .expression(expression) = parts[0] { return expression }
        return nil
    }

    /// The template's constant text when it has no expressions.
    public var constant: String? {
        var text = ""
        for part in parts {
            guard case let .text(piece) = part else { return nil }
            text += piece
        }
        return text
    }

    public var expressions: [Expression] {
        parts.compactMap { if case let .expression(expression) = $0 { expression } else { nil } }
    }
}

/// A mistake in an expression, at a byte offset inside the decoded string.
public struct ExpressionError: Error, Equatable, Sendable {
    public let code: DiagnosticCode
    public let message: String
    public let offset: Int
    public let hint: Hint?

    public init(_ code: DiagnosticCode, _ message: String, at offset: Int, hint: Hint? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.hint = hint
    }
}
