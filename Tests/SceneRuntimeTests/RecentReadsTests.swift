import Foundation
import SceneManifest
import Testing

@testable import SceneRuntime
@testable import SceneryStorage

/// A scene that comes back reloads what its `onAppear` fetches: unchanged records are not
/// read or formatted again, and whatever changed — a write of the session's, another
/// program's commit, the state a row reads — shows.
// checks: docs/performance.md#a-real-list
// checks: docs/manifest.md#collections
@MainActor
@Suite struct RecentReadsTests {
    static let files: [String: String] = [
        "app.json": appJSON(
            #""models": {"Book": {"id": "string", "title": "string", "at": "date"}}, "providers": {"books": {"type": "collection", "model": "Book"}}"#
        ),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main", "onAppear": ["list"],
         "state": {"mark": {"type": "string", "default": "·"}},
         "useCases": {
           "list": {"interactor": [{"type": "fetch", "provider": "books", "as": "all", "args": {"sort": "title"}}],
                    "response": {"books": "@{all}"},
                    "presenter": {"rows": {"each": "@{response.books}", "as": "b", "value": "@{b.title} @{date(b.at, 'short')}"},
                                  "marked": {"each": "@{response.books}", "as": "b", "value": "@{state.mark} @{b.title}"}}},
           "add": {"request": {"id": "string", "title": "string"}, "interactor": [
             {"type": "insert", "provider": "books", "value": "@{{id: request.id, title: request.title, at: '2026-01-02'}}"},
             {"type": "call", "useCase": "list", "request": {}}]},
           "mark": {"request": {"with": "string"}, "interactor": [{"type": "set", "path": "state.mark", "value": "@{request.with}"},
             {"type": "call", "useCase": "list", "request": {}}]}},
         "view": [{"type": "list", "items": "@{vm.rows}", "empty": "No books"}, {"type": "list", "items": "@{vm.marked}", "empty": "-"},
                  {"type": "button", "title": "Other", "route": {"to": "Other"}, "word": "other"}]}
        """#,
        "scenes/Other.json": #"{"formatVersion": 1, "scene": "Other", "view": [{"type": "text", "text": "other"}]}"#
    ]

    private func comeBack(_ test: TestApp) async throws {
        let line = try #require(try InputLine.parse("other"))
        _ = ActionDispatch(app: test.app).perform(line)
        await test.settle()
        #expect(test.lines() == ["other"])
        try test.app.back()
        await test.settle()
    }

    @Test func whatChangedShowsWhenTheSceneComesBackAndWhatDidNotIsTheSame() async throws {
        let state = scratchFolder.appendingPathComponent("scenery-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var options = RuntimeOptions()
        options.stateDirectory = state
        let test = try TestApp(Self.files, options: options)
        defer { try? FileManager.default.removeItem(at: test.folder) }
        try await test.start()
        try await test.send("add", ["id": .string("b1"), "title": .string("Dune")])
        #expect(test.lines() == ["1. Dune 1/2/26", "1. · Dune", "[ Other ]"])
        try await comeBack(test)
        #expect(test.lines() == ["1. Dune 1/2/26", "1. · Dune", "[ Other ]"])

        // Another program commits a record: the version moves, and the list is read again.
        let other = try SQLiteDatabase(path: state.appendingPathComponent("T.sqlite").path)
        try other.execute(
            "INSERT INTO \"collection_books\" (id, title, at) VALUES ('b0', 'Algebra', '2026-03-04')")
        try await comeBack(test)
        #expect(test.lines() == ["1. Algebra 3/4/26", "2. Dune 1/2/26", "1. · Algebra", "2. · Dune", "[ Other ]"])

        // A row that reads the state is made again when the state changes.
        try await test.send("mark", ["with": .string("*")])
        #expect(test.lines() == ["1. Algebra 3/4/26", "2. Dune 1/2/26", "1. * Algebra", "2. * Dune", "[ Other ]"])

        // A write of the session's own shows too.
        try await test.send("add", ["id": .string("b2"), "title": .string("Emma")])
        try await comeBack(test)
        #expect(
            test.lines() == ["1. Algebra 3/4/26", "2. Dune 1/2/26", "3. Emma 1/2/26", "1. * Algebra", "2. * Dune", "3. * Emma", "[ Other ]"]
        )
    }

    @Test func recentReadsGiveAValueOnlyAtTheVersionItWasReadAt() {
        var reads = RecentReads()
        let args = SceneValue.record(Record(fields: [("sort", .string("title"))]))
        reads.keep(.list([.string("a")]), for: args, at: 7)
        #expect(reads.value(for: args, at: 7) == .list([.string("a")]))
        #expect(reads.value(for: args, at: 8) == nil)
        #expect(reads.value(for: .record(Record()), at: 7) == nil)
        reads.keep(.list([.string("b")]), for: args, at: 8)
        #expect(reads.value(for: args, at: 7) == nil, "a newer version drops what an older one read")
        for index in 0..<(RecentReads.capacity + 1) {
            reads.keep(.number(Decimal(index)), for: .number(Decimal(index)), at: 8)
        }
        #expect(reads.value(for: args, at: 8) == nil, "the oldest read goes first")
        #expect(reads.value(for: .number(Decimal(RecentReads.capacity)), at: 8) == .number(Decimal(RecentReads.capacity)))
    }

    @Test(arguments: [
        ("@{b.title} @{currency(b.total)} @{date(b.at, 'short')}", true),
        ("@{upper(b.title)}", true),
        ("@{state.mark} @{b.title}", false),
        ("@{b.title} @{now()}", false),
        ("@{uuid()}", false),
        ("@{shout(b.title)}", false),
        ("@{count(filter(b.tags, it != ''))}", false)
    ])
    func rowsAreKeptOnlyWhenTheyReadTheirItemAlone(_ text: String, _ kept: Bool) throws {
        let template = ValueTemplate.template(try ExpressionParser.template(text))
        #expect((PresenterRowMemo.forRows(template, local: "b") != nil) == kept, "\(text)")
    }
}
