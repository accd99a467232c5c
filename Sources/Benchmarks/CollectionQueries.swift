import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import SceneryStorage

// A real query: 100 000 orders, a page of 50 filtered by one field (`status = 'paid'`) and a
// date range, sorted by the date, newest first — with the index the query's shape gives (A)
// and with the one-field indexes a collection kept before it knew its queries (B). And the
// seeding of such a collection from a `--fixture` file.

private let querySize = 100_000

private let queryFields: [CollectionSchema.Field] = [
    .init("id", .text), .init("customer", .text), .init("status", .text), .init("createdAt", .date), .init("total", .decimal)
]

/// An order every five minutes from 2025-01-01, three in five paid.
private func queryOrder(_ index: Int) -> [String: StoredValue] {
    let minutes = index * 5
    let (days, minute) = minutes.quotientAndRemainder(dividingBy: 1440)
    let (month, day) = (days / 28 % 12 + 1, days % 28 + 1)
    let year = 2025 + days / 336
    let date = String(format: "%04d-%02d-%02dT%02d:%02d:00Z", year, month, day, minute / 60, minute % 60)
    return [
        "id": .string(benchID(index)), "customer": .string("customer \(index % 997)"),
        "status": .string(["paid", "open", "paid", "shipped", "paid"][index % 5]), "createdAt": .string(date),
        "total": .number(Decimal(index % 50_000) / 100)
    ]
}

/// `status = 'paid'`, 2025-02-01 ≤ createdAt < 2026-06-01, newest first, 50 from `offset`.
private func paidPage(offset: Int) -> CollectionQuery {
    CollectionQuery(
        [
            .equal("status", .string("paid")), .greaterOrEqual("createdAt", .string("2025-02-01")),
            .less("createdAt", .string("2026-06-01"))
        ], order: [.init("createdAt", descending: true)], limit: 50, offset: offset)
}

/// The two collections, one file each: with the query's index, and with one index a field.
@MainActor
private final class QueryBench {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-query-\(UUID().uuidString)")
    let shaped: SQLiteCollection
    let oneField: SQLiteCollection

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let orders = (0..<querySize).map(queryOrder)
        shaped = try SQLiteCollection(
            schema: CollectionSchema(name: "orders", key: "id", fields: queryFields, queries: [CollectionQueryShape(paidPage(offset: 0))]),
            path: folder.appendingPathComponent("Shaped.sqlite").path)
        oneField = try SQLiteCollection(
            schema: CollectionSchema(name: "orders", key: "id", fields: queryFields),
            path: folder.appendingPathComponent("OneField.sqlite").path)
        try shaped.insert(contentsOf: orders)
        try oneField.insert(contentsOf: orders)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

private func ids(_ records: [[String: StoredValue]]) -> [String] {
    records.map { if case let .string(id)? = $0["id"] { id } else { "" } }
}

@MainActor
func collectionQueryRow(runs: Int) async throws -> Row {
    let bench = try QueryBench()
    var page = 0
    var pageB = 0
    return try await compare(
        "collection of 100 000: a page of 50 by `status`, a date range and `-createdAt`, the first pages", runs: runs,
        target: .microseconds(1000),
        a: Side(name: "a `collection` whose query's index the manifest gives: the first ten pages in turn", repeats: 40) {
            page = (page + 1) % 10
            return ids(try bench.shaped.records(paidPage(offset: page * 50)))
        },
        b: Side(name: "the same collection with an index a field (status, createdAt), as before its queries were known", repeats: 4) {
            pageB = (pageB + 1) % 10
            return ids(try bench.oneField.records(paidPage(offset: pageB * 50)))
        })
}

@MainActor
func collectionQueryDeepRow(runs: Int) async throws -> Row {
    let bench = try QueryBench()
    return try await compare(
        "collection of 100 000: the same page at offset 40 000", runs: runs, target: .microseconds(5000),
        a: Side(name: "a `collection` whose query's index the manifest gives: the page at offset 40 000", repeats: 10) {
            ids(try bench.shaped.records(paidPage(offset: 40_000)))
        },
        b: Side(name: "the same with an index a field", repeats: 2) {
            ids(try bench.oneField.records(paidPage(offset: 40_000)))
        })
}

/// A scene over a collection, started with `--fixture orders=FILE` on an empty state
/// folder: the fixture read and checked, the collection made and seeded, the first page
/// shown — for 100 000 records (A) and 10 000 (B).
@MainActor
func collectionSeedRow(runs: Int) async throws -> Row {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-seed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func fixture(_ count: Int) throws -> URL {
        let records = (0..<count).map { index in StoredValue.object(queryOrder(index)) }
        let file = folder.appendingPathComponent("orders-\(count).json")
        try JSONEncoder().encode(StoredValue.array(records)).write(to: file)
        return file
    }
    let (large, small) = (try fixture(querySize), try fixture(querySize / 10))
    let (loaded, root) = try GeneratedApp.loaded(
        [
            "app.json": """
            { "formatVersion": 1, "name": "Bench", "entry": "Orders",
              "models": { "Order": { "id": "string", "customer": "string", "status": "string", "createdAt": "date", "total": "decimal" } },
              "providers": { "orders": { "type": "collection", "model": "Order" } } }
            """,
            "scenes/Orders.json": """
            { "formatVersion": 1, "scene": "Orders", "onAppear": ["load"],
              "useCases": { "load": {
                "interactor": [ { "type": "fetch", "provider": "orders", "as": "page",
                  "args": { "where": { "status": "paid", "createdAt": { ">=": "2025-02-01", "<": "2026-06-01" } }, "sort": "-createdAt", "limit": 50 } } ],
                "response": { "orders": "@{page}" },
                "presenter": { "rows": { "each": "@{response.orders}", "as": "o", "value": { "title": "@{o.customer}", "detail": "@{currency(o.total)}" } } } } },
              "view": [ { "type": "header", "text": "Orders" }, { "type": "list", "items": "@{vm.rows}", "empty": "None" } ] }
            """
        ], what: "the seeding benchmark app")
    defer { GeneratedApp.remove(root) }
    let renderer = LineRenderer(width: 60)
    var run = 0
    func seed(_ file: URL) async throws -> Int {
        run += 1
        var options = RuntimeOptions()
        options.stateDirectory = folder.appendingPathComponent("state-\(run)")
        options.fixtures["orders"] = file
        defer { try? FileManager.default.removeItem(at: folder.appendingPathComponent("state-\(run)")) }
        let app = try RuntimeApp(loaded, options: options)
        try app.start()
        await app.waitUntilSettled()
        guard let scene = app.navigator.top as? JSONScene else { return 0 }
        return renderer.render(scene.components()).count
    }
    return try await compare(
        "a collection seeded from a `--fixture` of 100 000 records, to the first frame", runs: max(3, runs / 5),
        target: .growth(microseconds: 1_500_000, ratio: 12),
        a: Side(name: "`--fixture orders=FILE` of 100 000 orders on an empty state folder: read, checked, seeded, the first page shown") {
            try await seed(large)
        },
        b: Side(name: "the same with 10 000 orders") {
            try await seed(small)
        })
}
