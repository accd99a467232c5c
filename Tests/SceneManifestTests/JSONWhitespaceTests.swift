import SceneManifest
import Testing

/// Whitespace between tokens is skipped whatever its length and make-up: indentation of any
/// width after a newline (read eight bytes at a time), tabs and carriage returns among the
/// spaces, and runs reaching the end of the text. Every value keeps the offset it has.
@Suite struct JSONWhitespaceTests {
    /// `["a", 1, {"k": true}]` with `gap(n)` between every pair of tokens, and where each
    /// token starts.
    func document(_ gap: (Int) -> String) -> (text: String, offsets: [Int]) {
        let tokens = ["[", "\"a\"", ",", "1", ",", "{", "\"k\"", ":", "true", "}", "]"]
        var text = ""
        var offsets: [Int] = []
        for (index, token) in tokens.enumerated() {
            text += gap(index)
            offsets.append(text.utf8.count)
            text += token
        }
        return (text + gap(tokens.count), offsets)
    }

    func check(_ gap: @escaping (Int) -> String) throws {
        let (text, offsets) = document(gap)
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value.offset == offsets[0])
        let elements = try #require(value.elements)
        #expect(elements.map(\.offset) == [offsets[1], offsets[3], offsets[5]])
        #expect(elements.first?.string == "a")
        #expect(elements[1].kind == .number("1"))
        let member = try #require(elements[2].members?.first)
        #expect(member.key == "k")
        #expect(member.keyOffset == offsets[6])
        #expect(member.value.offset == offsets[8])
        #expect(member.value.kind == .bool(true))
    }

    @Test(arguments: 0...20)
    func indentationOfEveryWidthAfterANewline(width: Int) throws {
        try check { index in "\n" + String(repeating: " ", count: width + index % 3) }
    }

    @Test(arguments: ["\t", "\r", "\r\n", " \t ", "\n\t", "\n    \t    ", "\n \r\n        "])
    func tabsAndCarriageReturnsAmongTheSpaces(mixed: String) throws {
        try check { index in String(repeating: mixed, count: 1 + index % 4) + String(repeating: " ", count: index) }
    }

    @Test func aLongRunOfSpacesReachesTheEndOfTheText() throws {
        for width in 0...24 {
            let text = "{\"a\": 1}\n" + String(repeating: " ", count: width)
            #expect(try JSONParser.parse(Array(text.utf8))["a"]?.kind == .number("1"))
        }
    }

    @Test func aByteThatIsNotWhitespaceInsideIndentationIsRefusedWhereItStands() {
        for width in 0...16 {
            let text = "[1,\n" + String(repeating: " ", count: width) + "\u{0B}2]"
            do {
                _ = try JSONParser.parse(Array(text.utf8))
                Issue.record("a vertical tab in indentation of \(width) parsed")
            } catch {
                #expect(error.offset == 4 + width)
            }
        }
    }
}
