import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import SceneryStorage

// A real list: a scene showing 2 000 orders from a collection, each with nested records (an
// address, a payment), a date and money on its row — the shape of the CleanStore port's
// order list — against the same scene over a keyValue list of them.

private let listSize = 2_000

private func listOrder(_ index: Int) -> [String: StoredValue] {
    let day = 1 + index % 28
    return [
        "id": .string(benchID(index)), "name": .string("Customer \(index % 211)"),
        "createdAt": .string("2025-\(index % 9 + 1 < 10 ? "0" : "")\(index % 9 + 1)-\(day < 10 ? "0" : "")\(day)T10:00:00Z"),
        "address": .object(["street": .string("\(index) Main Street"), "city": .string("Springfield"), "zip": .string("02139")]),
        "payment": .object(["card": .string("4111111111111111"), "total": .number(Decimal(index) / 4)])
    ]
}

private func listApp(provider: String) -> [String: String] {
    [
        "app.json": """
        { "formatVersion": 1, "name": "Bench", "entry": "Orders", "timeZone": "UTC",
          "models": { "Address": { "street": "string", "city": "string", "zip": "string" },
                      "Payment": { "card": "string", "total": "decimal" },
                      "Order": { "id": "string", "name": "string", "createdAt": "date", "address": "Address", "payment": "Payment" } },
          "providers": { "orders": \(provider) } }
        """,
        "scenes/Orders.json": """
        { "formatVersion": 1, "scene": "Orders", "onAppear": ["load"],
          "useCases": { "load": {
            "interactor": [ { "type": "fetch", "provider": "orders", "as": "all" } ],
            "response": { "orders": "@{all}" },
            "presenter": { "rows": { "each": "@{response.orders}", "as": "o",
              "value": { "title": "@{o.name}, @{o.address.city} · @{date(o.createdAt, 'short')}", "detail": "@{currency(o.payment.total)}" } } } } },
          "view": [ { "type": "header", "text": "Orders" }, { "type": "list", "items": "@{vm.rows}", "empty": "None" },
                    { "type": "button", "title": "Other", "route": { "to": "Other" }, "word": "other" } ] }
        """,
        "scenes/Other.json": """
        { "formatVersion": 1, "scene": "Other", "view": [ { "type": "header", "text": "Other" } ] }
        """
    ]
}

/// The two apps of the list rows, written and loaded, their state in `folder`.
@MainActor
private struct ListBench {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-list-\(UUID().uuidString)")
    var withCollection: LoadedApp
    var withList: LoadedApp
    var roots: [URL] = []

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let schema = CollectionSchema(
            name: "orders", key: "id",
            fields: [.init("id", .text), .init("name", .text), .init("createdAt", .date), .init("address", .json), .init("payment", .json)])
        let orders = (0..<listSize).map(listOrder)
        let collection = try SQLiteCollection(schema: schema, path: folder.appendingPathComponent("Bench.sqlite").path)
        try collection.unit { for order in orders { try collection.insert(order) } }
        let list = KeyValueStorage(fileURL: folder.appendingPathComponent("Bench.json"))
        try list.set(StoredValue.array(orders.map(StoredValue.object)), forKey: "orders")
        func loaded(_ files: [String: String]) throws -> (LoadedApp, URL) {
            try GeneratedApp.loaded(files, what: "the list benchmark app")
        }
        let first = try loaded(listApp(provider: #"{ "type": "collection", "model": "Order" }"#))
        let second = try loaded(listApp(provider: #"{ "type": "keyValue", "model": "[Order]", "default": [] }"#))
        (withCollection, withList, roots) = (first.0, second.0, [first.1, second.1])
    }

    func remove() {
        for root in roots { GeneratedApp.remove(root) }
        try? FileManager.default.removeItem(at: folder)
    }

    var options: RuntimeOptions {
        var options = RuntimeOptions()
        options.stateDirectory = folder
        return options
    }
}

@MainActor
func collectionListRow(runs: Int) async throws -> Row {
    let bench = try ListBench()
    defer { bench.remove() }
    let renderer = LineRenderer(width: 60)
    func open(_ loaded: LoadedApp) async throws -> [String] {
        let app = try RuntimeApp(loaded, options: bench.options)
        try app.start()
        await app.waitUntilSettled()
        guard let scene = app.navigator.top as? JSONScene else { return [] }
        return renderer.render(scene.components())
    }
    return try await compare(
        "a list of 2 000 collection records (nested records, a date and money a row) opens", runs: max(3, runs / 2),
        target: .microseconds(30_000),
        a: Side(name: "a scene whose `onAppear` fetches 2 000 records of a `collection` and shows a row each, started and rendered") {
            try await open(bench.withCollection)
        },
        b: Side(name: "the same scene over a `keyValue` list of the 2 000 records") {
            try await open(bench.withList)
        })
}

/// Coming back to the list: another scene pushed from it, then `back`, which runs its
/// `onAppear` load again and renders it.
@MainActor
func collectionListBackRow(runs: Int) async throws -> Row {
    let bench = try ListBench()
    defer { bench.remove() }
    let renderer = LineRenderer(width: 60)
    func started(_ loaded: LoadedApp) async throws -> RuntimeApp {
        let app = try RuntimeApp(loaded, options: bench.options)
        try app.start()
        await app.waitUntilSettled()
        return app
    }
    let withCollection = try await started(bench.withCollection)
    let withList = try await started(bench.withList)
    func comeBack(_ app: RuntimeApp) async throws -> [String] {
        guard let line = try InputLine.parse("other") else { return [] }
        _ = ActionDispatch(app: app).perform(line)
        await app.waitUntilSettled()
        try app.back()
        await app.waitUntilSettled()
        guard let scene = app.navigator.top as? JSONScene else { return [] }
        return renderer.render(scene.components())
    }
    return try await compare(
        "the list of 2 000 collection records, coming back to it", runs: max(3, runs / 2), target: .microseconds(10_000),
        a: Side(name: "`back` to the collection list from a scene pushed on it: its `onAppear` load runs again, and it renders") {
            try await comeBack(withCollection)
        },
        b: Side(name: "the same over the `keyValue` list") {
            try await comeBack(withList)
        })
}

/// The list as a user meets it: the whole `scenery run` process, from its start to the first
/// frame of the 2 000 rows printed, then `quit`.
@MainActor
func collectionListProcessRow(runs: Int) async throws -> Row {
    let scenery = try sceneryExecutable()
    let bench = try ListBench()
    defer { bench.remove() }
    let empty = bench.folder.appendingPathComponent("empty")
    let quit = bench.folder.appendingPathComponent("quit.txt")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    try Data("quit\n".utf8).write(to: quit)
    let app = bench.roots[0].path
    func run(_ state: URL) throws -> Bool {
        try spawnAndWait(scenery, ["run", app, "--state-dir", state.path, "--width", "60", "--script", quit.path])
        return true
    }
    return try await compare(
        "a list of 2 000 collection records opens: the whole `scenery run` to its first frame", runs: max(3, runs / 2),
        target: .microseconds(30_000),
        a: Side(name: "`scenery run APP --script quit.txt` over the 2 000 records: started, first frame printed, `quit`", repeats: 10) {
            try run(bench.folder)
        },
        b: Side(name: "the same app over an empty collection", repeats: 10) {
            try run(empty)
        })
}
