import Foundation
import Testing
import VIP
import VIPTesting

/// One suite, two collections: what `SQLiteCollection` (the system's SQLite) does,
/// `InMemoryCollection` (the test double) does too — checks, errors, filters, order, pages,
/// and units that write all or nothing.
// checks: docs/manifest.md#collections
@Suite struct CollectionConformanceTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case sqlite, memory
        var testDescription: String { rawValue }
    }

    static let schema = CollectionSchema(name: "orders", key: "id", fields: [
        .init("id", .text), .init("customer", .text), .init("total", .decimal), .init("items", .integer),
        .init("paid", .bool), .init("placedAt", .date), .init("note", .text, optional: true), .init("tags", .json, optional: true),
    ])

    static func make(_ kind: Kind) throws -> any RecordCollection {
        switch kind {
        case .sqlite: try SQLiteCollection(schema: schema, path: ":memory:")
        case .memory: try InMemoryCollection(schema: schema)
        }
    }

    static func order(_ id: String, _ customer: String, _ total: String, items: Int = 1, paid: Bool = false,
                      day: Int = 1, note: String? = nil) -> [String: StoredValue] {
        ["id": .string(id), "customer": .string(customer), "total": .number(Decimal(string: total)!), "items": .number(Decimal(items)),
         "paid": .bool(paid), "placedAt": .string("2026-01-\(day < 10 ? "0" : "")\(day)"), "note": note.map(StoredValue.string) ?? .null,
         "tags": .array([.string("a")])]
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
    }

    @Test(arguments: Kind.allCases)
    func anUpdateWritesOnlyItsFieldsAndADeleteRemovesByKey(_ kind: Kind) throws {
        let orders = try Self.make(kind)
        try orders.insert(Self.order("A", "Ada", "10"))
        try orders.update(key: .string("A"), fields: ["paid": .bool(true)])
        var expected = Self.order("A", "Ada", "10")
        expected["paid"] = .bool(true)
        #expect(try orders.record(key: .string("A")) == expected)
        #expect(throws: CollectionError.missingKey(collection: "orders", key: "Z")) { try orders.update(key: .string("Z"), fields: ["paid": .bool(true)]) }
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
        let rows = [("A", "Ada Lovelace", "19.90", 3), ("B", "Bob", "5", 1), ("C", "Grace", "100.5", 7), ("D", "ada b", "5", 2), ("E", "Eve", "2.25", 5)]
        for (index, row) in rows.enumerated() { try orders.insert(Self.order(row.0, row.1, row.2, items: row.3, paid: index % 2 == 0, day: index + 1)) }
        func ids(_ query: CollectionQuery) throws -> [String] { Self.ids(try orders.records(query)) }
        #expect(try ids(CollectionQuery()) == ["A", "B", "C", "D", "E"])
        // Decimals sort as numbers, not as text; ties break by key.
        #expect(try ids(CollectionQuery(order: [.init("total")])) == ["E", "B", "D", "A", "C"])
        #expect(try ids(CollectionQuery(order: [.init("total", descending: true)])) == ["C", "A", "B", "D", "E"])
        #expect(try ids(CollectionQuery([.greaterOrEqual("total", .number(5)), .less("total", .number(100))], order: [.init("items")])) == ["B", "D", "A"])
        #expect(try ids(CollectionQuery([.contains("customer", "ADA")])) == ["A", "D"])
        #expect(try ids(CollectionQuery([.equal("paid", .bool(true))])) == ["A", "C", "E"])
        #expect(try ids(CollectionQuery([.equal("note", .null)], limit: 2, offset: 1)) == ["B", "C"])
        #expect(try ids(CollectionQuery([.greater("placedAt", .string("2026-01-03"))])) == ["D", "E"])
        #expect(try ids(CollectionQuery(order: [.init("customer")], limit: 2)) == ["A", "B"])
        #expect(try orders.count(CollectionQuery([.notEqual("total", .number(5))])) == 3)
        #expect(throws: CollectionError.value(collection: "orders", field: "tags", reason: "cannot be filtered on")) {
            try orders.records(CollectionQuery([.equal("tags", .null)]))
        }
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
    }
}
