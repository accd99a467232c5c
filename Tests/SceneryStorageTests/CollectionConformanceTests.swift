import Foundation
import Testing
import VIP
import VIPTesting

@testable import SceneryStorage

/// One suite, two collections: what `SQLiteCollection` (the system's SQLite) does,
/// `InMemoryCollection` (the test double) does too — checks, errors, filters, order, pages,
/// and units that write all or nothing.
// checks: docs/manifest.md#collections
@Suite struct CollectionConformanceTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case sqlite, memory
        var testDescription: String { rawValue }
    }

    static let schema = CollectionSchema(
        name: "orders", key: "id",
        fields: [
            .init("id", .text), .init("customer", .text), .init("total", .decimal), .init("items", .integer),
            .init("paid", .bool), .init("placedAt", .date), .init("note", .text, optional: true), .init("tags", .json, optional: true)
        ])

    static func make(_ kind: Kind) throws -> any RecordCollection {
        switch kind {
        case .sqlite: try SQLiteCollection(schema: schema, path: ":memory:")
        case .memory: try InMemoryCollection(schema: schema)
        }
    }

    static func order(
        _ id: String, _ customer: String, _ total: String, items: Int = 1, paid: Bool = false,
        day: Int = 1, note: String? = nil
    ) -> [String: StoredValue] {
        [
            "id": .string(id), "customer": .string(customer), "total": .number(Decimal(string: total)!), "items": .number(Decimal(items)),
            "paid": .bool(paid), "placedAt": .string("2026-01-\(day < 10 ? "0" : "")\(day)"), "note": note.map(StoredValue.string) ?? .null,
            "tags": .array([.string("a")])
        ]
    }

    static func ids(_ records: [[String: StoredValue]]) -> [String] {
        records.map { if case let .string(id)? = $0["id"] { id } else { "?" } }
    }

    @Test(arguments: Kind.allCases)
    func recordsGoInComeBackExactlyAndKeysAreUnique(_ kind: Kind) throws {
        let orders = try Self.make(kind)
        try orders.insert(Self.order("A", "Ada", "0.10", note: "ring"))
        #expect(try orders.record(key: .string("A")) == Self.order("A", "Ada", "0.10", note: "ring"))
        #expect(throws: CollectionError.duplicateKey(collection: "orders", key: "A")) { try orders.insert(Self.order("A", "Bob", "1")) }
        #expect(throws: CollectionError.value(collection: "orders", field: "customer", reason: "is missing, and it is not optional")) {
            var record = Self.order("B", "x", "1")
            record["customer"] = nil
            try orders.insert(record)
        }
        #expect(throws: CollectionError.value(collection: "orders", field: "items", reason: "must be integer, not text")) {
            var record = Self.order("B", "x", "1")
            record["items"] = .string("two")
            try orders.insert(record)
        }
        #expect(try orders.record(key: .string("nope")) == nil)
        #expect(try orders.count(CollectionQuery()) == 1)
        // Whole numbers are kept exactly, beyond a double's 53 bits.
        var big = Self.order("Z", "Big", "1")
        big["items"] = .number(Decimal(string: "9007199254740993")!)
        try orders.insert(big)
        #expect(try orders.record(key: .string("Z"))?["items"] == .number(Decimal(string: "9007199254740993")!))
    }

    @Test(arguments: Kind.allCases)
    func anUpdateWritesOnlyItsFieldsAndADeleteRemovesByKey(_ kind: Kind) throws {
        let orders = try Self.make(kind)
        try orders.insert(Self.order("A", "Ada", "10"))
        try orders.update(key: .string("A"), fields: ["paid": .bool(true)])
        var expected = Self.order("A", "Ada", "10")
        expected["paid"] = .bool(true)
        #expect(try orders.record(key: .string("A")) == expected)
        #expect(throws: CollectionError.missingKey(collection: "orders", key: "Z")) {
            try orders.update(key: .string("Z"), fields: ["paid": .bool(true)])
        }
        #expect(throws: CollectionError.value(collection: "orders", field: "id", reason: "is the key, and an update cannot change it")) {
            try orders.update(key: .string("A"), fields: ["id": .string("B")])
        }
        #expect(try orders.delete(key: .string("A")))
        #expect(try !orders.delete(key: .string("A")))
        #expect(try orders.count(CollectionQuery()) == 0)
    }

    @Test(arguments: Kind.allCases)
    func queriesFilterSortAndPageTheSameWay(_ kind: Kind) throws {
        let orders = try Self.make(kind)
        let rows = [
            ("A", "Ada Lovelace", "19.90", 3), ("B", "Bob", "5", 1), ("C", "Grace", "100.5", 7), ("D", "ada b", "5", 2),
            ("E", "Eve", "2.25", 5)
        ]
        for (index, row) in rows.enumerated() {
            try orders.insert(Self.order(row.0, row.1, row.2, items: row.3, paid: index % 2 == 0, day: index + 1))
        }
        func ids(_ query: CollectionQuery) throws -> [String] { Self.ids(try orders.records(query)) }
        #expect(try ids(CollectionQuery()) == ["A", "B", "C", "D", "E"])
        // Decimals sort as numbers, not as text; ties break by key, in the last sort key's direction.
        #expect(try ids(CollectionQuery(order: [.init("total")])) == ["E", "B", "D", "A", "C"])
        // Descending: the key breaks ties descending too.
        #expect(try ids(CollectionQuery(order: [.init("total", descending: true)])) == ["C", "A", "D", "B", "E"])
        #expect(
            try ids(CollectionQuery([.greaterOrEqual("total", .number(5)), .less("total", .number(100))], order: [.init("items")])) == [
                "B", "D", "A"
            ])
        #expect(try ids(CollectionQuery([.contains("customer", "ADA")])) == ["A", "D"])
        #expect(try ids(CollectionQuery([.equal("paid", .bool(true))])) == ["A", "C", "E"])
        #expect(try ids(CollectionQuery([.equal("note", .null)], limit: 2, offset: 1)) == ["B", "C"])
        #expect(try ids(CollectionQuery([.greater("placedAt", .string("2026-01-03"))])) == ["D", "E"])
        #expect(try ids(CollectionQuery(order: [.init("customer")], limit: 2)) == ["A", "B"])
        #expect(try orders.count(CollectionQuery([.notEqual("total", .number(5))])) == 3)
        #expect(throws: CollectionError.value(collection: "orders", field: "tags", reason: "cannot be filtered on")) {
            try orders.records(CollectionQuery([.equal("tags", .null)]))
        }
        // A sort by anything but a comparable field is refused: a name never becomes SQL.
        #expect(throws: CollectionError.value(collection: "orders", field: "title\",(SELECT 1/0)--", reason: "cannot be sorted by")) {
            try orders.records(CollectionQuery(order: [.init("title\",(SELECT 1/0)--")]))
        }
        #expect(try ids(CollectionQuery(limit: Int.max, offset: 1)) == ["B", "C", "D", "E"])
        #expect(try ids(CollectionQuery(limit: -1, offset: -3)) == ["A", "B", "C", "D", "E"])
    }

    @Test(arguments: Kind.allCases)
    func aUnitWritesAllOrNothing(_ kind: Kind) throws {
        let orders = try Self.make(kind)
        try orders.insert(Self.order("A", "Ada", "1"))
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try orders.unit {
                try orders.insert(Self.order("B", "Bob", "2"))
                try orders.update(key: .string("A"), fields: ["paid": .bool(true)])
                throw Stop()
            }
        }
        #expect(try Self.ids(orders.records(CollectionQuery())) == ["A"])
        #expect(try orders.record(key: .string("A"))?["paid"] == .bool(false))
        try orders.unit {
            try orders.insert(Self.order("B", "Bob", "2"))
            try orders.unit { try orders.insert(Self.order("C", "Cy", "3")) }
        }
        #expect(try orders.count(CollectionQuery()) == 3)
        // A unit inside a unit that fails undoes only its own writes; the outer one goes on.
        try orders.unit {
            try orders.insert(Self.order("D", "Di", "4"))
            _ = try? orders.unit {
                try orders.insert(Self.order("E", "Ed", "5"))
                try orders.insert(Self.order("A", "again", "1"))
            }
        }
        #expect(try Self.ids(orders.records(CollectionQuery())) == ["A", "B", "C", "D"])
    }
}

