import Foundation

/// Why a collection operation failed. Nothing stored is ever dropped or reset.
public enum CollectionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The system has no SQLite library under any of these names.
    case libraryMissing(names: [String])
    /// The database could not be opened, read or written.
    case database(path: String, reason: String)
    /// SQLite found the file damaged or not a database (SQLITE_CORRUPT, SQLITE_NOTADB):
    /// `reason` is its message, `advice` how else to start over. The connection takes no
    /// write after it.
    case damaged(path: String, reason: String, advice: String? = nil)
    /// Another connection held a write on the database for longer than a write waits
    /// (SQLITE_BUSY).
    case busy(path: String, waited: Duration)
    /// The model changed in a way the stored records cannot follow; nothing was changed.
    case incompatible(collection: String, field: String, reason: String)
    /// `insert` of a key that is there already.
    case duplicateKey(collection: String, key: String)
    /// `update` of a key that is not there.
    case missingKey(collection: String, key: String)
    /// A value that does not fit its field.
    case value(collection: String, field: String, reason: String)

    public var description: String {
        switch self {
        case let .libraryMissing(names):
            "collections need the system's SQLite library, and none was found (tried \(names.joined(separator: ", "))); install it (Debian and Ubuntu: apt-get install libsqlite3-0)"
        case let .database(path, reason): "cannot use the database '\(path)': \(reason)"
        case let .damaged(path, reason, advice):
            "cannot use the database '\(path)': \(reason); the file was kept unchanged: repair it (sqlite3's '.recover'), "
                + "or move it away to start from empty storage" + (advice.map { "; " + $0 } ?? "")
        case let .busy(path, waited):
            "cannot write to the database '\(path)': another program holds a write on it and did not end it within \(Self.text(waited)); "
                + "close that program, or wait for it to finish its write, then try again"
        case let .incompatible(collection, field, reason):
            "collection '\(collection)' cannot take the model as it is now: field '\(field)' \(reason); the stored records were kept as they are"
        case let .duplicateKey(collection, key): "\(collection): a record with key '\(key)' exists already"
        case let .missingKey(collection, key): "\(collection): there is no record with key '\(key)'"
        case let .value(collection, field, reason): "\(collection): field '\(field)' \(reason)"
        }
    }

    public var errorDescription: String? { description }

    /// A wait as people write it: `100 ms`, `5 s`.
    private static func text(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// The error with `advice` on how to start over, when it is a damaged database's.
    package func advising(_ advice: String?) -> CollectionError {
        guard case let .damaged(path, reason, nil) = self, let advice else { return self }
        return .damaged(path: path, reason: reason, advice: advice)
    }
}

/// The shape of a collection's records: its fields, each with a kind, and the key field.
/// Its table is made from it; a change of it migrates the table (see ``SQLiteCollection``).
public struct CollectionSchema: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Text, and dates (ISO-8601 text sorts in time order).
        case text, date
        /// Whole numbers.
        case integer
        /// Exact decimals, kept as their text; compared and sorted as numbers.
        case decimal
        case bool
        /// Lists and records, kept as JSON: stored and read, not filtered or sorted on.
        case json

        /// Whether filters and sorting may use a field of this kind.
        public var isComparable: Bool { self != .json }
    }

    public struct Field: Sendable, Equatable, Codable {
        public var name: String
        public var kind: Kind
        public var optional: Bool

        public init(_ name: String, _ kind: Kind, optional: Bool = false) {
            self.name = name
            self.kind = kind
            self.optional = optional
        }
    }

    public var name: String
    public var key: String
    public var fields: [Field]
    /// The shapes of the queries the app makes, each kept an index of its own
    /// (``CollectionQueryShape``); nil when they are not known, and every field filters and
    /// sorts may use has an index. Not stored with the schema: the indexes follow the app
    /// that opens the collection.
    public var queries: [CollectionQueryShape]?

    public init(name: String, key: String, fields: [Field], queries: [CollectionQueryShape]? = nil) {
        self.name = name
        self.key = key
        self.fields = fields
        self.queries = queries
    }

    private enum CodingKeys: String, CodingKey { case name, key, fields }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name), key: try container.decode(String.self, forKey: .key),
            fields: try container.decode([Field].self, forKey: .fields))
    }

    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
}

