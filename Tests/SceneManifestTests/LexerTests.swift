import Testing

@testable import SceneManifest

@Suite struct LexerTests {
    @Test func symbolLengthsAreTheirSpellings() {
        for symbol in Lexer.Symbol.allCases { #expect(symbol.length == symbol.rawValue.utf8.count, "\(symbol)") }
    }

    @Test func tokensComeOneAtATimeThenEndForever() throws {
        let text = "count(p.tags) >= 2.5 ?? 'a\\'b'"
        let tokens = try Array(text.utf8).withUnsafeBufferPointer { bytes throws(ExpressionError) in
            var lexer = Lexer(bytes[...], base: 10)
            var tokens: [Lexer.Located] = []
            repeat { tokens.append(try lexer.next()) } while tokens.last?.token != .end
            // Asked again past the end, the lexer keeps answering `.end` where the text ends.
            tokens.append(try lexer.next())
            return tokens
        }
        #expect(
            tokens.map(\.token) == [
                .identifier("count"), .symbol(.openParen), .identifier("p"), .symbol(.dot), .identifier("tags"), .symbol(.closeParen),
                .symbol(.greaterOrEqual), .number(2.5), .symbol(.coalesce), .string("a'b"), .end, .end
            ])
        #expect(tokens.map(\.offset) == [10, 15, 16, 17, 18, 22, 24, 27, 31, 34, 40, 40])
    }

    /// The parser asks for tokens as it goes, yet a mistake the lexer finds anywhere in the
    /// expression is still the one reported, even after an earlier syntax error.
    @Test(arguments: [
        ("a + + 'open", ExpressionError(.expressionSyntax, "unterminated string literal", at: 6)),
        ("(a $ b", ExpressionError(.expressionSyntax, "unexpected '$'", at: 3)),
        (
            "a b = c",
            ExpressionError(.expressionSyntax, "unexpected '='", at: 4, hint: Hint("did you mean '=='?", replacing: "=", with: "=="))
        ),
        (
            ") + 1" + String(repeating: "9", count: 60),
            ExpressionError(
                .numberOutOfRange, "number 1" + String(repeating: "9", count: 39) + "… is out of range", at: 4,
                hint: "numbers keep 38 significant digits and exponents from -128 to 127")
        )
    ])
    func lexingMistakesComeBeforeSyntaxErrors(text: String, expected: ExpressionError) {
        #expect(throws: expected) { try ExpressionParser.expression(text) }
    }

    @Test func aSyntaxErrorStandsWhenTheRestLexes() {
        #expect(throws: ExpressionError(.expressionSyntax, "expected a value, found '+'", at: 4)) {
            try ExpressionParser.expression("a + + b")
        }
        #expect(throws: ExpressionError(.expressionSyntax, "expected end of expression, found 'b'", at: 2)) {
            try ExpressionParser.expression("a b")
        }
    }
}
