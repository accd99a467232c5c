import Foundation
import ScenerySupport

/// A ``RecordCollection`` in a SQLite table made from its schema: a column per field
/// (text, integer, or exact decimal text; lists and records as JSON), the key the primary
/// key. Dates compare and sort as moments and decimals as exact numbers (``SQLiteOrder``).
///
/// Opening it migrates the table to the schema, in one transaction: a new optional field
/// adds a column; a new field that is not optional, a field whose kind changed, a field
/// made non-optional while a record lacks it, or another key is
/// ``CollectionError/incompatible(collection:field:reason:)`` naming the field, and nothing
/// changes. A field dropped from the model keeps its column and values.
///
/// Several collections share one database file, one per app; every write is in a
/// transaction (`BEGIN IMMEDIATE`), so two processes never lose each other's updates, and
/// SQLite's journal keeps every committed write through a crash.
public final class SQLiteCollection: RecordCollection {
    public let schema: CollectionSchema
    package let database: SQLiteDatabase
    var table: String { "\"collection_\(schema.name)\"" }

    /// Opens the collection in the database at `path` (`:memory:` for one that lasts the run).
    public convenience init(schema: CollectionSchema, path: String) throws(CollectionError) {
        try self.init(schema: schema, database: SharedDatabases.database(at: path))
    }

    /// Opens the collection in an open database: the app's, which its collections share.
    package init(schema: CollectionSchema, database: SQLiteDatabase) throws(CollectionError) {
        self.schema = schema
        self.database = database
        // A table that fits the model already is only read: no write lock, so a session
        // reads its records while another program holds a write on the file.
        try refuseNamesSQLiteConfuses()
        if let indexes = try storedAsIs() {
            // The indexes the app's queries need, made now when nobody is writing; otherwise
            // at a later opening, as queries give the same records without them.
            if !indexes.isEmpty { _ = try? database.transactionIfFree { try applyIndexes() } }
            return
        }
        do {
            try database.transaction { try migrate() }
        } catch let error as CollectionError {
            throw error
        } catch {
            throw .database(path: database.path, reason: "\(error)")
        }
    }
    // MARK: - Writes

    public func insert(_ record: [String: StoredValue]) throws {
        try unit { try add(record, insertStatement) }
    }

    /// Adds `records` in one unit, as ``insert(_:)`` would one by one: all of them, or none
    /// when one is refused. Into an empty collection (a fixture's seeding) the indexes are
    /// made after the rows, each in one sorted pass, rather than kept up through every row.
    public func insert(contentsOf records: [[String: StoredValue]]) throws {
        let statement = insertStatement
        try unit {
            var indexes: [String] = []
            if records.count > 1000, try database.query("SELECT 1 AS one FROM \(table) LIMIT 1").isEmpty {
                for row in try database.query(
                    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
                    [.text("collection_\(schema.name)")])
                {
                    guard case let .text(name)? = row["name"], case let .text(sql)? = row["sql"] else { continue }
                    try database.execute("DROP INDEX \"\(name)\"")
                    indexes.append(sql)
                }
            }
            for record in records { try add(record, statement) }
            for sql in indexes { try database.execute(sql) }
        }
    }

    /// The statement that adds a row, every field a parameter in the schema's order.
    private var insertStatement: String {
        let names = schema.fields.map { "\"\($0.name)\"" }.joined(separator: ", ")
        return "INSERT OR IGNORE INTO \(table) (\(names)) VALUES (\(schema.fields.map { _ in "?" }.joined(separator: ", ")))"
    }

    private func add(_ record: [String: StoredValue], _ statement: String) throws {
        try schema.check(record, whole: true)
        // The key is the table's only constraint: a row not inserted is a key there already.
        let inserted = try database.change(statement, try schema.fields.map { try column(record[$0.name] ?? .null, $0.name) })
        if inserted == 0 {
            throw CollectionError.duplicateKey(collection: schema.name, key: CollectionSchema.text(record[schema.key] ?? .null))
        }
    }

    public func update(key: StoredValue, fields: [String: StoredValue]) throws {
        try schema.check(fields, whole: false)
        if let changed = fields[schema.key], changed != key {
            throw CollectionError.value(collection: schema.name, field: schema.key, reason: "is the key, and an update cannot change it")
        }
        let names = fields.keys.filter { $0 != schema.key }.sorted()
        try unit {
            let missing = CollectionError.missingKey(collection: schema.name, key: CollectionSchema.text(key))
            guard !names.isEmpty else {
                if try self.record(key: key) == nil { throw missing }
                return
            }
            let assignments = names.map { "\"\($0)\" = ?" }.joined(separator: ", ")
            let updated = try database.change(
                "UPDATE \(table) SET \(assignments) WHERE \"\(schema.key)\" = ?",
                try names.map { try column(fields[$0] ?? .null, $0) } + [try column(key, schema.key)])
            if updated == 0 { throw missing }
        }
    }