/// What a query asks of a collection: conditions that must all hold, an order, and a page.
public struct CollectionQuery: Sendable, Equatable {
    public enum Condition: Sendable, Equatable {
        case equal(String, StoredValue)
        case notEqual(String, StoredValue)
        case less(String, StoredValue)
        case lessOrEqual(String, StoredValue)
        case greater(String, StoredValue)
        case greaterOrEqual(String, StoredValue)
        /// Text that contains the given text, ignoring case.
        case contains(String, String)

        public var field: String {
            switch self {
            case let .equal(field, _), let .notEqual(field, _), let .less(field, _), let .lessOrEqual(field, _),
                let .greater(field, _), let .greaterOrEqual(field, _), let .contains(field, _):
                field
            }
        }
    }

    public struct Order: Sendable, Hashable {
        public var field: String
        public var descending: Bool

        public init(_ field: String, descending: Bool = false) {
            self.field = field
            self.descending = descending
        }
    }

    public var conditions: [Condition]
    /// Sort keys in order; the key field always breaks ties (descending when the last sort
    /// key is), so every order is total.
    public var order: [Order]
    public var limit: Int?
    public var offset: Int

    public init(_ conditions: [Condition] = [], order: [Order] = [], limit: Int? = nil, offset: Int = 0) {
        self.conditions = conditions
        self.order = order
        self.limit = limit
        self.offset = offset
    }
}

/// A keyed collection of records, each a field → value map. ``SQLiteCollection`` keeps one
/// in the system's SQLite; VIPTesting's `InMemoryCollection` behaves the same for tests.
///
/// ```swift
/// let orders = try SQLiteCollection(schema: schema, path: stateDir.appendingPathComponent("Shop.sqlite").path)
/// try orders.insert(["id": .string("A-1"), "total": .number(12.5)])
/// try orders.update(key: .string("A-1"), fields: ["total": .number(13)])
/// let page = try orders.records(CollectionQuery([.greater("total", .number(10))], order: [.init("total", descending: true)], limit: 50))
/// ```
public protocol RecordCollection: Sendable {
    var schema: CollectionSchema { get }
    /// Adds a record; its key must be new (``CollectionError/duplicateKey(collection:key:)``).
    func insert(_ record: [String: StoredValue]) throws
    /// Writes the given fields of the record with `key`; the others stay as they are.
    func update(key: StoredValue, fields: [String: StoredValue]) throws
    /// Removes the record with `key`; whether there was one.
    @discardableResult
    func delete(key: StoredValue) throws -> Bool
    /// The record with `key`, or nil.
    func record(key: StoredValue) throws -> [String: StoredValue]?
    func records(_ query: CollectionQuery) throws -> [[String: StoredValue]]
    func count(_ query: CollectionQuery) throws -> Int
    /// Runs `body` so that its writes happen together or not at all.
    func unit<T>(_ body: () throws -> T) throws -> T
}

extension CollectionSchema {
    /// `record` checked against the fields: every field it gives must be declared and of
    /// its kind, and (when `whole`) every field that is not optional must be there.
    public func check(_ record: [String: StoredValue], whole: Bool) throws(CollectionError) {
        for (name, value) in record {
            guard let field = field(name) else {
                throw .value(collection: self.name, field: name, reason: "is not a field of the collection's model")
            }
            if let problem = field.problem(with: value) { throw .value(collection: self.name, field: name, reason: problem) }
        }
        if whole {
            for field in fields where !field.optional && (record[field.name] ?? .null) == .null {
                throw .value(collection: name, field: field.name, reason: "is missing, and it is not optional")
            }
        }
    }

    /// The key of a record as text, for messages.
    public static func text(_ key: StoredValue) -> String {
        switch key {
        case let .string(text): text
        case let .number(number): "\(number)"
        default: "\(key)"
        }
    }
}

extension CollectionSchema.Field {
    /// Why `value` cannot be this field's, or nil.
    func problem(with value: StoredValue) -> String? {
        switch (kind, value) {
        case (_, .null): return optional ? nil : "cannot be null"
        case (.text, .string), (.date, .string), (.bool, .bool), (.decimal, .number), (.json, _): return nil
        case let (.integer, .number(number)):
            return SQLiteCollection.int64(number) != nil ? nil : "must be a whole number, not \(number)"
        default: return "must be \(kind.rawValue), not \(value.kindName)"
        }
    }
}

extension StoredValue {
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .number: "a number"
        case .string: "text"
        case .array: "a list"
        case .object: "a record"
        }
    }
}