/// The table follows the model: what a change of the model does to the stored records.
// checks: docs/manifest.md#collections
@Suite struct CollectionMigrationTests {
    static func schema(_ fields: [CollectionSchema.Field], key: String = "id") -> CollectionSchema {
        CollectionSchema(name: "books", key: key, fields: fields)
    }

    static let v1: [CollectionSchema.Field] = [.init("id", .text), .init("title", .text), .init("price", .decimal)]

    func folder() throws -> URL {
        let url = scratchFolder.appendingPathComponent("collections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aNewOptionalFieldIsAddedAndTheRecordsKept() throws {
        let path = try folder().appendingPathComponent("App.sqlite").path
        do {
            let books = try SQLiteCollection(schema: Self.schema(Self.v1), path: path)
            try books.insert(["id": .string("b1"), "title": .string("Dune"), "price": .number(9.99)])
        }
        let books = try SQLiteCollection(schema: Self.schema(Self.v1 + [.init("year", .integer, optional: true)]), path: path)
        #expect(
            try books.record(key: .string("b1")) == [
                "id": .string("b1"), "title": .string("Dune"), "price": .number(Decimal(string: "9.99")!), "year": .null
            ])
        try books.update(key: .string("b1"), fields: ["year": .number(1965)])
        #expect(try books.record(key: .string("b1"))?["year"] == .number(1965))
    }

