import Testing
import VIPTesting

@testable import SceneManifest

/// Keys matched on the tape (``KeyTable``, ``PackedKey``): an object read through a table must
/// give what reading it member by member gives — the same findings, and the same member
/// under every name — whatever its keys are.
@Suite struct KeyTableTests {
    /// A key packs to the same words whether read a word at a time or a byte at a time, and
    /// two keys of sixteen bytes or fewer pack alike only when they are the same.
    @Test func aKeyPacksAsItsBytesWhereverItEnds() {
        var random = SeededRandom(seed: 43)
        var seen: [PackedKey: [UInt8]] = [:]
        for _ in 0..<4000 {
            let length = Int.random(in: 0...24, using: &random)
            let key = (0..<length).map { _ in UInt8.random(in: 0x61...0x64, using: &random) }
            let padding = Int.random(in: 0...20, using: &random)
            let buffer = [UInt8(ascii: "\"")] + key + Array(repeating: UInt8(ascii: " "), count: padding)
            buffer.withUnsafeBufferPointer { bytes in
                let wordwise = PackedKey(bytes.baseAddress!, start: 1, count: length, end: bytes.count)
                let bytewise = PackedKey(UnsafeBufferPointer(rebasing: bytes[1..<(1 + length)]))
                #expect(wordwise == bytewise, "\(key) with \(padding) bytes after it")
                if length <= 16, let other = seen[wordwise] { #expect(other == key) }
                if length <= 16 { seen[wordwise] = key }
            }
        }
    }

    /// The names a table matches, a key's escape, or a name longer than the packed sixteen
    /// bytes: each key is found at its own name's place, or at none.
    @Test func aKeyIsFoundAtItsNamesPlaceOrNone() throws {
        let table = KeyTable(allowed: ["type", "if", "aVeryLongNameOfSeventeenPlus", "aVeryLongNameOfSeventeenPlusX", ""])
        let text =
            #"{"type": 1, "if": 2, "aVeryLongNameOfSeventeenPlus": 3, "aVeryLongNameOfSeventeenPlusX": 4, "": 5, "t\u0079pe": 6, "typ": 7, "aVeryLongNameOfSeventeenPlut": 8}"#
        let root = try JSONParser.parse(Array(text.utf8))
        let keys = root.tape.children(of: root.position).compactMap(\.key)
        #expect(keys.map { table.place(ofKeyAt: $0, in: root.tape) } == [0, 1, 2, 3, 4, nil, nil, nil])
    }

    /// Random objects of allowed, unknown, extension, escaped and repeated keys, some with
    /// more keys than a node holds: read through a table and member by member, the findings,
    /// the result and every member asked for are the same.
    @Test func anObjectReadsTheSameOnTheTapeAsMemberByMember() throws {
        let allowed = ["type", "if", "as", "provider", "value", "onError", "aVeryLongNameOfSeventeenPlus", "to", "mode"]
        let required = ["type", "as"]
        let table = KeyTable(allowed: allowed, required: required)
        // Near misses too: a long key alike in its first sixteen bytes and of the same length,
        // an empty key, a key of another script.
        let others = [
            "acton", "x-note", "$schema", "t\\u0079pe", "aVeryLongNameOfSeventeenPlusX", "aVeryLongNameOfSeventeenPlut", "modes", "A", "",
            "тип"
        ]
        var random = SeededRandom(seed: 11)
        var fastPaths = 0
        for round in 0..<3000 {
            let count = Int.random(in: 0...(round % 10 == 0 ? 20 : 6), using: &random)
            let keys = (0..<count).map { _ in
                Int.random(in: 0..<5, using: &random) == 0 ? others.randomElement(using: &random)! : allowed.randomElement(using: &random)!
            }
            let text = "{" + keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ") + "}"
            let root = try JSONParser.parse(Array(text.utf8))
            let byMembers = ManifestReader(source: SourceFile(path: "scene.json", text: text))
            let onTape = ManifestReader(source: SourceFile(path: "scene.json", text: text))
            let expected = byMembers.object(Node(root: root), what: "a step", allowed: allowed, required: required)
            let found = onTape.object(Node(root: root), what: "a step", keys: table)
            #expect(onTape.sink.items == byMembers.sink.items, "\(text)")
            #expect((found == nil) == (expected == nil), "\(text)")
            guard let found, let expected else { continue }
            for name in allowed + others {
                #expect(found[name]?.offset == expected[name]?.offset, "\(name) of \(text)")
                #expect(found.keyOffset(name) == expected.keyOffset(name), "\(name) of \(text)")
            }
            #expect(found.entries.map(\.key) == expected.entries.map(\.key), "\(text)")
            #expect(found.entries.map(\.keyOffset) == expected.entries.map(\.keyOffset), "\(text)")
            #expect(found.entries.map(\.node.offset) == expected.entries.map(\.node.offset), "\(text)")
            // The object is found on the tape exactly when its keys allow it.
            let onTapeExpected = Set(keys).count == keys.count && keys.allSatisfy(allowed.contains) && keys.count <= ObjectNode.capacity
            #expect(found.isOnTape == onTapeExpected, "\(text)")
            if found.isOnTape { fastPaths += 1 }
        }
        // Both ways were taken many times: the comparison is not of one path with itself.
        #expect(fastPaths > 500)
    }

    /// A choice of words is found on the tape when written as a word, and reported as before
    /// when not.
    @Test func aStepTypeIsFoundOnTheTape() throws {
        let text = #"["fetch", "let", "f\u0065tch", "fetc", 3]"#
        let root = try JSONParser.parse(Array(text.utf8))
        let reader = ManifestReader(source: SourceFile(path: "scene.json", text: text))
        let types = (root.elements ?? []).map { reader.choice(Node(root: root).child($0), what: "step type", as: StepType.self) }
        #expect(types == [.fetch, .let, .fetch, nil, nil])
        #expect(reader.sink.items.map(\.code) == [.unknownWord, .wrongType])
    }
}
