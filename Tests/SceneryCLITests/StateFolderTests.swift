import Foundation
import Testing

@testable import SceneryCLI

/// Two apps of one name never share saved state, and `--reset` moves an app's saved state
/// aside, deleting nothing.
// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct StateFolderTests {
    func folder() throws -> URL {
        let url = scratchFolder.appendingPathComponent("scenery-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theFirstAppKeepsTheFolderAndAnotherOfTheSameNameGetsItsOwn() throws {
        let base = try folder()
        let first = StateFolder.default(base: base, appName: "Todo", appRoot: "/apps/one/Todo")
        #expect(first.lastPathComponent == "Todo")
        #expect(StateFolder.default(base: base, appName: "Todo", appRoot: "/apps/one/Todo").path == first.path)
        let second = StateFolder.default(base: base, appName: "Todo", appRoot: "/apps/two/Todo")
        #expect(second.lastPathComponent == "Todo-\(StateFolder.hash("/apps/two/Todo"))")
        #expect(second.path != first.path)
        // A folder from before the marker is claimed by the first app to run: its data stays.
        let old = base.appendingPathComponent("scenery/Notes")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: old.appendingPathComponent("Notes.json"))
        #expect(StateFolder.default(base: base, appName: "Notes", appRoot: "/apps/Notes").path == old.path)
    }

    @Test func aResetMovesTheSavedStateAsideAndAnotherSessionBlocksIt() async throws {
        let state = try folder()
        let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenes/Orders").path
        let script = state.appendingPathComponent("script.txt")
        try Data("quit\n".utf8).write(to: script)
        let made = await runScenery(["run", shop, "--state-dir", state.path, "--script", script.path])
        #expect(made.code == 0, "\(made.error)")
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("Orders.sqlite").path))
        let reset = await runScenery(["run", shop, "--state-dir", state.path, "--script", script.path, "--reset"])
        #expect(reset.code == 0, "\(reset.error)")
        let moved = try #require(try FileManager.default.contentsOfDirectory(atPath: state.path).first { $0.hasPrefix("reset-") })
        #expect(reset.error.hasPrefix("reset: the saved state of 'Orders' was moved to \(state.appendingPathComponent(moved).path)"))
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("\(moved)/Orders.sqlite").path))
        let refused = await runScenery(["run", shop, "--reset", "--record", state.appendingPathComponent("x.transcript").path])
        #expect(refused.code == 2)
    }

    /// A storage file that cannot be read — a damaged JSON file, a file that is not a SQLite
    /// database — is kept, and its message says how to repair it and how to start over, as
    /// typed; `--reset` then starts empty with the damaged files moved aside.
    // checks: docs/reliability.md#a-value-that-cannot-be-read-is-never-replaced
    @Test func damagedStorageSaysHowToRepairOrResetAndResetStartsOver() async throws {
        let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenes")
        for (app, file, damage) in [("Shop", "Shop.json", "{\"broken"), ("Orders", "Orders.sqlite", "not a database, but text")] {
            let state = try folder()
            let script = state.appendingPathComponent("script.txt")
            try Data("quit\n".utf8).write(to: script)
            let path = apps.appendingPathComponent(app).path
            _ = await runScenery(["run", path, "--state-dir", state.path, "--script", script.path])
            try Data(damage.utf8).write(to: state.appendingPathComponent(file))
            let damaged = await runScenery(["run", path, "--state-dir", state.path, "--script", script.path, "--width", "400"])
            let frame = damaged.out.replacingOccurrences(of: "\n! ", with: " ").replacingOccurrences(of: "\n", with: " ")
            #expect(frame.contains("the file was kept unchanged: repair it"), "\(damaged.out)")
            #expect(
                frame.contains(
                    "or start over with 'scenery run \(path) --state-dir \(state.path) --reset', which moves the saved state aside and deletes nothing"
                ),
                "\(damaged.out)")
            #expect(try String(contentsOf: state.appendingPathComponent(file), encoding: .utf8) == damage, "the damaged file is kept")
            let reset = await runScenery(["run", path, "--state-dir", state.path, "--script", script.path, "--reset", "--width", "400"])
            #expect(!reset.out.contains("repair it"), "\(reset.out)")
            let moved = try #require(try FileManager.default.contentsOfDirectory(atPath: state.path).first { $0.hasPrefix("reset-") })
            #expect(try String(contentsOf: state.appendingPathComponent("\(moved)/\(file)"), encoding: .utf8) == damage)
        }
    }
}
