import Foundation

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
    private var table: String { "\"collection_\(schema.name)\"" }

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
        if try isStoredAsIs() { return }
        do {
            try database.transaction { try migrate() }
        } catch let error as CollectionError {
            throw error
        } catch {
            throw .database(path: database.path, reason: "\(error)")
        }
    }

    // MARK: - Schema

    private static let catalog = "scenery_collections"

    /// SQLite's names ignore the case of ASCII letters: two fields, or two collections of one
    /// file, named alike but for case would share a column or a table. Refused, never merged.
    private func refuseNamesSQLiteConfuses() throws(CollectionError) {
        var seen: [String: String] = [:]
        for field in schema.fields {
            if let other = seen[Self.folded(field.name)], other != field.name {
                throw .incompatible(collection: schema.name, field: field.name, reason: Self.caseClash("field", other, "column"))
            }
            seen[Self.folded(field.name)] = field.name
        }
        guard try !database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(Self.catalog)]).isEmpty else {
            return
        }
        let alike = try database.query(
            "SELECT name FROM \(Self.catalog) WHERE name = ? COLLATE NOCASE AND name <> ?", [.text(schema.name), .text(schema.name)])
        if case let .text(other)? = alike.first?["name"] {
            throw .database(path: database.path, reason: "collection '\(schema.name)' " + Self.caseClash("collection", other, "table"))
        }
    }

    private static func caseClash(_ what: String, _ other: String, _ storage: String) -> String {
        "has the name of \(what) '\(other)' but for case, and SQLite names ignore case, so they would share one \(storage); rename one"
    }

    /// A name as SQLite compares names: ASCII letters in lower case, everything else as it is.
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Whether the stored schema has every field of the model as it is, and its key: what
    /// ``migrate()`` would leave unchanged.
    private func isStoredAsIs() throws(CollectionError) -> Bool {
        let catalog = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(Self.catalog)])
        guard !catalog.isEmpty,
            case let .text(json)? = try database.query("SELECT schema FROM \(Self.catalog) WHERE name = ?", [.text(schema.name)]).first?[
                "schema"],
            let old = try? JSONDecoder().decode(CollectionSchema.self, from: Data(json.utf8))
        else { return false }
        guard old.key == schema.key, schema.fields.allSatisfy({ old.field($0.name) == $0 }) else { return false }
        return try staleIndexes().isEmpty
    }

    /// The fields whose index is not the one ``index(_:)`` makes: missing, or made by an
    /// earlier Scenery (which sorted dates as text and decimals as doubles).
    private func staleIndexes() throws(CollectionError) -> [CollectionSchema.Field] {
        var made: [String: String] = [:]
        for row in try database.query(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [.text("collection_\(schema.name)")])
        {
            if case let .text(name)? = row["name"], case let .text(sql)? = row["sql"] { made[name] = sql }
        }
        return indexed(schema.fields).filter { made[indexName($0)]?.hasSuffix(indexColumns($0)) != true }
    }

    private func migrate() throws(CollectionError) {
        try database.execute("CREATE TABLE IF NOT EXISTS \(Self.catalog) (name TEXT PRIMARY KEY, schema TEXT NOT NULL)")
        let stored = try database.query("SELECT schema FROM \(Self.catalog) WHERE name = ?", [.text(schema.name)]).first?["schema"]
        guard case let .text(json)? = stored else {
            let columns = schema.fields.map { "\"\($0.name)\" \(Self.columnType($0.kind))" }.joined(separator: ", ")
            try database.execute("CREATE TABLE IF NOT EXISTS \(table) (\(columns), PRIMARY KEY (\"\(schema.key)\"))")
            try index(schema.fields)
            try record(schema)
            return
        }
        guard let old = try? JSONDecoder().decode(CollectionSchema.self, from: Data(json.utf8)) else {
            throw .database(path: database.path, reason: "the schema stored for collection '\(schema.name)' cannot be read")
        }
        if old.key != schema.key {
            throw .incompatible(
                collection: schema.name, field: schema.key, reason: "is the key now, and the records are stored by '\(old.key)'")
        }
        var merged = old
        for field in schema.fields {
            guard let before = old.field(field.name) else {
                // A field renamed in case only: its stored column has the name already.
                if let stored = old.fields.first(where: { Self.folded($0.name) == Self.folded(field.name) }) {
                    throw .incompatible(
                        collection: schema.name, field: field.name, reason: Self.caseClash("stored field", stored.name, "column"))
                }
                guard field.optional else {
                    throw .incompatible(
                        collection: schema.name, field: field.name,
                        reason:
                            "is new and not optional, and the records stored have no value for it; make it optional (\(field.name)?) or give it in every record"
                    )
                }
                try database.execute("ALTER TABLE \(table) ADD COLUMN \"\(field.name)\" \(Self.columnType(field.kind))")
                try index([field])
                merged.fields.append(field)
                continue
            }
            if before.kind != field.kind {
                throw .incompatible(
                    collection: schema.name, field: field.name, reason: "was \(before.kind.rawValue) and is \(field.kind.rawValue) now")
            }
            if before.optional, !field.optional {
                let nulls = try database.query("SELECT count(*) AS n FROM \(table) WHERE \"\(field.name)\" IS NULL").first?["n"]
                if nulls != .integer(0) {
                    throw .incompatible(
                        collection: schema.name, field: field.name, reason: "is not optional now, and records stored lack it")
                }
            }
            merged.fields[merged.fields.firstIndex { $0.name == field.name } ?? 0].optional = field.optional
        }
        if merged != old { try record(merged) }
        for field in try staleIndexes() {
            try database.execute("DROP INDEX IF EXISTS \"\(indexName(field))\"")
            // Dates an earlier Scenery kept in a form SQLite reads otherwise.
            if field.kind == .date { try restoreDates(field) }
            try index([field])
        }
    }

    /// Keeps each stored date of `field` as ``SQLiteOrder/storedDate(_:)`` does.
    private func restoreDates(_ field: CollectionSchema.Field) throws(CollectionError) {
        let rows = try database.query(
            "SELECT \"\(schema.key)\" AS key, \"\(field.name)\" AS date FROM \(table) WHERE \"\(field.name)\" IS NOT NULL")
        for row in rows {
            guard case let .text(date)? = row["date"], let key = row["key"] else { continue }
            let stored = SQLiteOrder.storedDate(date)
            if stored != date {
                try database.execute("UPDATE \(table) SET \"\(field.name)\" = ? WHERE \"\(schema.key)\" = ?", [.text(stored), key])
            }
        }
    }

    /// An index per field filters and sorts use (decimals by their value), so a sorted,
    /// filtered page of a large collection reads the page, not the table.
    private func index(_ fields: [CollectionSchema.Field]) throws(CollectionError) {
        for field in indexed(fields) {
            try database.execute("CREATE INDEX IF NOT EXISTS \"\(indexName(field))\" ON \(indexColumns(field))")
        }
    }

    /// The fields with an index. Not booleans: two values are no use to an index, and one
    /// would lead the planner to read half the table through it and sort that, rather than
    /// walk the sort's index.
    private func indexed(_ fields: [CollectionSchema.Field]) -> [CollectionSchema.Field] {
        fields.filter { $0.kind.isComparable && $0.kind != .bool && $0.name != schema.key }
    }

    private func indexName(_ field: CollectionSchema.Field) -> String { "collection_\(schema.name)_by_\(field.name)" }

    /// What an index is on, as the end of the statement that makes it (and of the one
    /// SQLite keeps).
    private func indexColumns(_ field: CollectionSchema.Field) -> String {
        "\(table) (\(sortable(field.name)), \"\(schema.key)\")"
    }

    private func record(_ schema: CollectionSchema) throws(CollectionError) {
        let data = (try? JSONEncoder().encode(schema)) ?? Data()
        try database.execute(
            "INSERT OR REPLACE INTO \(Self.catalog) (name, schema) VALUES (?, ?)",
            [.text(self.schema.name), .text(String(decoding: data, as: UTF8.self))])
    }

    private static func columnType(_ kind: CollectionSchema.Kind) -> String {
        switch kind {
        case .integer, .bool: "INTEGER"
        case .text, .date, .decimal, .json: "TEXT"
        }
    }

    // MARK: - Writes

    public func insert(_ record: [String: StoredValue]) throws {
        try schema.check(record, whole: true)
        let key = record[schema.key] ?? .null
        let names = schema.fields.map(\.name)
        let columns = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let marks = names.map { _ in "?" }.joined(separator: ", ")
        try unit {
            // The key is the table's only constraint: a row not inserted is a key there already.
            let inserted = try database.change(
                "INSERT OR IGNORE INTO \(table) (\(columns)) VALUES (\(marks))", try names.map { try column(record[$0] ?? .null, $0) })
            if inserted == 0 { throw CollectionError.duplicateKey(collection: schema.name, key: CollectionSchema.text(key)) }
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
        try database.query("SELECT * FROM \(table) WHERE \"\(schema.key)\" = ?", [try column(key, schema.key)]).first.map(decode)
    }

    public func records(_ query: CollectionQuery) throws -> [[String: StoredValue]] {
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
        return try database.query(sql, all).map(decode)
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
    private func sortable(_ name: String) -> String {
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
        case let (.decimal, .number(number)): return .text("\(number)")
        case let (.bool, .bool(flag)): return .integer(flag ? 1 : 0)
        case (.json, _):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = (try? encoder.encode(value)) ?? Data("null".utf8)
            return .text(String(decoding: data, as: UTF8.self))
        default:
            throw .value(collection: schema.name, field: name, reason: "must be \(field.kind.rawValue), not \(value.kindName)")
        }
    }

    /// The whole number `number` is, exactly (read from its digits, never through a double),
    /// or nil.
    static func int64(_ number: Decimal) -> Int64? {
        var copy = number, whole = Decimal()
        NSDecimalRound(&whole, &copy, 0, .plain)
        guard whole == number else { return nil }
        return Int64("\(number)")
    }

    /// A row as a record: the schema's fields, each read back to its kind.
    private func decode(_ row: [String: SQLiteValue]) -> [String: StoredValue] {
        var record: [String: StoredValue] = [:]
        for field in schema.fields {
            switch (field.kind, row[field.name] ?? .null) {
            case (_, .null): record[field.name] = .null
            case let (.integer, .integer(value)): record[field.name] = .number(Decimal(value))
            case let (.bool, .integer(value)): record[field.name] = .bool(value != 0)
            case let (.decimal, .text(text)):
                record[field.name] =
                    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map(StoredValue.number) ?? .string(text)
            case let (.json, .text(text)):
                record[field.name] = (try? JSONDecoder().decode(StoredValue.self, from: Data(text.utf8))) ?? .string(text)
            case let (_, .text(text)): record[field.name] = .string(text)
            case let (_, .integer(value)): record[field.name] = .number(Decimal(value))
            }
        }
        return record
    }
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
