import Foundation
import Testing

@testable import SceneryStorage

/// A storage file is held to the limits of stored data (docs/reliability.md, Limits: 256
/// levels, 16 MiB), whether Scenery wrote it or a person edited it by hand; past them it is
/// reported as corrupt and kept, and a write that would pass them is refused.
// checks: docs/reliability.md#limits
@Suite struct KeyValueStorageLimitTests {
    let folder = scratchFolder.appendingPathComponent("scenery-kv-limits-\(UUID().uuidString)")
    var file: URL { folder.appendingPathComponent("Shop.json") }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    static func nested(_ depth: Int) -> String {
        // The document itself is one level: the value under "k" adds depth - 1 more.
        #"{"k": "# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
    }

    @Test func aFileAtTheDepthLimitReads() throws {
        try write(Self.nested(256))
        #expect(try KeyValueStorage(fileURL: file).keys() == ["k"])
    }

    @Test func aFilePastTheDepthLimitIsCorruptAndKept() throws {
        let text = Self.nested(257)
        try write(text)
        let storage = KeyValueStorage(fileURL: file)
        #expect(throws: KeyValueStorageError.corrupt(path: file.path, reason: "1:262: nesting is deeper than 256 levels")) {
            try storage.keys()
        }
        #expect(throws: KeyValueStorageError.self) { try storage.set("x", forKey: "other") }
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test func bracketsInsideStringsDoNotCount() {
        let deepText = #"{"k": ""# + String(repeating: "[{\\\"", count: 400) + #""}"#
        #expect(StoredJSONBounds.problem(Array(deepText.utf8)) == nil)
    }

    @Test func aFilePastTheSizeLimitIsCorruptAndKept() throws {
        let text = #"{"k": ""# + String(repeating: "a", count: 16 * 1024 * 1024) + #""}"#
        try write(text)
        #expect(throws: KeyValueStorageError.corrupt(path: file.path, reason: "it is larger than 16 MiB, the limit of stored data")) {
            try KeyValueStorage(fileURL: file).value(String.self, forKey: "k")
        }
        #expect(try Data(contentsOf: file).count == text.utf8.count)
    }

    @Test func aWritePastTheSizeLimitIsRefusedAndTheFileKept() throws {
        let storage = KeyValueStorage(fileURL: file)
        try storage.set("small", forKey: "a")
        let before = try Data(contentsOf: file)
        #expect {
            try storage.set(String(repeating: "b", count: 16 * 1024 * 1024), forKey: "b")
        } throws: { error in
            guard case let .io(path, operation, reason) = error as? KeyValueStorageError else { return false }
            return path == file.path && operation == "write" && reason.hasPrefix("the file would be past the limits of stored data")
        }
        #expect(try Data(contentsOf: file) == before)
    }

    /// A number a decimal cannot keep exactly would be rounded when any store writes the
    /// file back, so the file is refused, named at the number, and kept.
    @Test(arguments: [
        (
            #"{"other": 12345678901234567890123456789012345678901234, "k": 1}"#,
            "1:11: the number '12345678901234567890123456789012345678901234' has more than 38 significant digits, which a store would round"
        ),
        (#"{"other": 1e200}"#, "1:11: the number '1e200' is out of the range of a decimal"),
        (#"{"other": [1, 2, 1e-129]}"#, "1:18: the number '1e-129' is out of the range of a decimal")
    ])
    func aNumberADecimalCannotKeepIsReportedAndKept(text: String, reason: String) throws {
        try write(text)
        let storage = KeyValueStorage(fileURL: file)
        #expect(throws: KeyValueStorageError.corrupt(path: file.path, reason: reason)) { try storage.keys() }
        #expect(throws: KeyValueStorageError.self) { try storage.set("x", forKey: "plain") }
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test(arguments: [
        "12345678901234567890123456789012345678", "1.5e-128", "0.000", "-0", "123400000000000000000000000000000000000000000", "3.4e165",
        "true", "false"
    ])
    func numbersADecimalKeepsPass(number: String) {
        #expect(StoredJSONBounds.problem(Array(#"{"n": \#(number)}"#.utf8)) == nil)
    }

    @Test func aValueOfAnotherShapeDeepInTheFileIsNamedByItsPath() throws {
        try write(#"{"k": {"a": "\ud800"}}"#)
        #expect {
            try KeyValueStorage(fileURL: file).keys()
        } throws: { error in
            guard case let .corrupt(_, reason) = error as? KeyValueStorageError else { return false }
            return reason != "the top level is not an object of keys"
        }
    }

    @Test func aConditionalSetThatRefusesLeavesTheFileAsItWas() throws {
        struct Refused: Error {}
        let storage = KeyValueStorage(fileURL: file)
        try storage.set(["A-1"], forKey: "history")
        let before = try Data(contentsOf: file)
        #expect(throws: Refused.self) {
            try storage.set(.string("x"), forKey: "history") { current in
                #expect(current == .array([.string("A-1")]))
                throw Refused()
            }
        }
        #expect(try Data(contentsOf: file) == before)
        try storage.set(.string("y"), forKey: "fresh") { current in #expect(current == nil) }
        #expect(try storage.value(String.self, forKey: "fresh") == "y")
    }
}
