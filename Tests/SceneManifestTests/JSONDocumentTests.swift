import Foundation
import Testing

@testable import SceneManifest

/// A value's JSON pointer, found from its offset, is the pointer of the path down to it.
@Suite struct JSONDocumentTests {
    /// Every value of every manifest in Scenes/, and some awkward keys.
    static var documents: [(name: String, bytes: [UInt8])] {
        var documents: [(String, [UInt8])] = [
            ("escapes", Array(#"{"a/b": {"m~n": [1, {"": [true, null]}]}, "c": [[], {}, "x"]}"#.utf8)),
            ("root scalar", Array("42".utf8)),
            ("duplicate keys", Array(#"{"a": 1, "a": {"b": 2}}"#.utf8))
        ]
        let scenes = Paths.root.appendingPathComponent("Scenes")
        let files = FileManager.default.enumerator(at: scenes, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "json" {
            if let data = FileManager.default.contents(atPath: file.path) { documents.append((file.path, Array(data))) }
        }
        return documents
    }

    @Test func everyValuesPointerIsItsPath() throws {
        var checked = 0
        for (name, bytes) in Self.documents {
            guard let root = try? JSONParser.parse(bytes) else { continue }
            let document = JSONDocument(root: root)
            func visit(_ value: JSONValue, _ path: String) {
                #expect(document.pointer(to: value.offset) == path, "\(name) at \(value.offset)")
                checked += 1
                switch value.kind {
                case let .object(members): for member in members { visit(member.value, path + "/" + Node.escaped(member.key)) }
                case let .array(elements): for (index, element) in elements.enumerated() { visit(element, "\(path)/\(index)") }
                default: break
                }
            }
            visit(root, "")
        }
        #expect(checked > 1_000)
    }

    @Test func anOffsetInsideAValueGivesThatValue() throws {
        let text = #"{"items": ["abc", {"k": "value"}]}"#
        let document = JSONDocument(root: try JSONParser.parse(Array(text.utf8)))
        let inside = try #require(text.utf8.firstIndex(of: UInt8(ascii: "v")).map { text.utf8.distance(from: text.startIndex, to: $0) })
        #expect(document.pointer(to: inside) == "/items/1/k")
        #expect(document.pointer(to: 1) == "")  // the key "items", before its value: the object
    }

    // checks: docs/manifest.md#diagnostics
    /// In objects and arrays of thousands of members, the pointer of every byte offset (a
    /// value's start, a key, the space between) is the one a walk that looks at every member
    /// finds: the last child that starts at or before the offset, all the way down.
    @Test func everyOffsetInALargeDocumentFindsThePointerALinearWalkFinds() throws {
        let members = (0..<2_000).map { "\"f\($0)\": {\"type\": \"string\", \"xs\": [\($0), [\($0)], {\"k\": \($0)}]}" }
        let text =
            "{\"state\": {" + members.joined(separator: ", ") + "}, \"list\": [" + (0..<2_000).map { "\($0)" }.joined(separator: ",") + "]}"
        let root = try JSONParser.parse(Array(text.utf8))
        let document = JSONDocument(root: root)
        // The document as a tree, made once, that the linear walk looks through.
        indirect enum Tree {
            case leaf(Int)
            case container(Int, [(step: String, tree: Tree)])
            var offset: Int {
                switch self {
                case let .leaf(offset), let .container(offset, _): offset
                }
            }
            init(_ value: JSONValue) {
                switch value.kind {
                case let .object(members): self = .container(value.offset, members.map { ("/" + Node.escaped($0.key), Tree($0.value)) })
                case let .array(elements):
                    self = .container(value.offset, elements.enumerated().map { ("/\($0.offset)", Tree($0.element)) })
                default: self = .leaf(value.offset)
                }
            }
        }
        let tree = Tree(root)
        func linear(_ offset: Int) -> String {
            var value = tree, pointer = ""
            while value.offset != offset {
                guard case let .container(_, children) = value, let child = children.last(where: { $0.tree.offset <= offset }) else {
                    return pointer
                }
                pointer += child.step
                value = child.tree
            }
            return pointer
        }
        for offset in stride(from: 0, through: text.utf8.count, by: 7) where document.pointer(to: offset) != linear(offset) {
            Issue.record("offset \(offset): \(document.pointer(to: offset)), not \(linear(offset))")
            return
        }
        #expect(document.pointer(to: try #require(text.range(of: "\"f1999\": {")).upperBound.utf16Offset(in: text) - 1) == "/state/f1999")
    }
}
