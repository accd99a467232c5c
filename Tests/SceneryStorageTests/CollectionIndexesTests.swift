import Foundation
import Testing

@testable import SceneryStorage

/// A collection keeps the indexes its app's queries need and no others, and SQLite walks
/// them: a filtered, sorted page is sought in its index, never sorted after the filter.
// checks: docs/manifest.md#collections
@Suite struct CollectionIndexesTests {
    static let fields: [CollectionSchema.Field] = [
        .init("id", .text), .init("customer", .text), .init("status", .text), .init("createdAt", .date),
        .init("total", .decimal), .init("paid", .bool)
    ]
    /// `status = …`, a date range, newest first: the shape of an order list's page.
    static let page = CollectionQuery(
        [.equal("status", .string("paid")), .greaterOrEqual("createdAt", .string("2025-01-01")), .less("createdAt", .string("2026-01-01"))],
        order: [.init("createdAt", descending: true)], limit: 50)

    static func schema(_ queries: [CollectionQueryShape]?) -> CollectionSchema {
        CollectionSchema(name: "orders", key: "id", fields: fields, queries: queries)
    }

    static func order(_ index: Int) -> [String: StoredValue] {
        let day = Calendar(identifier: .gregorian).date(byAdding: .hour, value: index * 7, to: Date(timeIntervalSince1970: 1_672_531_200))!
        return [
            "id": .string(String(format: "o%05d", index)), "customer": .string("c\(index % 13)"),
            "status": .string(["open", "paid", "shipped"][index % 3]), "createdAt": .string(ISO8601DateFormatter().string(from: day)),
            "total": .number(Decimal(index % 500) / 4), "paid": .bool(index % 3 == 1)
        ]
    }

    private func indexes(_ collection: SQLiteCollection) throws -> [String] {
        try collection.database.query("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
            .compactMap { if case let .text(name)? = $0["name"] { name } else { nil } }
    }

    private func plan(_ collection: SQLiteCollection, _ query: CollectionQuery) throws -> String {
        try collection.explain(query)
    }

    private func temporaryFile() -> URL {
        scratchFolder.appendingPathComponent("scenery-indexes-\(UUID().uuidString).sqlite")
    }

    private func remove(_ file: URL) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    @Test func theQueriesKnownGiveTheirIndexesAndNoOthers() throws {
        let collection = try SQLiteCollection(
            schema: Self.schema([
                CollectionQueryShape(Self.page), CollectionQueryShape(order: [.init("total", descending: true)]),
                CollectionQueryShape(equal: ["customer"]), CollectionQueryShape(order: [.init("id")])
            ]), path: ":memory:")
        #expect(
            try indexes(collection) == [
                "collection_orders_by_customer", "collection_orders_by_total", "collection_orders_query_status_createdAt_id"
            ])
    }

