import Foundation
import Testing

/// A transcript's `# state:` seed may hold the app's collections (`APPNAME.sqlite`): the
/// run starts from them, and the seed is never written.
// checks: docs/manifest.md#collections
@MainActor
@Suite struct CollectionSeedTests {
    static let contract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Contract/manifest/providers-collection")

    @Test func aSeedFolderHoldingTheDatabaseStartsTheCollection() async throws {
        let app = scratchFolder.appendingPathComponent("scenery-collection-seed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: app) }
        try FileManager.default.createDirectory(at: app.appendingPathComponent("tests"), withIntermediateDirectories: true)
        for part in ["app.json", "scenes", "data"] {
            try FileManager.default.copyItem(at: Self.contract.appendingPathComponent(part), to: app.appendingPathComponent(part))
        }
        // The seed: a session that added a book to the fixture's three, in its own folder.
        let seed = app.appendingPathComponent("tests/seeds/four")
        let script = app.appendingPathComponent("seed.txt")
        try Data("add b4 Hyperion\n".utf8).write(to: script)
        let made = await runScenery([
            "run", app.path, "--state-dir", seed.path, "--script", script.path,
            "--fixture", "books=\(app.appendingPathComponent("data/books.json").path)"
        ])
        #expect(made.code == 0, "\(made.error)")
        let database = seed.appendingPathComponent("ProvidersCollection.sqlite")
        #expect(FileManager.default.fileExists(atPath: database.path))
        for leftover in try FileManager.default.contentsOfDirectory(atPath: seed.path) where !leftover.hasSuffix(".sqlite") {
            try FileManager.default.removeItem(at: seed.appendingPathComponent(leftover))
        }
        let before = try Data(contentsOf: database)
        let transcript = app.appendingPathComponent("tests/seeded.transcript")
        try Data(
            """
            # state: seeds/four
            == Books ==
            1. Neuromancer
            2. Dune
            2 shown of 4
            > drop b4
            ...
            > show b4
            ...
            no book b4

            """.utf8
        ).write(to: transcript)
        for _ in 0..<2 {
            let result = await runScenery(["test", transcript.path])
            #expect(result.code == 0, "\(result.out)\(result.error)")
        }
        #expect(try Data(contentsOf: database) == before)
    }
}
