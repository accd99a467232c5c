import Foundation
import SceneryStorage
import Testing

@Suite struct KeyValueStorageTests {
    let directory: URL

    init() throws {
        directory = scratchFolder.appendingPathComponent("scenery-kv-\(UUID().uuidString)")
    }

    var file: URL { directory.appendingPathComponent("state").appendingPathComponent("shop.json") }

    struct Order: Codable, Equatable {
        var id: String
        var total: Decimal
    }

    @Test func valuesRoundTripExactlyAcrossInstances() throws {
        let orders = [Order(id: "A-1", total: Decimal(string: "0.30")!), Order(id: "B-2", total: Decimal(string: "1234567.89")!)]
        try KeyValueStorage(fileURL: file).set(orders, forKey: "history")

        let reopened = KeyValueStorage(fileURL: file)
        #expect(try reopened.value([Order].self, forKey: "history") == orders)
        #expect(try reopened.value(String.self, forKey: "missing") == nil)
        #expect(try reopened.keys() == ["history"])
    }

    @Test func theFileIsReadableSortedJSON() throws {
        let storage = KeyValueStorage(fileURL: file)
        try storage.set("b", forKey: "zeta")
        try storage.set(2, forKey: "alpha")

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == "{\n  \"alpha\" : 2,\n  \"zeta\" : \"b\"\n}\n")
    }

    @Test func removingAKeyKeepsTheOthers() throws {
        let storage = KeyValueStorage(fileURL: file)
        try storage.set(true, forKey: "a")
        try storage.set(false, forKey: "b")
        try storage.removeValue(forKey: "a")
        try storage.removeValue(forKey: "never")
        #expect(try storage.keys() == ["b"])
    }

    @Test func aCorruptFileIsReportedWithItsPathAndKept() throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let garbage = Data("{\"history\": [1, 2".utf8)
        try garbage.write(to: file)
        let storage = KeyValueStorage(fileURL: file)

        #expect {
            _ = try storage.value([Int].self, forKey: "history")
        } throws: { error in
            guard case let .corrupt(path, _) = error as? KeyValueStorageError else { return false }
            return path == file.path && "\(error)".hasPrefix("corrupt storage file '\(file.path)':")
        }
        #expect(throws: KeyValueStorageError.self) { try storage.set([3], forKey: "history") }
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test func aValueOfAnotherTypeIsAnErrorNotACrash() throws {
        let storage = KeyValueStorage(fileURL: file)
        try storage.set("text", forKey: "count")
        #expect(throws: KeyValueStorageError.value(key: "count", reason: "the stored value is not a Int")) {
            try storage.value(Int.self, forKey: "count")
        }
    }

    @Test func writesLeaveNoTemporaryFilesBehind() throws {
        let storage = KeyValueStorage(fileURL: file)
        for index in 0..<5 { try storage.set(index, forKey: "k\(index)") }
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).sorted()
        #expect(names == ["shop.json", "shop.json.lock"])
    }

    @Test func concurrentWritersThroughSeparateStoragesLoseNothing() async throws {
        // Each storage opens the file on its own, as another process would; the file lock
        // orders their read–modify–write cycles so no key is lost.
        let writers = 4, keysEach = 25
        let file = self.file
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let storage = KeyValueStorage(fileURL: file)
                    for key in 0..<keysEach { try? storage.set(key, forKey: "w\(writer)-\(key)") }
                }
            }
        }
        #expect(try KeyValueStorage(fileURL: file).keys().count == writers * keysEach)
    }
}
