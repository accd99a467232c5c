import Foundation
import SceneManifest
import SceneRuntime
import SceneryStorage
import Testing
import VIP

/// Another program holding a write transaction on the app's database: the session still
/// reads what is stored, and a write waits a bounded time, then is an error saying who
/// holds the file and what to do — never an empty list as if there were no data.
// checks: docs/reliability.md#a-database-another-program-is-writing
@MainActor
@Suite struct BusyDatabaseTests {
    static let files: [String: String] = [
        "app.json": appJSON(
            #""models": {"Book": {"id": "string", "title": "string"}}, "providers": {"books": {"type": "collection", "model": "Book"}}"#),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main", "state": {"shown": {"type": "[Book]", "default": []}},
         "onAppear": ["list"],
         "useCases": {
           "list": {"interactor": [{"type": "fetch", "provider": "books", "as": "all"}, {"type": "set", "path": "state.shown", "value": "@{all}"}]},
           "add": {"request": {"id": "string"}, "interactor": [
             {"type": "insert", "provider": "books", "value": "@{{id: request.id, title: 'Added'}}"}, {"type": "call", "useCase": "list", "request": {}}]}},
         "view": [{"type": "list", "items": "@{state.shown}", "empty": "No books"}, {"type": "error"}]}
        """#
    ]

    @Test func aWriteHeldByAnotherProgramIsAClearErrorAndTheStoredRecordsStillShow() async throws {
        let state = scratchFolder.appendingPathComponent("scenery-busy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let path = state.appendingPathComponent("T.sqlite").path
        do {
            let books = try SQLiteCollection(
                schema: CollectionSchema(name: "books", key: "id", fields: [.init("id", .text), .init("title", .text)]), path: path)
            try books.insert(["id": .string("b1"), "title": .string("Dune")])
        }
        // Another program: a connection of its own, inside a write transaction.
        let other = try SQLiteDatabase(path: path)
        let (started, began) = AsyncStream<Void>.makeStream()
        let (release, released) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await other.transaction {
                began.yield()
                for await _ in release { break }
            }
        }
        for await _ in started { break }
        var options = RuntimeOptions()
        options.stateDirectory = state
        try await SQLiteDatabase.$busyWait.withValue(.milliseconds(100)) {
            let test = try TestApp(Self.files, options: options)
            defer { try? FileManager.default.removeItem(at: test.folder) }
            try await test.start()
            #expect(test.lines(width: 400) == ["1. Dune"], "what is stored shows while the other program writes")
            try await test.send("add", ["id": .string("b2")])
            #expect(
                test.lines(width: 400) == [
                    "1. Dune",
                    "! cannot write to the database '\(path)': another program holds a write on it and did not end it within 100 ms; "
                        + "close that program, or wait for it to finish its write, then try again"
                ])
            released.yield()
            try await holder.value
            try await test.send("add", ["id": .string("b2")])
            #expect(test.lines(width: 400) == ["1. Dune", "2. Added"], "once the other program's write ends, the write goes through")
        }
    }
}
