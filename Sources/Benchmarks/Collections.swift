import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import SceneryStorage
import VIP

// The collection rows: a collection of 100 000 orders in SQLite, against the same work on a
// keyValue list of them (the whole list read, changed and written back).

let collectionSize = 100_000

let orderSchema = CollectionSchema(
    name: "orders", key: "id",
    fields: [
        .init("id", .text), .init("customer", .text), .init("total", .decimal), .init("items", .integer), .init("paid", .bool)
    ])

/// Ids padded to one width, so their text order is their insertion order, which the list's
/// stable sort keeps for ties as the collection's key order does.
func benchID(_ index: Int) -> String {
    let digits = String(index)
    return "o" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
}

func benchOrder(_ index: Int) -> [String: StoredValue] {
    [
        "id": .string(benchID(index)), "customer": .string("customer \(index % 997)"), "total": .number(Decimal(index) / 100),
        "items": .number(Decimal(index % 9 + 1)), "paid": .bool(index % 3 == 0)
    ]
}

/// A folder with the collection (in `Bench.sqlite`) and the keyValue list (in `Bench.json`).
@MainActor
final class CollectionBench {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-collections-\(UUID().uuidString)")
    let collection: SQLiteCollection
    let list: KeyValueStorage

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        collection = try SQLiteCollection(schema: orderSchema, path: folder.appendingPathComponent("Bench.sqlite").path)
        list = KeyValueStorage(fileURL: folder.appendingPathComponent("Bench.json"))
        let orders = (0..<collectionSize).map(benchOrder)
        try collection.unit { for order in orders { try collection.insert(order) } }
        try list.set(StoredValue.array(orders.map(StoredValue.object)), forKey: "orders")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The list as a keyValue provider gives it: read whole.
    func readList() throws -> [[String: StoredValue]] {
        guard case let .array(items)? = try list.value(StoredValue.self, forKey: "orders") else { return [] }
        return items.map { if case let .object(fields) = $0 { fields } else { [:] } }
    }
}

@MainActor
func collectionUpdateRow(runs: Int) async throws -> Row {
    let bench = try CollectionBench()
    var counter = 0
    return try await compare(
        "collection of 100 000: update one record's field", runs: max(3, runs / 3), target: .microseconds(1000),
        a: Side(name: "a `collection` (SQLite, WAL): `update` of one field in its own unit", repeats: 40) {
            counter += 1
            try bench.collection.update(key: .string(benchID(counter % collectionSize)), fields: ["paid": .bool(counter % 2 == 0)])
            return true
        },
        b: Side(name: "a `keyValue` list of the same records: read whole, one field changed, written back (atomic, fsync)", repeats: 2) {
            var orders = try bench.readList()
            counter += 1
            orders[counter % collectionSize]["paid"] = .bool(counter % 2 == 0)
            try bench.list.set(StoredValue.array(orders.map(StoredValue.object)), forKey: "orders")
            return true
        })
}

@MainActor
func collectionInsertRow(runs: Int) async throws -> Row {
    let bench = try CollectionBench()
    var next = collectionSize
    return try await compare(
        "collection of 100 000: insert one record", runs: max(3, runs / 3), target: .microseconds(1000),
        a: Side(name: "a `collection`: `insert` in its own unit", repeats: 40) {
            next += 1
            try bench.collection.insert(benchOrder(next))
            return true
        },
        b: Side(name: "a `keyValue` list: read whole, appended to, written back", repeats: 2) {
            var orders = try bench.readList()
            next += 1
            orders.append(benchOrder(next))
            try bench.list.set(StoredValue.array(orders.map(StoredValue.object)), forKey: "orders")
            return true
        })
}

@MainActor
func collectionPageRow(runs: Int) async throws -> Row {
    let bench = try CollectionBench()
    let query = CollectionQuery(
        [.greaterOrEqual("total", .number(20)), .equal("paid", .bool(false))], order: [.init("total", descending: true)], limit: 50)
    func ids(_ records: [[String: StoredValue]]) -> [String] { records.map { if case let .string(id)? = $0["id"] { id } else { "" } } }
    return try await compare(
        "collection of 100 000: a filtered, sorted page of 50", runs: runs, target: .microseconds(5000),
        a: Side(name: "a `collection` `fetch` with `where` (a range and an equality), `sort` -total, `limit` 50", repeats: 20) {
            ids(try bench.collection.records(query))
        },
        b: Side(name: "a `keyValue` list: read whole, filtered, sorted (the key breaking ties, descending too), the first 50", repeats: 2) {
            let matching = try bench.readList().filter { order in
                guard case let .number(total)? = order["total"], case let .bool(paid)? = order["paid"] else { return false }
                return total >= 20 && !paid
            }
            let sorted = matching.sorted { a, b in
                guard case let .number(x)? = a["total"], case let .number(y)? = b["total"], case let .string(p)? = a["id"],
                    case let .string(q)? = b["id"]
                else { return false }
                return x != y ? x > y : Array(q.utf8).lexicographicallyPrecedes(Array(p.utf8))
            }
            return ids(Array(sorted.prefix(50)))
        })
}