    @discardableResult
    public func delete(key: StoredValue) throws -> Bool {
        try unit { try database.change("DELETE FROM \(table) WHERE \"\(schema.key)\" = ?", [try column(key, schema.key)]) > 0 }
    }

    public func unit<T>(_ body: () throws -> T) throws -> T { try database.transaction(body) }

    // MARK: - Reads

    public func record(key: StoredValue) throws -> [String: StoredValue]? {
        try recordTree(key: key).map { named($0.map(\.stored)) }
    }

    /// The record under `key`, its fields' values in the schema's order.
    package func recordTree(key: StoredValue) throws -> [StoredTree]? {
        let rows = try storedRows("SELECT * FROM \(table) WHERE \"\(schema.key)\" = ?", [try column(key, schema.key)])
        return rows.count > 0 ? rows.tree(0) : nil
    }

    public func records(_ query: CollectionQuery) throws -> [[String: StoredValue]] {
        let rows = try recordRows(query)
        // Each row is read back on its own: a long list on every core.
        return Array(0..<rows.count).concurrentMap(above: 512) { named(rows[$0]) }
    }

    /// The records `query` selects, each read back when asked for: a caller making
    /// thousands into values of its own reads each row once, on every core.
    package func recordRows(_ query: CollectionQuery) throws -> StoredRows {
        let (sql, arguments) = try select(query)
        return try storedRows(sql, arguments)
    }

    private func storedRows(_ sql: String, _ arguments: [SQLiteValue]) throws -> StoredRows {
        StoredRows(rows: try database.rows(sql, arguments), schema: schema)
    }

    /// How SQLite runs `query`: the details of its plan, joined.
    func explain(_ query: CollectionQuery) throws -> String {
        let (sql, arguments) = try select(query)
        return try database.query("EXPLAIN QUERY PLAN " + sql, arguments)
            .compactMap { if case let .text(detail)? = $0["detail"] { detail } else { nil } }.joined(separator: "; ")
    }

    private func select(_ query: CollectionQuery) throws -> (String, [SQLiteValue]) {
        // Only the schema's comparable fields go into ORDER BY: a name is never SQL.
        for order in query.order where !(schema.field(order.field)?.kind.isComparable ?? false) {
            throw CollectionError.value(collection: schema.name, field: order.field, reason: "cannot be sorted by")
        }
        let (clause, arguments) = try whereClause(query)
        var order = query.order.map { "\(sortable($0.field)) \($0.descending ? "DESC" : "ASC")" }
        // The key breaks ties in the direction of the last sort key, so an index of (field,
        // key) gives the order as it stands, without sorting what the filter let through.
        order.append("\"\(schema.key)\" \(query.order.last?.descending == true ? "DESC" : "ASC")")
        var sql = "SELECT * FROM \(table)\(clause) ORDER BY \(order.joined(separator: ", "))"
        var all = arguments
        if query.limit != nil || query.offset > 0 {
            sql += " LIMIT ?\(all.count + 1) OFFSET ?\(all.count + 2)"
            all += [.integer(Int64(query.limit ?? -1)), .integer(Int64(query.offset))]
        }
        return (sql, all)
    }

    public func count(_ query: CollectionQuery) throws -> Int {
        let (clause, arguments) = try whereClause(query)
        guard case let .integer(count)? = try database.query("SELECT count(*) AS n FROM \(table)\(clause)", arguments).first?["n"] else {
            return 0
        }
        return Int(count)
    }

    private func whereClause(_ query: CollectionQuery) throws -> (String, [SQLiteValue]) {
        var parts: [String] = []
        var arguments: [SQLiteValue] = []
        for condition in query.conditions {
            guard let field = schema.field(condition.field), field.kind.isComparable else {
                throw CollectionError.value(collection: schema.name, field: condition.field, reason: "cannot be filtered on")
            }
            func compare(_ op: String, _ value: StoredValue) throws {
                if value == .null {
                    guard op == "=" || op == "<>" else {
                        throw CollectionError.value(collection: schema.name, field: field.name, reason: "cannot be compared with null")
                    }
                    parts.append("\"\(field.name)\" IS \(op == "=" ? "" : "NOT ")NULL")
                } else if field.kind == .date, case let .string(text) = value, !SQLiteOrder.isDate(text) {
                    throw CollectionError.value(
                        collection: schema.name, field: field.name,
                        reason: "is a date, and '\(text)' is not one; write dates like 2026-06-29 or 2026-06-29T10:00:00Z")
                } else {
                    // Numbered, as an operand may stand in the expression more than once.
                    arguments.append(try column(value, field.name))
                    parts.append("\(sortable(field.name)) \(op) \(SQLiteOrder.expression("?\(arguments.count)", field.kind))")
                }
            }
            switch condition {
            case let .equal(_, value): try compare("=", value)
            case let .notEqual(_, value): try compare("<>", value)
            case let .less(_, value): try compare("<", value)
            case let .lessOrEqual(_, value): try compare("<=", value)
            case let .greater(_, value): try compare(">", value)
            case let .greaterOrEqual(_, value): try compare(">=", value)
            case let .contains(_, text):
                arguments.append(.text(text))
                parts.append("instr(lower(\"\(field.name)\"), lower(?\(arguments.count))) > 0")
            }
        }
        return (parts.isEmpty ? "" : " WHERE " + parts.joined(separator: " AND "), arguments)
    }

