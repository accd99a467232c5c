@testable import SceneManifest
import Testing

@Suite struct LexerTests {
    @Test func symbolLengthsAreTheirSpellings() {
        for symbol in Lexer.Symbol.allCases { #expect(symbol.length == symbol.rawValue.utf8.count, "\(symbol)") }
    }
}
