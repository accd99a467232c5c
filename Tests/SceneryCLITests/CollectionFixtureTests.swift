import Foundation
import Testing

/// A collection's `--fixture` is checked against the model where it enters: a record that
/// does not fit refuses the run, naming the file, the record and the field, and nothing is
/// seeded — rather than failing every later read of it (E513).
// checks: docs/manifest.md#collections
@MainActor
@Suite struct CollectionFixtureTests {
    static let app = [
        "app.json": #"""
        {"formatVersion": 1, "name": "Shelf", "entry": "Books",
         "models": {"Book": {"id": "string", "title": "string", "price": "decimal", "added": "date", "tags": "[string]?"}},
         "providers": {"books": {"type": "collection", "model": "Book"}}}
        """#,
        "scenes/Books.json": #"""
        {"formatVersion": 1, "scene": "Books", "state": {"shown": {"type": "[Book]", "default": []}}, "onAppear": ["list"],
         "useCases": {"list": {"interactor": [{"type": "fetch", "provider": "books", "as": "all"}, {"type": "set", "path": "state.shown", "value": "@{all}"}]},
                      "drop": {"request": {"id": "string"}, "interactor": [{"type": "delete", "provider": "books", "key": "@{request.id}"}, {"type": "call", "useCase": "list"}]}},
         "view": [{"type": "list", "items": "@{state.shown}", "empty": "No books"}, {"type": "error"}]}
        """#
    ]

    static let good = #"{"id": "b1", "title": "Dune", "price": 9.99, "added": "2025-02-28"}"#

    @Test(arguments: [
        (
            #"{"id": "b2", "title": "Solaris", "price": 5, "added": "yesterday"}"#,
            "record 2 (id 'b2'): field 'added' is 'yesterday', which is not a date; write dates like 2026-06-29 or 2026-06-29T10:00:00Z"
        ),
        (
            #"{"id": "b2", "title": "Solaris", "price": 5, "added": "2025-02-30"}"#,
            "record 2 (id 'b2'): field 'added' is '2025-02-30', which is not a date; write dates like 2026-06-29 or 2026-06-29T10:00:00Z"
        ),
        (
            #"{"id": "b2", "title": "Solaris", "price": "5", "added": "2025-02-28"}"#,
            "record 2 (id 'b2'): field 'price' does not fit the model Book: it is text, not decimal"
        ),
        (
            #"{"id": "b2", "title": "Solaris", "price": 5, "added": "2025-02-28", "tags": ["a", 1]}"#,
            "record 2 (id 'b2'): field 'tags' does not fit the model Book: '[1]' is a number, not string"
        ),
        (
            #"{"id": "b2", "price": 5, "added": "2025-02-28"}"#,
            "record 2 (id 'b2'): field 'title' does not fit the model Book: it is null, not string"
        ),
        (#""b2""#, "record 2 is text, not a record of model Book"),
        (
            #"{"id": "b2", "titel": "Solaris", "title": "Solaris", "price": 5, "added": "2025-02-28"}"#,
            "record 2 (id 'b2'): field 'titel' is not a field of model Book (did you mean 'title'?)"
        ),
        (#"{"id": "b1", "title": "Solaris", "price": 5, "added": "2025-02-28"}"#, "record 2 (id 'b1'): its key is the key of record 1 too")
    ])
    func aRecordThatDoesNotFitRefusesTheRunAndNothingIsSeeded(record: String, problem: String) async throws {
        let (run, folder) = try await Self.run(fixture: "[\(Self.good),\n\(record)]")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.code == 1, "\(run.out)")
        #expect(run.out.isEmpty, "no scene ran: \(run.out)")
        #expect(run.error == "error: \(folder.appendingPathComponent("books.json").path): \(problem); nothing was seeded\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("state/Shelf.sqlite").path), "nothing was seeded")
    }

    @Test func aFixtureThatFitsSeedsTheCollection() async throws {
        let (run, folder) = try await Self.run(fixture: "[\(Self.good)]")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.code == 0, "\(run.error)")
        #expect(run.out.hasPrefix("1. Dune"), "\(run.out)")
    }

    /// The fixture is where the collection starts, once: emptied, it stays empty in the next
    /// session with the same fixture, as a keyValue provider keeps what was stored over its
    /// fixture; a state folder that never had one is filled by it.
    @Test func anEmptiedCollectionIsNotFilledAgainByItsFixture() async throws {
        let (first, folder) = try await Self.run(fixture: "[\(Self.good)]", script: "drop b1\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(first.out.hasSuffix("> drop b1\nNo books\n"), "\(first.out)\(first.error)")
        let again = try await Self.run(fixture: "[\(Self.good)]", in: folder)
        #expect(again.run.out == "No books\n> quit\n", "\(again.run.out)\(again.run.error)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("state"))
        let fresh = try await Self.run(fixture: "[\(Self.good)]", in: folder)
        #expect(fresh.run.out.hasPrefix("1. Dune"), "\(fresh.run.out)")
    }

    /// `scenery run` of the app with `fixture` as its books, in a new folder (returned, for
    /// the caller to look into and remove) with a state folder `state` of its own.
    static func run(fixture text: String, script lines: String = "quit\n", in given: URL? = nil) async throws -> (
        run: (code: Int32, out: String, error: String), folder: URL
    ) {
        let folder = given ?? scratchFolder.appendingPathComponent("scenery-fixture-\(UUID().uuidString)")
        let app = try writeApp(in: folder)
        let fixture = folder.appendingPathComponent("books.json")
        try Data(text.utf8).write(to: fixture)
        let script = folder.appendingPathComponent("script.txt")
        try Data(lines.utf8).write(to: script)
        let run = await runScenery([
            "run", app.path, "--state-dir", folder.appendingPathComponent("state").path, "--script", script.path,
            "--fixture", "books=\(fixture.path)"
        ])
        return (run, folder)
    }

    /// The app, written into `folder`.
    static func writeApp(in folder: URL) throws -> URL {
        let app = folder.appendingPathComponent("Shelf")
        for (path, text) in Self.app {
            let file = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return app
    }
}