    /// What a field compares and sorts by (``SQLiteOrder``).
    func sortable(_ name: String) -> String {
        SQLiteOrder.expression("\"\(name)\"", schema.field(name)?.kind ?? .text)
    }

    // MARK: - Values

    /// A field's value as its column holds it.
    private func column(_ value: StoredValue, _ name: String) throws(CollectionError) -> SQLiteValue {
        guard let field = schema.field(name) else {
            throw .value(collection: schema.name, field: name, reason: "is not a field of the collection's model")
        }
        switch (field.kind, value) {
        case (_, .null): return .null
        case let (.text, .string(text)): return .text(text)
        case let (.date, .string(text)): return .text(SQLiteOrder.storedDate(text))
        case let (.integer, .number(number)):
            guard let whole = Self.int64(number) else {
                throw .value(
                    collection: schema.name, field: name, reason: "must be a whole number from \(Int64.min) to \(Int64.max), not \(number)")
            }
            return .integer(whole)
        case let (.decimal, .number(number)): return .text(number.plainDigits ?? "\(number)")
        case let (.bool, .bool(flag)): return .integer(flag ? 1 : 0)
        case (.json, _):
            return .text(StoredJSON.text(value))
        default:
            throw .value(collection: schema.name, field: name, reason: "must be \(field.kind.rawValue), not \(value.kindName)")
        }
    }

    /// The whole number `number` is, exactly (read from its digits, never through a double),
    /// or nil.
    static func int64(_ number: Decimal) -> Int64? {
        if let whole = number.wholeInt64 { return whole }
        var copy = number, whole = Decimal()
        NSDecimalRound(&whole, &copy, 0, .plain)
        guard whole == number else { return nil }
        return Int64("\(number)")
    }

    /// The schema's fields named, as ``records(_:)`` gives them.
    private func named(_ values: [StoredValue]) -> [String: StoredValue] {
        var record: [String: StoredValue] = Dictionary(minimumCapacity: values.count)
        for (field, value) in zip(schema.fields, values) { record[field.name] = value }
        return record
    }
}

/// The rows a query selected, each read back to its fields' kinds when asked for: its
/// values in the schema's order.
package struct StoredRows: Sendable {
    private let rows: SQLiteRows
    private let fields: [CollectionSchema.Field]
    /// Where each of the schema's fields is among the columns.
    private let positions: [Int?]

    fileprivate init(rows: SQLiteRows, schema: CollectionSchema) {
        self.rows = rows
        fields = schema.fields
        positions = schema.fields.map { field in rows.columns.firstIndex(of: field.name) }
    }

    package var count: Int { rows.count }

    package subscript(row: Int) -> [StoredValue] { tree(row).map(\.stored) }

    /// Row `row`'s values, nested records with their fields in key order.
    package func tree(_ row: Int) -> [StoredTree] {
        zip(fields, positions).map { field, position in
            switch (field.kind, position.map { rows[row, $0] } ?? .null) {
            case (_, .null): .null
            case let (.integer, .integer(value)): .number(Decimal(value))
            case let (.bool, .integer(value)): .bool(value != 0)
            case let (.decimal, .text(text)):
                Decimal(string: text, locale: Self.posix).map(StoredTree.number) ?? .string(text)
            case let (.json, .text(text)): StoredJSON.parseTree(text) ?? .string(text)
            case let (_, .text(text)): .string(text)
            case let (_, .integer(value)): .number(Decimal(value))
            }
        }
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}

/// One connection per database file in a process: the collections of an app share it, and
/// so its transactions.
package enum SharedDatabases {
    private static let open = LockedDatabases()

    /// The connection to the file at `path`, opened once; `:memory:` opens a new database each time.
    package static func database(at path: String) throws(CollectionError) -> SQLiteDatabase {
        try open.database(at: path)
    }
}

// @unchecked: `databases` is touched only under `lock`.
private final class LockedDatabases: @unchecked Sendable {
    private let lock = NSLock()
    private var databases: [String: WeakDatabase] = [:]

    private struct WeakDatabase { weak var database: SQLiteDatabase? }

    func database(at path: String) throws(CollectionError) -> SQLiteDatabase {
        lock.lock()
        defer { lock.unlock() }
        if path != ":memory:", let open = databases[path]?.database { return open }
        let database = try SQLiteDatabase(path: path)
        if path != ":memory:" { databases[path] = WeakDatabase(database: database) }
        return database
    }
}
