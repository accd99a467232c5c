import Foundation
import Testing

/// A collections database SQLite finds damaged takes no write for the rest of the session:
/// every write is refused with the words of the damage, and the file stays as it was.
// checks: docs/reliability.md#a-value-that-cannot-be-read-is-never-replaced
@MainActor
@Suite struct DamagedDatabaseTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Contract/manifest/providers-collection"
    ).path

    @Test func aDamagedDatabaseTakesNoWriteAfterTheDamageIsFound() async throws {
        let state = scratchFolder.appendingPathComponent("scenery-damaged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        // Enough books for the table to span several pages: the damage is on the first, and
        // a new row goes to the last, which SQLite could still write.
        let books = (1...300).map {
            #"{"id": "k\#($0)", "title": "\#($0 == 1 ? "Marker" : "Title \($0)")", "price": 5, "year": 2026, "read": false}"#
        }
        let fixture = state.appendingPathComponent("books.json")
        try Data(("[" + books.joined(separator: ",\n") + "]").utf8).write(to: fixture)
        let quit = state.appendingPathComponent("quit.txt")
        try Data("quit\n".utf8).write(to: quit)
        let seeded = await runScenery([
            "run", Self.app, "--state-dir", state.path, "--script", quit.path, "--fixture", "books=\(fixture.path)"
        ])
        #expect(seeded.code == 0, "\(seeded.error)")
        let database = state.appendingPathComponent("ProvidersCollection.sqlite")
        try Self.damageTheTablePage(holding: "Marker", in: database)
        let before = try Data(contentsOf: database)

        let script = state.appendingPathComponent("script.txt")
        try Data("untitled u1\nshow u1\n".utf8).write(to: script)
        let run = await runScenery(["run", Self.app, "--state-dir", state.path, "--script", script.path, "--width", "400"])
        // A banner wider than the frame goes on in lines that start with '! ': joined here.
        let frames = run.out.replacingOccurrences(of: "\n! /", with: " /").components(separatedBy: "\n> ")
        try #require(frames.count == 3, "\(run.out)")
        let damage =
            "cannot use the database '\(database.path)': database disk image is malformed; the file was kept unchanged: "
            + "repair it (sqlite3's '.recover'), or move it away to start from empty storage; "
            + "or start over with 'scenery run \(Self.app) --state-dir \(state.path) --reset', which moves the saved state aside and deletes nothing"
        #expect(frames[0].contains("! " + damage), "the list finds the damage: \(frames[0])")
        #expect(frames[1].contains("! " + damage), "the insert is refused with the same words: \(frames[1])")
        #expect(frames[2].contains("no book u1"), "nothing was added: \(frames[2])")
        #expect(try Data(contentsOf: database) == before, "the damaged file is kept unchanged")
    }

    /// Overwrites the table leaf page (b-tree page type 13) that holds `text` with bytes no
    /// page can hold; the first page, the schema, is never touched.
    static func damageTheTablePage(holding text: String, in file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var bytes = [UInt8](try Data(contentsOf: file))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let needle = Array(text.utf8)
        let found = stride(from: pageSize, to: bytes.count, by: pageSize).first { start in
            bytes[start] == 13
                && bytes[start..<start + pageSize].indices.contains { offset in
                    offset + needle.count <= start + pageSize && Array(bytes[offset..<offset + needle.count]) == needle
                }
        }
        let page = try #require(found, "no table page holds '\(text)'", sourceLocation: sourceLocation)
        for offset in page..<page + pageSize { bytes[offset] = 0x7F }
        try Data(bytes).write(to: file)
    }
}
