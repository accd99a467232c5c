import Foundation
import SceneManifest
import Testing

@testable import SceneRuntime
@testable import SceneryStorage

/// The queries an app's fetches make of a collection are read from its manifest before it
/// runs, and its database keeps an index for each: no more, as each costs every write.
// checks: docs/manifest.md#collections
@MainActor
@Suite struct CollectionQueriesTests {
    static let models =
        #""models": {"Order": {"id": "string", "status": "string", "createdAt": "date", "total": "decimal", "paid": "bool"}}, "providers": {"orders": {"type": "collection", "model": "Order"}, "tags": {"type": "collection", "model": "Order"}}"#

    static func app(_ steps: String) -> [String: String] {
        [
            "app.json": appJSON(models),
            "scenes/Main.json": """
            {"formatVersion": 1, "scene": "Main", "onAppear": ["load"],
             "state": {"status": {"type": "string", "default": "paid"}, "n": {"type": "int", "default": 0}},
             "useCases": {"load": {"interactor": [\(steps)]}},
             "view": [{"type": "text", "text": "n @{state.n}"}]}
            """
        ]
    }

    static func shapes(_ steps: String) throws -> [String: [CollectionQueryShape]?] {
        let folder = try writeApp(app(steps))
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try #require(Validator.validate(path: folder.path).app)
        return CollectionQueries.of(loaded)
    }

    @Test func eachFetchGivesItsShapeOnce() throws {
        let shapes = try Self.shapes(
            """
            {"type": "fetch", "provider": "orders", "as": "a", "args": {"where": {"status": "@{state.status}", "createdAt": {">=": "2025-01-01", "<": "2026-01-01"}}, "sort": "-createdAt", "limit": 50}},
            {"type": "fetch", "provider": "orders", "as": "b", "args": {"where": {"status": "paid", "createdAt": {">": "2024-01-01"}}, "sort": ["-createdAt"], "limit": 10}},
            {"type": "fetch", "provider": "orders", "as": "c", "args": {"sort": ["-total", "status"]}},
            {"type": "fetch", "provider": "orders", "as": "d", "args": {"key": "o1"}},
            {"type": "fetch", "provider": "orders", "as": "e"},
            {"type": "fetch", "provider": "orders", "as": "f", "args": {"count": true, "where": {"paid": {"=": true}}}}
            """)
        #expect(
            shapes["orders"]
                == .some([
                    CollectionQueryShape(equal: ["status"], ranges: ["createdAt"], order: [.init("createdAt", descending: true)]),
                    CollectionQueryShape(order: [.init("total", descending: true), .init("status")]),
                    CollectionQueryShape(equal: ["paid"])
                ]))
        #expect(shapes["tags"] == .some([]), "a collection no fetch reads needs no index")
    }

    @Test func aSortOrWhereGivenByAnExpressionLeavesTheShapesUnknown() throws {
        for args in [#"{"sort": "@{state.status}"}"#, #"{"where": "@{state}"}"#, #""@{state}""#] {
            let shapes = try Self.shapes(#"{"type": "fetch", "provider": "orders", "as": "a", "args": \#(args)}"#)
            #expect(shapes["orders"] == .some(nil), "\(args)")
        }
    }

    @Test func theAppsDatabaseKeepsTheIndexesItsFetchesNeed() async throws {
        let state = scratchFolder.appendingPathComponent("scenery-queries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var options = RuntimeOptions()
        options.stateDirectory = state
        do {
            let test = try TestApp(
                Self.app(
                    """
                    {"type": "fetch", "provider": "orders", "as": "page", "args": {"where": {"status": "paid", "createdAt": {">=": "2025-01-01"}}, "sort": "-createdAt", "limit": 50}},
                    {"type": "set", "path": "state.n", "value": "@{count(page)}"}
                    """), options: options)
            defer { try? FileManager.default.removeItem(at: test.folder) }
            try await test.start()
            #expect(test.lines() == ["n 0"])
        }
        let database = try SharedDatabases.database(at: state.appendingPathComponent("T.sqlite").path)
        let names = try database.query("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
            .compactMap { if case let .text(name)? = $0["name"] { name } else { nil } }
        #expect(names == ["collection_orders_query_status_createdAt_id"])
    }
}
