import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

/// A use case that only reads, while another use case's writes are still open (it awaits
/// a server), reads what has committed: never a record the other then undoes.
// checks: docs/manifest.md#collections
// checks: docs/architecture.md#collections-and-units-of-work
@MainActor
@Suite struct UnitIsolationTests {
    @Test func aReadingUseCaseNeverSeesTheRowsOfAWriterStillAwaitingAServer() async throws {
        var options = RuntimeOptions()
        options.faults["clock"] = .delay(milliseconds: 400)
        let test = try TestApp(
            [
                "app.json": appJSON(
                    #""models": {"Book": {"id": "string"}}, "providers": {"books": {"type": "collection", "model": "Book"}, "clock": {"type": "inline", "value": 1}}"#
                ),
                "scenes/Main.json": #"""
                {"formatVersion": 1, "scene": "Main",
                 "state": {"stage": {"type": "string", "default": "idle"}, "seen": {"type": "int", "default": -1}},
                 "useCases": {
                   "add": {"interactor": [{"type": "insert", "provider": "books", "value": {"id": "b1"}},
                                          {"type": "set", "path": "state.stage", "value": "inserted"},
                                          {"type": "fetch", "provider": "clock", "as": "x"},
                                          {"type": "fail", "message": "the server said no"}]},
                   "count": {"interactor": [{"type": "fetch", "provider": "books", "as": "n", "args": {"count": true}},
                                            {"type": "set", "path": "state.seen", "value": "@{n}"}]}},
                 "view": [{"type": "text", "text": "@{state.stage} @{state.seen}"}]}
                """#
            ], options: options)
        defer { try? FileManager.default.removeItem(at: test.folder) }
        try await test.start()
        let scene = try #require(test.top)
        try scene.perform("add", request: .record(Record()))
        let deadline = ContinuousClock.now + .seconds(10)
        try await Self.untilWriterAwaitsItsServer(test, deadline)
        try scene.perform("count", request: .record(Record()))
        while test.lines().first?.hasSuffix("-1") == true, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(test.lines().first == "inserted 0", "the uncommitted record is not read")
        await test.settle()
        try await test.send("count")
        #expect(test.lines().first?.hasSuffix(" 0") == true, "the writer failed, and its record was undone")
    }

    /// A collection first used while another use case's unit awaits a server opens at once
    /// (every collection opened with the database), and a second writer takes its turn when
    /// the first unit ends: its record stays though the first one's is undone.
    @Test func aCollectionFirstUsedDuringAnotherUnitOpensAtOnceAndWritersTakeTurns() async throws {
        var options = RuntimeOptions()
        // Long enough that the writer is still awaiting its server when the notes answer,
        // however busy the host: that, not a time, shows they did not wait for its unit.
        options.faults["clock"] = .delay(milliseconds: 2000)
        let test = try TestApp(
            [
                "app.json": appJSON(
                    #""models": {"Book": {"id": "string"}, "Note": {"id": "string"}}, "providers": {"books": {"type": "collection", "model": "Book"}, "notes": {"type": "collection", "model": "Note"}, "clock": {"type": "inline", "value": 1}}"#
                ),
                "scenes/Main.json": #"""
                {"formatVersion": 1, "scene": "Main",
                 "state": {"stage": {"type": "string", "default": "idle"}, "notes": {"type": "int", "default": -1},
                           "books": {"type": "int", "default": -1}},
                 "useCases": {
                   "add": {"interactor": [{"type": "insert", "provider": "books", "value": {"id": "b1"}},
                                          {"type": "set", "path": "state.stage", "value": "inserted"},
                                          {"type": "fetch", "provider": "clock", "as": "x"},
                                          {"type": "fail", "message": "the server said no"}]},
                   "countNotes": {"interactor": [{"type": "fetch", "provider": "notes", "as": "n", "args": {"count": true}},
                                                 {"type": "set", "path": "state.notes", "value": "@{n}"}]},
                   "addNote": {"reentrant": true, "interactor": [{"type": "insert", "provider": "notes", "value": {"id": "n1"}}]},
                   "count": {"interactor": [{"type": "fetch", "provider": "notes", "as": "n", "args": {"count": true}},
                                            {"type": "fetch", "provider": "books", "as": "b", "args": {"count": true}},
                                            {"type": "set", "path": "state.notes", "value": "@{n}"},
                                            {"type": "set", "path": "state.books", "value": "@{b}"}]}},
                 "view": [{"type": "text", "text": "@{state.stage} @{state.notes} @{state.books}"}]}
                """#
            ], options: options)
        defer { try? FileManager.default.removeItem(at: test.folder) }
        try await test.start()
        let scene = try #require(test.top)
        try scene.perform("add", request: .record(Record()))
        let deadline = ContinuousClock.now + .seconds(10)
        try await Self.untilWriterAwaitsItsServer(test, deadline)
        try scene.perform("countNotes", request: .record(Record()))
        while test.lines().first == "inserted -1 -1", ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(test.lines().first == "inserted 0 -1", "notes answered while the writer still awaits its server")
        #expect(!test.lines().contains { $0.hasPrefix("! ") } && scene.isBusy, "without waiting for the writer's unit to end")
        try scene.perform("addNote", request: .record(Record()))
        await test.settle()
        try await test.send("count")
        #expect(test.lines().first?.hasSuffix(" 1 0") == true, "the note written after the failed unit stays; the book is undone")
    }

    /// Waits until the `add` use case is inside its unit, awaiting its server: its frame
    /// says `inserted`.
    static func untilWriterAwaitsItsServer(_ test: TestApp, _ deadline: ContinuousClock.Instant) async throws {
        while test.lines().first?.hasPrefix("inserted") != true, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        try #require(test.lines().first?.hasPrefix("inserted") == true, "the writer is inside its unit, awaiting the server")
    }
}
