@testable import SceneManifest
import Testing

@Suite struct SupportTests {
    @Test func popLastMovesTheTailOutInOrder() {
        var stack = ["a", "a long string that is stored out of line", "c", "d"]
        #expect(stack.popLast(3) == ["a long string that is stored out of line", "c", "d"])
        #expect(stack == ["a"])
        #expect(stack.popLast(0) == [])
        #expect(stack.popLast(1) == ["a"])
        #expect(stack.isEmpty)
    }

    @Test func symbolLengthsAreTheirSpellings() {
        for symbol in Lexer.Symbol.allCases { #expect(symbol.length == symbol.rawValue.utf8.count, "\(symbol)") }
    }
}
