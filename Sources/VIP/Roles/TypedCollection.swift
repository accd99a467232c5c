import Foundation
import SceneryStorage

/// A collection of `Record`s for typed Swift modules, over any ``RecordCollection`` — a
/// `SQLiteCollection` in the app, VIPTesting's `InMemoryCollection` in tests — with records
/// encoded to fields as `Codable` writes them. It is a ``Provider`` of pages (`fetch` takes a
/// ``CollectionQuery``), so an interactor that reads through `any Provider<CollectionQuery,
/// [Record]>` takes it, or a stub, alike.
///
/// ```swift
/// struct Order: Codable, Sendable { var id: String; var total: Decimal; var paid: Bool }
/// let orders = TypedCollection<Order>(try SQLiteCollection(schema: Order.schema, path: path))
/// try orders.insert(Order(id: "A-1", total: 12.5, paid: false))
/// try orders.update(key: "A-1", set: ["paid": .bool(true)])   // one field, the rest kept
/// let unpaid = try await orders.fetch(CollectionQuery([.equal("paid", .bool(false))], limit: 50))
/// ```
public struct TypedCollection<Record: Codable & Sendable>: Provider {
    public let records: any RecordCollection

    public init(_ records: any RecordCollection) { self.records = records }

    public func fetch(_ query: CollectionQuery) async throws -> [Record] { try self.query(query) }

    public func query(_ query: CollectionQuery) throws -> [Record] { try records.records(query).map(Self.decode) }

    public func record(key: some Encodable) throws -> Record? { try records.record(key: Self.stored(key)).map(Self.decode) }

    public func count(_ query: CollectionQuery = CollectionQuery()) throws -> Int { try records.count(query) }

    public func insert(_ record: Record) throws { try records.insert(Self.fields(of: record)) }

    /// Writes the record whole, by its own key.
    public func replace(_ record: Record) throws {
        let fields = try Self.fields(of: record)
        try records.update(key: fields[records.schema.key] ?? .null, fields: fields)
    }

    /// Writes the given fields of the record with `key`; the others stay as they are.
    public func update(key: some Encodable, set fields: [String: StoredValue]) throws {
        try records.update(key: Self.stored(key), fields: fields)
    }

    @discardableResult
    public func delete(key: some Encodable) throws -> Bool { try records.delete(key: Self.stored(key)) }

    /// Runs `body` so that its writes happen together or not at all.
    public func unit<T>(_ body: () throws -> T) throws -> T { try records.unit(body) }

    // MARK: - Encoding

    static func stored(_ value: some Encodable) throws -> StoredValue {
        try JSONDecoder().decode(StoredValue.self, from: JSONEncoder().encode(value))
    }

    static func fields(of record: Record) throws -> [String: StoredValue] {
        guard case let .object(fields) = try stored(record) else {
            throw CollectionError.value(collection: "\(Record.self)", field: "", reason: "is not encoded as a record of fields")
        }
        return fields
    }

    static func decode(_ fields: [String: StoredValue]) throws -> Record {
        // Absent and null alike: Codable's optionals decode from either.
        try JSONDecoder().decode(Record.self, from: JSONEncoder().encode(StoredValue.object(fields.filter { $0.value != .null })))
    }
}
