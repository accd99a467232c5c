import Foundation
import SceneManifest
import Testing

@Suite struct ExpressionParserTests {
    @Test func pipesBindLoosestAndCallTheFunctionWithTheLeftSideFirst() throws {
        let expression = try ExpressionParser.expression("a + 1 | round(2)")
        guard case let .call("round", arguments) = expression.kind else { Issue.record("not a call"); return }
        #expect(arguments.count == 2)
        if case .binary(.add, _, _) = arguments[0].kind {} else { Issue.record("left side is not the sum") }
    }

    @Test(arguments: [
        ("", "empty expression", 0),
        ("a +", "expected a value, found end of expression", 3),
        ("a ? b", "expected ':', found end of expression", 5),
        ("f(1, 2", "expected ',', found end of expression", 6),
        ("a | 1", "expected a function name after '|', found number 1", 4),
        ("a.1", "expected a field name after '.', found number 1", 2),
        ("a # b", "unexpected '#'", 2),
    ] as [(String, String, Int)])
    func syntaxErrorsNameWhatWasExpected(text: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(.expressionSyntax, message, at: offset)) { try ExpressionParser.expression(text) }
    }

    @Test func templatesSplitTextAndExpressions() throws {
        let template = try ExpressionParser.template("Cart (@{count(shared.cart)})")
        #expect(template.parts.count == 3)
        #expect(template.single == nil)
        #expect(try ExpressionParser.template("plain").constant == "plain")
        #expect(throws: ExpressionError(.unclosedExpression, "'@{' is not closed by '}'", at: 4)) { try ExpressionParser.template("abc @{x") }
    }
}