    @Test func queriesNotKnownGiveEveryFieldItsIndexButBooleans() throws {
        let collection = try SQLiteCollection(schema: Self.schema(nil), path: ":memory:")
        #expect(
            try indexes(collection) == [
                "collection_orders_by_createdAt", "collection_orders_by_customer", "collection_orders_by_status",
                "collection_orders_by_total"
            ])
    }

    @Test func mixedDirectionsAndEqualitiesMakeOneIndexInTheOrderTheQueryWalks() throws {
        let sorted = CollectionQuery([.equal("paid", .bool(false))], order: [.init("total", descending: true), .init("customer")])
        let collection = try SQLiteCollection(schema: Self.schema([CollectionQueryShape(sorted)]), path: ":memory:")
        #expect(try indexes(collection) == ["collection_orders_query_paid_total_-customer_-id"])
        let detail = try plan(collection, sorted)
        #expect(detail.contains("collection_orders_query_paid_total_-customer_-id") && !detail.contains("TEMP B-TREE"), "\(detail)")
    }

    @Test func aFilteredSortedPageIsSoughtInItsIndexAndNeverSorted() throws {
        let collection = try SQLiteCollection(schema: Self.schema([CollectionQueryShape(Self.page)]), path: ":memory:")
        let reference = try SQLiteCollection(schema: Self.schema(nil), path: ":memory:")
        let orders = (0..<3000).map(Self.order)
        try collection.insert(contentsOf: orders)
        try reference.insert(contentsOf: orders)
        for offset in [0, 50, 150] {
            var query = Self.page
            query.offset = offset
            let detail = try plan(collection, query)
            #expect(
                detail.contains("USING INDEX collection_orders_query_status_createdAt_id (status=? AND") && !detail.contains("TEMP B-TREE"),
                "\(detail)")
            // The same records, in the same order, as with the one-field indexes.
            let page = try collection.records(query)
            #expect(page == (try reference.records(query)))
            #expect(!page.isEmpty)
        }
    }

    @Test func reopenedWithOtherQueriesItsIndexesFollowThemAndTheRecordsStay() throws {
        let file = temporaryFile()
        defer { remove(file) }
        do {
            let collection = try SQLiteCollection(schema: Self.schema([CollectionQueryShape(Self.page)]), path: file.path)
            try collection.insert(contentsOf: (0..<40).map(Self.order))
        }
        let byTotal = CollectionQueryShape(order: [.init("total")])
        let reopened = try SQLiteCollection(schema: Self.schema([byTotal]), path: file.path)
        #expect(try indexes(reopened) == ["collection_orders_by_total"])
        #expect(try reopened.count(CollectionQuery()) == 40)
        let again = try SQLiteCollection(schema: Self.schema(nil), path: file.path)
        #expect(try indexes(again).count == 4)
    }

    @Test func whileAnotherProgramWritesTheIndexesWaitAndTheRecordsStillRead() throws {
        let file = temporaryFile()
        defer { remove(file) }
        do {
            let collection = try SQLiteCollection(schema: Self.schema(nil), path: file.path)
            try collection.insert(contentsOf: (0..<40).map(Self.order))
        }
        let other = try SQLiteDatabase(path: file.path)
        try other.transaction {
            let opened = try SQLiteCollection(schema: Self.schema([CollectionQueryShape(Self.page)]), path: file.path)
            #expect(try indexes(opened).count == 4, "nothing changed while the other program holds its write")
            #expect(try opened.count(CollectionQuery()) == 40)
            let reference = try SQLiteCollection(schema: Self.schema(nil), path: ":memory:")
            try reference.insert(contentsOf: (0..<40).map(Self.order))
            let everything = CollectionQuery(order: [.init("createdAt", descending: true)])
            #expect(try opened.records(everything) == (try reference.records(everything)))
        }
        let reopened = try SQLiteCollection(schema: Self.schema([CollectionQueryShape(Self.page)]), path: file.path)
        #expect(try indexes(reopened) == ["collection_orders_query_status_createdAt_id"])
    }

    @Test func manyRecordsAddedAtOnceKeepEveryIndexAndAllOrNoneOfThem() throws {
        let collection = try SQLiteCollection(schema: Self.schema([CollectionQueryShape(Self.page)]), path: ":memory:")
        var orders = (0..<2000).map(Self.order)
        orders.append(Self.order(7))
        #expect(throws: CollectionError.duplicateKey(collection: "orders", key: "o00007")) {
            try collection.insert(contentsOf: orders)
        }
        #expect(try collection.count(CollectionQuery()) == 0)
        #expect(try indexes(collection) == ["collection_orders_query_status_createdAt_id"])
        orders.removeLast()
        try collection.insert(contentsOf: orders)
        #expect(try collection.count(CollectionQuery()) == 2000)
        #expect(try indexes(collection) == ["collection_orders_query_status_createdAt_id"])
        #expect(try collection.database.query("PRAGMA integrity_check").first?["integrity_check"] == .text("ok"))
    }
}