/// A JSON scene whose `onAppear` fetches the first page, opened on its state folder and
/// rendered: the time to the first frame, with a collection and with a keyValue list.
@MainActor
func collectionSceneRow(runs: Int) async throws -> Row {
    let bench = try CollectionBench()
    func app(provider: String, interactor: String) -> [String: String] {
        [
            "app.json": """
            { "formatVersion": 1, "name": "Bench", "entry": "Orders",
              "models": { "Order": { "id": "string", "customer": "string", "total": "decimal", "items": "int", "paid": "bool" } },
              "providers": { "orders": \(provider) } }
            """,
            "scenes/Orders.json": """
            { "formatVersion": 1, "scene": "Orders", "onAppear": ["load"],
              "useCases": { "load": {
                "interactor": \(interactor),
                "response": { "orders": "@{page}" },
                "presenter": { "rows": { "each": "@{response.orders}", "as": "o", "value": { "title": "@{o.customer}", "detail": "@{o.total | currency}" } } } } },
              "view": [ { "type": "header", "text": "Orders" }, { "type": "list", "items": "@{vm.rows}", "empty": "None" } ] }
            """
        ]
    }
    let collectionApp = app(
        provider: #"{ "type": "collection", "model": "Order" }"#,
        interactor: """
            [ { "type": "fetch", "provider": "orders", "as": "page", "args": { "where": { "paid": false }, "sort": "-total", "limit": 50 } } ]
            """)
    let listApp = app(
        provider: #"{ "type": "keyValue", "model": "[Order]", "default": [] }"#,
        interactor: """
            [ { "type": "fetch", "provider": "orders", "as": "all" },
              { "type": "work", "worker": "filter", "input": "@{all}", "args": { "where": "@{!it.paid}" }, "as": "unpaid" },
              { "type": "work", "worker": "sort", "input": "@{unpaid}", "args": { "by": "total", "order": "desc" }, "as": "sorted" },
              { "type": "work", "worker": "page", "input": "@{sorted}", "args": { "size": 50 }, "as": "page" } ]
            """)
    var options = RuntimeOptions()
    options.stateDirectory = bench.folder
    let renderer = LineRenderer(width: 60)
    func loaded(_ files: [String: String]) throws -> (LoadedApp, URL) { try GeneratedApp.loaded(files, what: "a collection benchmark app") }
    let (withCollection, first) = try loaded(collectionApp)
    let (withList, second) = try loaded(listApp)
    defer {
        GeneratedApp.remove(first)
        GeneratedApp.remove(second)
    }
    func open(_ loaded: LoadedApp) async throws -> [String] {
        let app = try RuntimeApp(loaded, options: options)
        try app.start()
        await app.waitUntilSettled()
        guard let scene = app.navigator.top as? JSONScene else { return [] }
        return renderer.render(scene.components())
    }
    return try await compare(
        "collection of 100 000: a scene showing its first page opens", runs: max(3, runs / 3), target: .microseconds(50_000),
        a: Side(
            name: "a scene whose `onAppear` fetches a page of 50 from a `collection` (`where`, `sort`, `limit`), started and rendered",
            repeats: 6
        ) {
            try await open(withCollection)
        },
        b: Side(name: "the same scene over a `keyValue` list: the list read whole, then `filter`, `sort` and `page` workers", repeats: 2) {
            try await open(withList)
        })
}

/// Resident memory as a collection is paged through: the growth while reading 200 pages of
/// 50 (filtered and sorted) and counting, for 100 000 records and for 10 000. SQLite keeps a
/// bounded page cache, and a page holds 50 records: the growth does not follow the size.
@MainActor
func collectionMemoryRow(runs: Int) async throws -> Row {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-memory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func filled(_ count: Int) throws -> SQLiteCollection {
        let collection = try SQLiteCollection(schema: orderSchema, path: folder.appendingPathComponent("Bench\(count).sqlite").path)
        try collection.unit { for index in 0..<count { try collection.insert(benchOrder(index)) } }
        return collection
    }
    let large = try filled(collectionSize)
    let small = try filled(collectionSize / 10)
    func growth(_ collection: SQLiteCollection) throws -> Double {
        let before = residentMiB()
        for page in 0..<200 {
            _ = try collection.records(
                CollectionQuery([.equal("paid", .bool(false))], order: [.init("total", descending: true)], limit: 50, offset: page * 50))
        }
        _ = try collection.count(CollectionQuery([.greaterOrEqual("total", .number(20))]))
        return max(0, residentMiB() - before)
    }
    var a: [Double] = [], b: [Double] = []
    for _ in 0..<runs {
        a.append(try growth(large))
        b.append(try growth(small))
    }
    let medianA = a.sorted()[runs / 2], medianB = b.sorted()[runs / 2]
    return Row(
        metric: "collection: resident memory while paging through it",
        a: "the growth of resident memory over 200 filtered, sorted pages of 50 and a count, in a collection of 100 000",
        b: "the same in a collection of 10 000", aText: String(format: "+%.1f MiB", medianA), bText: String(format: "+%.1f MiB", medianB),
        aMedian: medianA, bMedian: medianB, ratios: [], target: .mebibytes(4), runs: runs)
}
