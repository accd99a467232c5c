import Foundation
import SceneRuntime
import SceneTesting
import Testing
import VIPTesting

/// The tester's calls for a transcript's `>> ` lines: `moveClock`, `inject`, `assertStored`
/// and `assertActions`, on an app that keeps a memo in a `keyValue` provider and shows `now()`.
// checks: docs/testing.md#2-a-json-scene-in-swift-scenetester
@MainActor
@Suite struct SceneTesterDirectivesTests {
    /// The app, written to a new temporary folder.
    static func memo() throws -> String {
        let folder = scratchFolder.appendingPathComponent("scenery-memo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(
            #"""
            { "formatVersion": 1, "name": "Memo", "entry": "Home",
              "providers": { "memo": { "type": "keyValue", "model": "string", "default": "none" } } }
            """#.utf8
        ).write(to: folder.appendingPathComponent("app.json"))
        try Data(
            #"""
            { "formatVersion": 1, "scene": "Home", "state": { "memo": { "type": "string", "default": "" } },
              "onAppear": ["load"],
              "useCases": {
                "load": { "internal": true, "interactor": [
                  { "type": "fetch", "provider": "memo", "as": "m" }, { "type": "set", "path": "state.memo", "value": "@{m}" } ] },
                "save": { "request": { "text": "string" }, "interactor": [
                  { "type": "store", "provider": "memo", "value": "@{request.text}" }, { "type": "call", "useCase": "load" } ] } },
              "view": [
                { "type": "text", "text": "Memo: @{state.memo}" }, { "type": "text", "text": "At: @{string(now())}" },
                { "type": "error" } ] }
            """#.utf8
        ).write(to: folder.appendingPathComponent("scenes/Home.json"))
        return folder.path
    }

    @Test func aMovedClockAFaultMidwayAndWhatIsStoredAreAssertedAsATranscriptShowsThem() async throws {
        let failures = CollectedFailures()
        let app = try SceneTester(app: try Self.memo(), reporter: failures.reporter)
        await app.start()
        app.assertLines(["Memo: none", "At: 2026-01-01T00:00:00Z"])
        await app.assertStored(["stored memo: \"none\""])
        app.moveClock("+2h")
        app.inject(.failStores, on: "memo")
        await app.send("save hi")
        app.receiveError("memo: could not be written (fault injected with >> fault)")
        app.assertLines(["Memo: none", "At: 2026-01-01T02:00:00Z", "! memo: could not be written (fault injected with >> fault)"])
        app.inject(nil, on: "memo")
        await app.send("save yo")
        app.assertLines(["Memo: yo", "At: 2026-01-01T02:00:00Z"])
        await app.assertStored(["stored memo: \"yo\""])
        await app.finish()
        #expect(failures.messages.isEmpty, "\(failures.messages)")
    }

    @Test func aRestartFindsWhatWasStoredAndAStateSeedIsWhereTheAppStarts() async throws {
        let failures = CollectedFailures()
        let app = try SceneTester(app: try Self.memo(), faults: ["memo": .failStores], reporter: failures.reporter)
        await app.start()
        app.inject(nil, on: "memo")
        await app.send("save yo")
        app.assertLines(["Memo: yo", "At: 2026-01-01T00:00:00Z"])
        app.moveClock("+1d")
        await app.restart()
        // What was stored is there; the clock starts again; the faults it was made with are back.
        app.assertLines(["Memo: yo", "At: 2026-01-01T00:00:00Z"])
        await app.send("save again")
        app.receiveError("memo: could not be written (fault injected with --fault)")
        await app.finish()
        #expect(failures.messages.isEmpty, "\(failures.messages)")

        let seed = scratchFolder.appendingPathComponent("scenery-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: seed, withIntermediateDirectories: true)
        try Data(#"{"memo": "from the seed"}"#.utf8).write(to: seed.appendingPathComponent("Memo.json"))
        let seeded = try SceneTester(app: try Self.memo(), stateSeed: seed, reporter: failures.reporter)
        await seeded.start()
        seeded.assertLines(["Memo: from the seed", "At: 2026-01-01T00:00:00Z"])
        await seeded.send("save changed")
        await seeded.finish()
        // The seed itself is copied, never written.
        #expect(try String(contentsOf: seed.appendingPathComponent("Memo.json"), encoding: .utf8) == #"{"memo": "from the seed"}"#)
        #expect(failures.messages.isEmpty, "\(failures.messages)")
    }

    @Test func aMoveThatCannotBeReadAndStoredValuesThatDifferFailTheTest() async throws {
        let failures = CollectedFailures()
        let app = try SceneTester(app: try Self.memo(), reporter: failures.reporter)
        await app.start()
        app.moveClock("soon")
        await app.assertStored(["stored memo: \"milk\""])
        await app.finish()
        #expect(
            failures.messages.map { $0.split(separator: "\n")[0] } == [
                "moveClock: the move cannot be read", "assertStored: the stored values differ"
            ])
        #expect(failures.messages.last?.contains("stored memo: \"none\"") == true, "\(failures.messages)")
    }

    /// `delete(_:from:)` deletes as `>> delete` does: the record is gone when the app reads
    /// again; one the collection does not hold fails the test, with why.
    @Test func aRecordDeletedAsAnotherSessionWouldIsGoneAtTheNextRead() async throws {
        let vanish = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SceneryCLITests/Fixtures/Explore/Vanish")
        let failures = CollectedFailures()
        let app = try SceneTester(
            app: vanish.path, width: 40, fixtureFiles: ["notes": vanish.appendingPathComponent("tests/seeds/two.json")],
            reporter: failures.reporter)
        await app.start()
        app.exhaustivity = .off
        await app.send("open 1")
        app.delete("n1", from: "notes")
        app.assertLines(["== milk ==", "Share: 0", "[ Split ]", "[ Back ]"])
        await app.send("back")
        app.assertLines(["1. eggs"])
        app.delete("n1", from: "notes")
        await app.finish()
        #expect(failures.messages.map { $0.split(separator: "\n")[0] } == ["delete: the record was not deleted"], "\(failures.messages)")
        #expect(failures.messages.last?.contains("'>> delete' finds no record 'n1' in 'notes'") == true, "\(failures.messages)")
    }

    /// `assertActions` holds what `>> actions` prints: the memo's one use case is only typed,
    /// and the frame, with nothing shown and nothing below, is a dead end; other lines fail.
    @Test func whatTheFrameOffersIsAssertedAsActionsPrintsIt() async throws {
        let failures = CollectedFailures()
        let app = try SceneTester(app: try Self.memo(), reporter: failures.reporter)
        await app.start()
        app.assertActions([
            "actions shown: none", "actions typed: save", "dead end: nothing to do, no message saying why, and no scene to go back to"
        ])
        #expect(failures.messages.isEmpty, "\(failures.messages)")
        app.assertActions(["actions shown: save"])
        await app.finish()
        #expect(failures.messages.map { $0.split(separator: "\n")[0] } == ["assertActions: the frame offers other actions"])
    }

    /// `now:`, `timeZone:` and `env:` are what `--now`, `--tz` and `--env` are to a run.
    @Test func theClockTheZoneAndEnvAreTheTestersToSet() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-zone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{ "formatVersion": 1, "name": "Clock", "entry": "Home", "env": { "region": "eu" } }"#.utf8).write(
            to: folder.appendingPathComponent("app.json"))
        try Data(
            #"""
            { "formatVersion": 1, "scene": "Home",
              "view": [ { "type": "text", "text": "Day: @{date(now(), 'short')}" }, { "type": "text", "text": "Region: @{env.region}" } ] }
            """#.utf8
        ).write(to: folder.appendingPathComponent("scenes/Home.json"))
        let evening = Date(timeIntervalSince1970: 1_772_395_200)  // 2026-03-01T20:00:00Z
        let failures = CollectedFailures()
        let plain = try SceneTester(app: folder.path, now: evening, reporter: failures.reporter)
        await plain.start()
        plain.assertLines(["Day: 3/1/26", "Region: eu"])
        await plain.finish()
        let tokyo = try SceneTester(
            app: folder.path, now: evening, timeZone: "Asia/Tokyo", env: ["region": "jp"], reporter: failures.reporter)
        await tokyo.start()
        tokyo.assertLines(["Day: 3/2/26", "Region: jp"])
        await tokyo.finish()
        #expect(failures.messages.isEmpty, "\(failures.messages)")
    }
}
