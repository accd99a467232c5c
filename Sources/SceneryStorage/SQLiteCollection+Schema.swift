import Foundation

/// A collection's table and indexes: made, checked against the schema, and migrated from files an earlier Scenery wrote.
extension SQLiteCollection {
    // MARK: - Schema

    static let catalog = "scenery_collections"

    /// SQLite's names ignore the case of ASCII letters: two fields, or two collections of one
    /// file, named alike but for case would share a column or a table. Refused, never merged.
    func refuseNamesSQLiteConfuses() throws(CollectionError) {
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

    static func caseClash(_ what: String, _ other: String, _ storage: String) -> String {
        "has the name of \(what) '\(other)' but for case, and SQLite names ignore case, so they would share one \(storage); rename one"
    }

    /// A name as SQLite compares names: ASCII letters in lower case, everything else as it is.
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// When the stored schema has every field of the model as it is, and its key, and no
    /// index an earlier Scenery made — what ``migrate()`` would leave unchanged but for the
    /// indexes the queries need — those index changes; nil otherwise.
    func storedAsIs() throws(CollectionError) -> IndexChanges? {
        let catalog = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(Self.catalog)])
        guard !catalog.isEmpty,
            case let .text(json)? = try database.query("SELECT schema FROM \(Self.catalog) WHERE name = ?", [.text(schema.name)]).first?[
                "schema"],
            let old = try? JSONDecoder().decode(CollectionSchema.self, from: Data(json.utf8))
        else { return nil }
        guard old.key == schema.key, schema.fields.allSatisfy({ old.field($0.name) == $0 }) else { return nil }
        let changes = try indexChanges()
        return changes.stale.isEmpty ? changes : nil
    }

    func migrate() throws(CollectionError) {
        try database.execute("CREATE TABLE IF NOT EXISTS \(Self.catalog) (name TEXT PRIMARY KEY, schema TEXT NOT NULL)")
        let stored = try database.query("SELECT schema FROM \(Self.catalog) WHERE name = ?", [.text(schema.name)]).first?["schema"]
        guard case let .text(json)? = stored else {
            let columns = schema.fields.map { "\"\($0.name)\" \(Self.columnType($0.kind))" }.joined(separator: ", ")
            try database.execute("CREATE TABLE IF NOT EXISTS \(table) (\(columns), PRIMARY KEY (\"\(schema.key)\"))")
            try applyIndexes()
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
        try applyIndexes()
    }

    /// Keeps each stored date of `field` as ``SQLiteOrder/storedDate(_:)`` does.
    func restoreDates(_ field: CollectionSchema.Field) throws(CollectionError) {
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

    func record(_ schema: CollectionSchema) throws(CollectionError) {
        let data = (try? JSONEncoder().encode(schema)) ?? Data()
        try database.execute(
            "INSERT OR REPLACE INTO \(Self.catalog) (name, schema) VALUES (?, ?)",
            [.text(self.schema.name), .text(String(decoding: data, as: UTF8.self))])
    }

    static func columnType(_ kind: CollectionSchema.Kind) -> String {
        switch kind {
        case .integer, .bool: "INTEGER"
        case .text, .date, .decimal, .json: "TEXT"
        }
    }
}
