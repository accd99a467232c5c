import Foundation
import SceneryStorage
import ScenerySupport
import VIP

/// A ``RecordCollection`` held in memory that behaves as `SQLiteCollection` does — the same
/// checks, errors, filters, order (the key breaking ties), pages and all-or-nothing units —
/// for tests of typed modules that should not touch a database. The shared conformance
/// suite runs both.
public final class InMemoryCollection: RecordCollection {
    public let schema: CollectionSchema
    private let records = Locked<[[String: StoredValue]]>([])

    public init(schema: CollectionSchema, records: [[String: StoredValue]] = []) throws {
        self.schema = schema
        for record in records { try insert(record) }
    }

    public func insert(_ record: [String: StoredValue]) throws {
        try schema.check(record, whole: true)
        let key = record[schema.key] ?? .null
        var complete: [String: StoredValue] = [:]
        for field in schema.fields { complete[field.name] = record[field.name] ?? .null }
        try records.withLock { records in
            if records.contains(where: { $0[schema.key] == key }) {
                throw CollectionError.duplicateKey(collection: schema.name, key: CollectionSchema.text(key))
            }
            records.append(complete)
        }
    }

    public func update(key: StoredValue, fields: [String: StoredValue]) throws {
        try schema.check(fields, whole: false)
        if let changed = fields[schema.key], changed != key {
            throw CollectionError.value(collection: schema.name, field: schema.key, reason: "is the key, and an update cannot change it")
        }
        try records.withLock { records in
            guard let index = records.firstIndex(where: { $0[schema.key] == key }) else {
                throw CollectionError.missingKey(collection: schema.name, key: CollectionSchema.text(key))
            }
            for (name, value) in fields { records[index][name] = value }
        }
    }

    @discardableResult
    public func delete(key: StoredValue) throws -> Bool {
        records.withLock { records in
            let before = records.count
            records.removeAll { $0[schema.key] == key }
            return records.count != before
        }
    }

    public func record(key: StoredValue) throws -> [String: StoredValue]? {
        records.withLock { $0.first { $0[schema.key] == key } }
    }

    public func records(_ query: CollectionQuery) throws -> [[String: StoredValue]] {
        let matching = try filtered(query)
        let sorted = matching.sorted { a, b in
            for order in query.order + [CollectionQuery.Order(schema.key, descending: query.order.last?.descending ?? false)] {
                let comparison = Self.compare(a[order.field] ?? .null, b[order.field] ?? .null)
                if comparison != .orderedSame {
                    return order.descending ? comparison == .orderedDescending : comparison == .orderedAscending
                }
            }
            return false
        }
        // As SQLite reads them: a negative offset is none, a negative limit is no limit.
        let start = min(max(0, query.offset), sorted.count)
        let end = query.limit.flatMap { $0 < 0 ? nil : min(sorted.count, start + min($0, sorted.count)) } ?? sorted.count
        return Array(sorted[start..<end])
    }

    public func count(_ query: CollectionQuery) throws -> Int { try filtered(query).count }

    /// A unit inside a unit undoes only its own writes when it fails, as a savepoint does.
    public func unit<T>(_ body: () throws -> T) throws -> T {
        let saved = records.withLock { $0 }
        do {
            return try body()
        } catch {
            records.withLock { $0 = saved }
            throw error
        }
    }

    private func filtered(_ query: CollectionQuery) throws -> [[String: StoredValue]] {
        for order in query.order where !(schema.field(order.field)?.kind.isComparable ?? false) {
            throw CollectionError.value(collection: schema.name, field: order.field, reason: "cannot be sorted by")
        }
        for condition in query.conditions {
            guard let field = schema.field(condition.field), field.kind.isComparable else {
                throw CollectionError.value(collection: schema.name, field: condition.field, reason: "cannot be filtered on")
            }
        }
        return records.withLock { $0 }.filter { record in
            query.conditions.allSatisfy { condition in
                let value = record[condition.field] ?? .null
                switch condition {
                case let .equal(_, other): return value == other
                case let .notEqual(_, other): return value != other
                case let .less(_, other): return Self.ordered(value, other) == .orderedAscending
                case let .lessOrEqual(_, other): return Self.ordered(value, other).map { $0 != .orderedDescending } ?? false
                case let .greater(_, other): return Self.ordered(value, other) == .orderedDescending
                case let .greaterOrEqual(_, other): return Self.ordered(value, other).map { $0 != .orderedAscending } ?? false
                case let .contains(_, text):
                    guard case let .string(stored) = value else { return false }
                    return stored.lowercased().contains(text.lowercased())
                }
            }
        }
    }

    /// Null sorts first, as in SQLite; numbers by value; text by its bytes; false before true.
    static func compare(_ a: StoredValue, _ b: StoredValue) -> ComparisonResult {
        switch (a, b) {
        case (.null, .null): return .orderedSame
        case (.null, _): return .orderedAscending
        case (_, .null): return .orderedDescending
        default: return ordered(a, b) ?? .orderedSame
        }
    }

    /// How two values of one kind compare; nil for null or values of different kinds (a
    /// comparison with them holds for no record, as SQL's does).
    static func ordered(_ a: StoredValue, _ b: StoredValue) -> ComparisonResult? {
        switch (a, b) {
        case let (.number(x), .number(y)): return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        case let (.string(x), .string(y)):
            let (p, q) = (Array(x.utf8), Array(y.utf8))
            return p.lexicographicallyPrecedes(q) ? .orderedAscending : q.lexicographicallyPrecedes(p) ? .orderedDescending : .orderedSame
        case let (.bool(x), .bool(y)): return x == y ? .orderedSame : (!x ? .orderedAscending : .orderedDescending)
        default: return nil
        }
    }
}