    @Test func anIncompatibleChangeNamesTheFieldAndChangesNothing() throws {
        let path = try folder().appendingPathComponent("App.sqlite").path
        do {
            let books = try SQLiteCollection(schema: Self.schema(Self.v1 + [.init("note", .text, optional: true)]), path: path)
            try books.insert(["id": .string("b1"), "title": .string("Dune"), "price": .number(9.99), "note": .null])
        }
        #expect(
            throws: CollectionError.incompatible(
                collection: "books", field: "year",
                reason:
                    "is new and not optional, and the records stored have no value for it; make it optional (year?) or give it in every record"
            )
        ) {
            try SQLiteCollection(schema: Self.schema(Self.v1 + [.init("year", .integer)]), path: path)
        }
        #expect(throws: CollectionError.incompatible(collection: "books", field: "price", reason: "was decimal and is text now")) {
            try SQLiteCollection(schema: Self.schema([.init("id", .text), .init("title", .text), .init("price", .text)]), path: path)
        }
        #expect(
            throws: CollectionError.incompatible(
                collection: "books", field: "note", reason: "is not optional now, and records stored lack it")
        ) {
            try SQLiteCollection(schema: Self.schema(Self.v1 + [.init("note", .text)]), path: path)
        }
        #expect(
            throws: CollectionError.incompatible(
                collection: "books", field: "title", reason: "is the key now, and the records are stored by 'id'")
        ) {
            try SQLiteCollection(schema: Self.schema(Self.v1, key: "title"), path: path)
        }
        // A field the model no longer has keeps its values; the first model reads them again.
        let fewer = try SQLiteCollection(schema: Self.schema([.init("id", .text), .init("title", .text)]), path: path)
        try fewer.update(key: .string("b1"), fields: ["title": .string("Dune!")])
        let again = try SQLiteCollection(schema: Self.schema(Self.v1), path: path)
        #expect(
            try again.record(key: .string("b1")) == [
                "id": .string("b1"), "title": .string("Dune!"), "price": .number(Decimal(string: "9.99")!)
            ])
    }

    @Test func aMissingLibraryIsAnErrorNamingIt() {
        let names = ["libsqlite3-that-is-not-here.so.0"]
        guard case let .failure(error) = SQLiteLibrary.load(names) else {
            Issue.record("loaded a library that does not exist")
            return
        }
        #expect(error == .libraryMissing(names: names))
        #expect(error.description.contains("libsqlite3-that-is-not-here.so.0"))
    }
}

/// Typed Swift modules use collections through `TypedCollection`: Codable records, a
/// `Provider` of pages, the same on SQLite and in memory.
// checks: docs/manifest.md#collections
@Suite struct TypedCollectionTests {
    struct Order: Codable, Sendable, Equatable {
        var id: String
        var customer: String
        var total: Decimal
        var items: Int
        var paid: Bool
        var placedAt: String
        var note: String?
        var tags: [String]?
    }

    /// An interactor's view of the orders: any provider of pages.
    static func unpaidTotal(_ orders: any Provider<CollectionQuery, [Order]>) async throws -> Decimal {
        try await orders.fetch(CollectionQuery([.equal("paid", .bool(false))])).reduce(0) { $0 + $1.total }
    }

    @Test(arguments: CollectionConformanceTests.Kind.allCases)
    func codableRecordsGoInAndComeBackAndOneFieldChangesAlone(_ kind: CollectionConformanceTests.Kind) async throws {
        let orders = TypedCollection<Order>(try CollectionConformanceTests.make(kind))
        let ada = Order(
            id: "A", customer: "Ada", total: Decimal(string: "19.90")!, items: 2, paid: false, placedAt: "2026-01-02", note: nil,
            tags: ["gift"])
        try orders.insert(ada)
        try orders.insert(Order(id: "B", customer: "Bob", total: 5, items: 1, paid: false, placedAt: "2026-01-03", note: "ring", tags: nil))
        #expect(try orders.record(key: "A") == ada)
        #expect(try await Self.unpaidTotal(orders) == Decimal(string: "24.90")!)
        try orders.update(key: "B", set: ["paid": .bool(true)])
        #expect(try orders.record(key: "B")?.note == "ring")
        #expect(try await Self.unpaidTotal(orders) == Decimal(string: "19.90")!)
        var changed = ada
        changed.customer = "Ada L."
        try orders.replace(changed)
        #expect(try orders.query(CollectionQuery(order: [.init("customer")])).map(\.customer) == ["Ada L.", "Bob"])
        #expect(try orders.delete(key: "A"))
        #expect(try orders.count() == 1)
    }
}
