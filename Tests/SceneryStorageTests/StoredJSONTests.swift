import Foundation
import Testing

@testable import SceneryStorage

/// The reader of a collection's nested values gives what `JSONDecoder` gave, and nil — never
/// a trap — for text that is not JSON.
@Suite struct StoredJSONTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    @Test func whatTheEncoderWroteReadsBackAsTheDecoderReadIt() throws {
        let values: [StoredValue] = [
            .null, .bool(true), .number(Decimal(string: "0.1")!), .number(Decimal(string: "-12345678901234567890.123456")!),
            .string("plain"), .string("quote \" back \\ slash / tab \t nl \n é 🙂 \u{1}"),
            .array([.number(1), .array([]), .object([:])]),
            .object(["address": .object(["street": .string("1 Main St"), "zip": .string("02139")]), "tags": .array([.string("a")])])
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for value in values {
            let text = String(decoding: try encoder.encode(value), as: UTF8.self)
            let decoded = try JSONDecoder().decode(StoredValue.self, from: Data(text.utf8))
            #expect(StoredJSON.parse(text) == decoded, "\(text)")
        }
    }

    @Test func escapesSpacesAndExponents() {
        #expect(
            StoredJSON.parse(#" { "a" : [ 1e2 , -0.5E-1 , "\u00e9\ud83d\ude42" ] } "#)
                == .object(["a": .array([.number(100), .number(Decimal(string: "-0.05")!), .string("é🙂")])]))
    }

    @Test func textThatIsNotJSONIsNil() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "01x", "\"open", "tru", "[1] 2", "\"\\ud800\"", "\"\\q\"", "-", "1.", "1e"] {
            #expect(StoredJSON.parse(text) == nil, "\(text)")
        }
        #expect(StoredJSON.parse(String(repeating: "[", count: 100_000)) == nil)
    }

    /// JSONTestSuite's cases (the fixture the manifest parser's tests use): every one a valid
    /// JSON text reads (but for those a `Decimal` cannot hold), and none traps.
    @Test func theJSONTestSuiteReadsWithoutATrap() throws {
        let folder = Self.root.appendingPathComponent("SceneManifestTests/Fixtures/JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count > 300)
        var unread: [String] = []
        for name in names where name.hasSuffix(".json") {
            guard let text = String(data: try Data(contentsOf: folder.appendingPathComponent(name)), encoding: .utf8) else { continue }
            let value = StoredJSON.parse(text)
            if name.hasPrefix("y_"), value == nil, !name.contains("number") { unread.append(name) }
        }
        #expect(unread.isEmpty, "\(unread)")
    }
}

/// What the writer makes reads back as the value it was, through this reader and through
/// `JSONDecoder` alike.
@Suite struct StoredJSONWriterTests {
    @Test func writtenValuesReadBackAsThemselves() throws {
        let values: [StoredValue] = [
            .null, .bool(false), .number(Decimal(string: "-0.000000000000000000001")!),
            .number(Decimal(string: "123456789012345678901234567890")!),
            .string("\u{0}\u{1F}\"\\/\n\r\té🙂"), .array([.null, .array([.number(2)])]),
            .object(["b": .number(1), "a": .object(["z": .string("x"), "y": .array([])]), "": .bool(true)])
        ]
        for value in values {
            let text = StoredJSON.text(value)
            #expect(StoredJSON.parse(text) == value, "\(text)")
            #expect(try JSONDecoder().decode(StoredValue.self, from: Data(text.utf8)) == value, "\(text)")
        }
        #expect(StoredJSON.text(.object(["b": .number(1), "a": .null])) == #"{"a":null,"b":1}"#)
    }
}

/// The tree a collection's list reads its nested records into holds what the dictionary
/// reading holds, its fields in key order.
@Suite struct StoredTreeTests {
    @Test func fieldsComeInKeyOrderAndARepeatedKeyKeepsItsLastValue() throws {
        let text = #"{"b": 1, "a": {"z": true, "y": null}, "b": 2, "c": [ {"k": "v", "j": "w"} ]}"#
        let tree = try #require(StoredJSON.parseTree(text))
        guard case let .object(fields) = tree else { throw StoredTreeFailure.notAnObject }
        #expect(fields.map(\.key) == ["a", "b", "c"])
        #expect(tree.stored == StoredJSON.parse(text))
        #expect(
            tree.stored
                == .object([
                    "a": .object(["y": .null, "z": .bool(true)]), "b": .number(2),
                    "c": .array([.object(["j": .string("w"), "k": .string("v")])])
                ]))
        guard case let .object(inner) = fields[0].value else { throw StoredTreeFailure.notAnObject }
        #expect(inner.map(\.key) == ["y", "z"])
    }

    @Test func keysEqualAsADictionarySeesThemKeepTheFirstSpelling() throws {
        // "é" written as one scalar and as e and a combining accent are one key to a dictionary.
        let text = "{\"\u{E9}\": 1, \"\u{65}\u{301}\": 2}"
        let tree = try #require(StoredJSON.parseTree(text))
        guard case let .object(fields) = tree else { throw StoredTreeFailure.notAnObject }
        #expect(fields.count == 1)
        #expect(fields[0].key.unicodeScalars.count == 1)
        #expect(tree.stored == .object(["\u{E9}": .number(2)]))
    }

    private enum StoredTreeFailure: Error { case notAnObject }
}
