import SceneManifest
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func error(_ text: String, limits: JSONParser.Limits = .init()) -> (code: String, message: String, line: Int, column: Int)? {
        do {
            _ = try JSONParser.parse(Array(text.utf8), limits: limits)
            return nil
        } catch {
            let (line, column) = SourceFile(path: "x", text: text).location(of: error.offset)
            return (error.code.rawValue, error.description, line, column)
        }
    }

    @Test func keepsKeyOrderOffsetsAndNumberText() throws {
        let value = try parse(#"{"b": 1, "a": [0.10, -2e3, "x"], "b": null}"#)
        #expect(value.members?.map(\.key) == ["b", "a", "b"])
        #expect(value.members?.map(\.keyOffset) == [1, 9, 33])
        #expect(value["a"]?.elements?.map(\.kind) == [.number("0.10"), .number("-2e3"), .string("x")])
        #expect(value["a"]?.offset == 14)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#"["a\"b\\c\/d\n", "\u00e9\ud83d\ude00", "\ud800x"]"#)
        #expect(value.elements?.map(\.string) == ["a\"b\\c/d\n", "é😀", "\u{FFFD}x"])
    }

    @Test(
        arguments: [
            ("{\"a\" 1}", "E101", "unexpected character '1'; expected ':' after the key", 1, 6),
            ("[1, 2", "E102", "unexpected end of input; expected ',' or ']'", 1, 6),
            (
                "{\n  \"a\": tru\n}", "E101",
                "unexpected character '\\n'".replacingOccurrences(of: "\\n", with: "U+000A") + "; expected 'true'", 2, 11
            ),
            ("[\"tab\there\"]", "E103", "invalid string: control character U+0009 must be escaped", 1, 6),
            ("[\"\\x\"]", "E103", "invalid string: unknown escape '\\x'", 1, 3),
            ("[01]", "E104", "invalid number: leading zeros are not allowed", 1, 2),
            ("[1.]", "E104", "invalid number: a digit must follow '.'", 1, 4),
            ("{} x", "E107", "unexpected content after the JSON value", 1, 4),
            ("[\"\u{e9}\", é]", "E101", "unexpected character 'é'; expected a value", 1, 7)
        ] as [(String, String, String, Int, Int)])
    func syntaxErrorsArePositioned(text: String, code: String, message: String, line: Int, column: Int) throws {
        let found = try #require(error(text))
        #expect(found.code == code)
        #expect(found.message == message)
        #expect(found.line == line)
        #expect(found.column == column)
    }

    @Test func depthAndSizeAreBounded() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(error(deep)?.code == "E105")
        #expect(error(deep)?.message == "nesting is deeper than 256 levels")
        #expect(error("[1, 2, 3]", limits: .init(maxBytes: 4))?.message == "file is 9 bytes, over the limit of 4")
        #expect(error(String(repeating: "[", count: 100_000))?.code == "E105")
    }

    /// Nesting deeper than the scanner's first stack of open containers, objects and arrays
    /// alternating, closes each container where it should; a depth limit far above the
    /// document reserves nothing for it.
    @Test func deepNestingWithinAGenerousLimitParses() throws {
        let levels = 1_000
        let text =
            (0..<levels).map { $0 % 2 == 0 ? "{\"k\": " : "[" }.joined() + "7"
            + (0..<levels).reversed().map { $0 % 2 == 0 ? ", \"after\": \($0)}" : ", \($0)]" }.joined()
        var value = try JSONParser.parse(Array(text.utf8), limits: .init(maxDepth: Int.max))
        for level in 0..<levels {
            if level % 2 == 0 {
                #expect(value["after"]?.kind == .number("\(level)"))
                value = try #require(value["k"])
            } else {
                let elements = try #require(value.elements)
                #expect(elements.count == 2)
                #expect(elements.last?.kind == .number("\(level)"))
                value = elements[0]
            }
        }
        #expect(value.kind == .number("7"))
    }

    @Test func invalidUTF8IsRefused() {
        let bytes: [UInt8] = [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]
        #expect(throws: JSONSyntaxError(.invalidUTF8, at: 2)) { try JSONParser.parse(bytes) }
    }

    @Test func columnsCountCharactersNotBytes() {
        let file = SourceFile(path: "x", text: "{\"é\": 1,\n \"ü\": x}")
        #expect(file.location(of: 7).column == 7)
        #expect(file.location(of: 17) == (2, 7))
    }
}
