import Foundation
import Testing

@testable import SceneManifest

/// The parser's tape: strings are scanned eight bytes at a time and decoded on demand, so every
/// special byte must be found wherever it falls in a word, and lazy reads must give what an
/// eager parser gives.
@Suite struct JSONTapeTests {
    /// Special characters at every position across two words, each string read back and
    /// compared with Foundation's reading of the same text.
    @Test func aSpecialByteAnywhereInAWordIsFound() throws {
        let specials = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "—", "😀", #"\ud83d\ude00"#, "/"]
        for special in specials {
            for position in 0..<17 {
                let inner = String(repeating: "a", count: position) + special + String(repeating: "b", count: 16 - position)
                let text = "[\"\(inner)\", {\"\(inner)\": \"\(inner)\"}]"
                let parsed = try JSONParser.parse(Array(text.utf8))
                let expected = try #require(
                    (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])?.first as? String)
                #expect(parsed.elements?[0].string == expected, "\(special) at \(position)")
                #expect(parsed.elements?[1][expected]?.string == expected, "\(special) at \(position)")
                #expect(parsed.elements?[1].members?.first?.key == expected, "\(special) at \(position)")
            }
        }
    }

    /// A control character, a byte that is not UTF-8 or a quote-less end is refused wherever it
    /// falls in a word.
    @Test func aControlCharacterAnywhereInAWordIsRefused() {
        for position in 0..<17 {
            let inner = String(repeating: "a", count: position) + "\u{01}" + String(repeating: "b", count: 16 - position)
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("\"\(inner)\"".utf8)) }
            let invalid = Array("\"\(String(repeating: "a", count: position))".utf8) + [0xFF] + Array("bbbbbbbbbbbbbbbb\"".utf8)
            #expect(throws: JSONSyntaxError(.invalidUTF8, at: position + 1)) { try JSONParser.parse(invalid) }
            let open = "\"" + String(repeating: "c", count: position)
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(open.utf8)) }
        }
    }

    /// Members are found by key without making strings, escaped keys included, and the first
    /// of duplicate keys wins; containers count and skip their contents.
    @Test func membersAreFoundAcrossNestedContainers() throws {
        let text = #"{"a": [1, [2, {"x": 3}], {}], "b\u0061": {"k": null}, "ba": false, "c": "d", "c": 5}"#
        let root = try JSONParser.parse(Array(text.utf8))
        let keyOffset = try #require(text.range(of: #""k""#)).lowerBound.utf16Offset(in: text)
        #expect(root["ba"]?.kind == .object([JSONValue.Member(key: "k", keyOffset: keyOffset, value: try #require(root["ba"]?["k"]))]))
        #expect(root["c"]?.string == "d")
        #expect(root["a"]?.elements?.count == 3)
        #expect(root["a"]?.elements?[1].elements?[1]["x"]?.kind == .number("3"))
        #expect(root.members?.map(\.key) == ["a", "ba", "ba", "c", "c"])
        #expect(root["missing"] == nil)
        #expect(root["a"]?["x"] == nil)
    }

    /// Values from separate parses of the same text are equal; different texts are not.
    @Test func equalityComparesContentAndOffsets() throws {
        let one = try JSONParser.parse(Array(#"{"a": [1, "x"]}"#.utf8))
        let two = try JSONParser.parse(Array(#"{"a": [1, "x"]}"#.utf8))
        let moved = try JSONParser.parse(Array(#"{"a":  [1, "x"]}"#.utf8))
        #expect(one == two)
        #expect(one["a"] != moved["a"])
        #expect(one["a"]?.elements?[1].kind == moved["a"]?.elements?[1].kind)
    }
}
