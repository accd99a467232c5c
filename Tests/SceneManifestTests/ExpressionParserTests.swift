import Foundation
import Testing

@testable import SceneManifest

@Suite struct ExpressionParserTests {
    @Test func pipesBindLoosestAndCallTheFunctionWithTheLeftSideFirst() throws {
        let expression = try ExpressionParser.expression("a + 1 | round(2)")
        guard case let .call("round", arguments) = expression.kind else {
            Issue.record("not a call")
            return
        }
        #expect(arguments.count == 2)
        if case .binary(.add, _, _) = arguments[0].kind {} else { Issue.record("left side is not the sum") }
    }

    @Test(
        arguments: [
            ("", "empty expression", 0),
            ("a +", "expected a value, found end of expression", 3),
            ("a ? b", "expected ':', found end of expression", 5),
            ("f(1, 2", "expected ',', found end of expression", 6),
            ("a | 1", "expected a function name after '|', found number 1", 4),
            ("a.1", "expected a field name after '.', found number 1", 2),
            ("a # b", "unexpected '#'", 2)
        ] as [(String, String, Int)])
    func syntaxErrorsNameWhatWasExpected(text: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(.expressionSyntax, message, at: offset)) { try ExpressionParser.expression(text) }
    }

    @Test func templatesSplitTextAndExpressions() throws {
        let template = try ExpressionParser.template("Cart (@{count(shared.cart)})")
        #expect(template.parts.count == 3)
        #expect(template.single == nil)
        #expect(try ExpressionParser.template("plain").constant == "plain")
        #expect(throws: ExpressionError(.unclosedExpression, "'@{' is not closed by '}'", at: 4)) {
            try ExpressionParser.template("abc @{x")
        }
    }

    /// Every level of precedence, loosest first, and left associativity within a level.
    @Test(
        arguments: [
            ("a ?? b || c && d == e < f + g * h", "(a ?? (b || (c && (d == (e < (f + (g * h)))))))"),
            ("a * b + c < d == e && f || g ?? h", "(((((((a * b) + c) < d) == e) && f) || g) ?? h)"),
            ("a - b - c", "((a - b) - c)"),
            ("a / b % c * d", "(((a / b) % c) * d)"),
            ("a + b * c - d", "((a + (b * c)) - d)"),
            ("a < b != c <= d", "((a < b) != (c <= d))"),
            ("-a * !b", "(-a * !b)"),
            ("a ? b + c : d ?? e", "(a ? (b + c) : (d ?? e))"),
            ("(a + b) * c", "((a + b) * c)")
        ] as [(String, String)])
    func operatorsBindByPrecedenceThenFromTheLeft(text: String, shape: String) throws {
        #expect(Self.shape(try ExpressionParser.expression(text)) == shape)
    }

    /// The tree written back with every binary operation in parentheses.
    private static func shape(_ expression: SceneManifest.Expression) -> String {
        switch expression.kind {
        case let .name(name): name
        case let .binary(op, left, right): "(\(shape(left)) \(op.rawValue) \(shape(right)))"
        case let .unary(op, operand): op.rawValue + shape(operand)
        case let .conditional(condition, then, otherwise): "(\(shape(condition)) ? \(shape(then)) : \(shape(otherwise)))"
        default: "?"
        }
    }
}

@Suite struct FieldPathTests {
    @Test(
        arguments: [
            ("state.count", "state", "count", true),
            ("shared.cart", "shared", "cart", true),
            ("state.a.b", "state", "a.b", true),
            ("state.", "state", "", true),
            ("count", "count", "", false),
            ("état.nom", "état", "nom", true)
        ] as [(String, String, String, Bool)])
    func splitsAtTheFirstDot(text: String, root: String, field: String, hasDot: Bool) {
        let path = FieldPath(text)
        #expect(path.root == root)
        #expect(path.field == field)
        #expect(path.hasDot == hasDot)
    }

    @Test(
        arguments: [
            ("state.count", "count", ["count"], [], true),
            ("state.form.firstName", "form", ["form", "firstName"], ["firstName"], true),
            ("state.a.b.c", "a", ["a", "b", "c"], ["b", "c"], true),
            ("state.a..b", "a", ["a", "", "b"], ["", "b"], false),
            ("state.", "", [""], [], false),
            ("state.1a", "1a", ["1a"], [], false),
            ("shared.cart.é", "cart", ["cart", "é"], ["é"], false),
            // A combining mark after a dot does not hide the dot: `names` agrees with `name`.
            ("state.a.\u{301}b", "a", ["a", "\u{301}b"], ["\u{301}b"], false),
            ("count", "", [""], [], false)
        ] as [(String, String, [String], [String], Bool)])
    func namesTheFieldsAfterTheRoot(text: String, name: String, names: [String], nested: [String], allNames: Bool) {
        let path = FieldPath(text)
        #expect(path.name == name)
        #expect(path.names == names)
        #expect(Array(path.nested) == nested)
        #expect(path.allNames { ManifestReader.isName(bytes: $0) } == allNames)
    }
}
