import Foundation
import Testing

@testable import SceneryCLI

/// `>> actions`: what the frame offers a person to do, and a `dead end:` line when it offers
/// nothing, says nothing and has nothing below; the transcript's lines `>> restart` and
/// `>> absent` refused in a session, saying where they work.
// checks: docs/testing.md#actions-and-dead-ends
// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct ActionsDirectiveTests {
    static let finish = EjectCommandTests.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/Finish")
    static let orders = EjectCommandTests.root.appendingPathComponent("Scenes/Orders")

    /// The output of `script` run on `app` with `options`, on a fresh state folder.
    func run(_ app: URL, _ script: String, _ options: [String] = []) async throws -> [String] {
        let state = scratchFolder.appendingPathComponent("scenery-actions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let file = state.appendingPathExtension("script")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(script.utf8).write(to: file)
        let result = await runScenery(["run", app.path, "--state-dir", state.path, "--script", file.path] + options)
        return (result.out + result.error).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Shown words in the frame's order, `back` once though a Back button shows too; the use
    /// cases only typed on their own line.
    @Test func theFrameSaysWhatItShowsAndWhatIsOnlyTyped() async throws {
        let fixture = Self.orders.appendingPathComponent("tests/seeds/two.json").path
        let lines = try await run(Self.orders, ">> actions\nopen 1\n>> actions\n", ["--fixture", "orders=\(fixture)"])
        let first = try #require(lines.firstIndex(of: ">> actions"))
        #expect(lines[first + 1] == "actions shown: open, new")
        #expect(lines[first + 2] == "> open 1")
        let second = try #require(lines.lastIndex(of: ">> actions"))
        #expect(lines[second + 1] == "actions shown: edit, delete, back")
        #expect(!lines.contains { $0.hasPrefix("dead end:") })
        let start = try await run(Self.finish, ">> actions\n")
        #expect(start.suffix(4) == [">> actions", "actions shown: add", "actions typed: finish", ""])
    }

    /// Nothing shown, no banner, nothing below: a third line says it is a dead end.
    @Test func aDeadEndSaysSo() async throws {
        let lines = try await run(Self.finish, "finish\n>> actions\n")
        #expect(
            lines.suffix(4) == [
                ">> actions", "actions shown: none", "dead end: nothing to do, no message saying why, and no scene to go back to", ""
            ], "\(lines)")
    }

    /// In a transcript, `>> absent dead end:` under it fails while the frame is a dead end.
    @Test func anAbsentDeadEndFailsOnlyOnADeadEnd() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = "# app: \(Self.finish.path)\nCount: 0\n[ Add ]\n"
        let stuck = folder.appendingPathComponent("stuck.transcript")
        try Data((header + "> finish\nAll done.\n>> actions\n>> absent dead end:\nactions shown: none\n...\n").utf8).write(to: stuck)
        let failed = await runScenery(["test", stuck.path])
        #expect(failed.code == 1)
        #expect(failed.error.contains("'dead end:' appeared: dead end: nothing to do"), "\(failed.error)")
        let fine = folder.appendingPathComponent("fine.transcript")
        try Data((header + ">> actions\n>> absent dead end:\nactions shown: add\nactions typed: finish\n").utf8).write(to: fine)
        let passed = await runScenery(["test", fine.path])
        #expect(passed.code == 0, "\(passed.out)\(passed.error)")
    }

    /// A transcript's own lines, and a directive no one knows, are bad lines in a session.
    @Test(arguments: [
        (">> restart", "error: '>> restart' is a transcript's line, which 'scenery test' runs; a session takes"),
        (">> absent x", "error: '>> absent' is a transcript's line, which 'scenery test' runs; a session takes"),
        (
            ">> bogus",
            "error: unknown directive '>> bogus'; a session takes '>> clock', '>> fault', '>> delete', '>> stored' and '>> actions'"
        )
    ])
    func aTranscriptsOwnLineIsRefusedInASession(line: String, message: String) async throws {
        let lines = try await run(Self.finish, "\(line)\nadd\n")
        let at = try #require(lines.firstIndex(of: line), "\(lines)")
        #expect(lines[at + 1].hasPrefix(message), "\(lines)")
        // The session goes on.
        #expect(lines.contains("Count: 1"))
    }
}
