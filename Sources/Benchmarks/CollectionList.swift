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
          "view": [ { "type": "header", "text": "Orders" }, { "type": "list", "items": "@{vm.rows}", "empty": "None" } ] }
        """
    ]
}

@MainActor
func collectionListRow(runs: Int) async throws -> Row {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-list-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = CollectionSchema(
        name: "orders", key: "id",
        fields: [.init("id", .text), .init("name", .text), .init("createdAt", .date), .init("address", .json), .init("payment", .json)])
    let orders = (0..<listSize).map(listOrder)
    let collection = try SQLiteCollection(schema: schema, path: folder.appendingPathComponent("Bench.sqlite").path)
    try collection.unit { for order in orders { try collection.insert(order) } }
    let list = KeyValueStorage(fileURL: folder.appendingPathComponent("Bench.json"))
    try list.set(StoredValue.array(orders.map(StoredValue.object)), forKey: "orders")
    var options = RuntimeOptions()
    options.stateDirectory = folder
    let renderer = LineRenderer(width: 60)
    func loaded(_ files: [String: String]) throws -> (LoadedApp, URL) {
        let root = try GeneratedApp.write(files)
        let report = Validator.validate(path: root.path)
        guard let loaded = report.app, !report.hasErrors else {
            throw BenchmarkFailure.setup(
                "the list benchmark app does not validate:\n\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        }
        return (loaded, root)
    }
    let (withCollection, first) = try loaded(listApp(provider: #"{ "type": "collection", "model": "Order" }"#))
    let (withList, second) = try loaded(listApp(provider: #"{ "type": "keyValue", "model": "[Order]", "default": [] }"#))
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
        "a list of 2 000 collection records (nested records, a date and money a row) opens", runs: max(3, runs / 2),
        target: .microseconds(30_000),
        a: Side(name: "a scene whose `onAppear` fetches 2 000 records of a `collection` and shows a row each, started and rendered") {
            try await open(withCollection)
        },
        b: Side(name: "the same scene over a `keyValue` list of the 2 000 records") {
            try await open(withList)
        })
}
