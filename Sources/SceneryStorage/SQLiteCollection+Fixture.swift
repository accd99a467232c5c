/// A fixture is where a collection starts, once: as a keyValue provider's fixture takes the
/// place of its default, what the state folder holds wins over it, an emptied collection
/// too (docs/manifest.md#collections).
extension SQLiteCollection {
    /// The collections a fixture has been offered to, by name: each is filled at most once.
    static let seeded = "scenery_seeded"

    /// Fills the collection with `records` the first time a fixture is given for it, when it
    /// holds none; a collection the state folder emptied since stays empty. Whether it was
    /// offered is marked in the same unit as the records, so a crash leaves both or neither.
    /// Returns whether it filled it.
    @discardableResult
    public func seedOnce(_ records: () throws -> [[String: StoredValue]]) throws -> Bool {
        guard try !wasOffered() else { return false }
        return try unit {
            try database.execute("CREATE TABLE IF NOT EXISTS \(Self.seeded) (name TEXT PRIMARY KEY)")
            // Another session may have offered it since the look above.
            guard try database.query("SELECT 1 AS one FROM \(Self.seeded) WHERE name = ?", [.text(schema.name)]).isEmpty else {
                return false
            }
            let empty = try database.query("SELECT 1 AS one FROM \(table) LIMIT 1").isEmpty
            if empty { try insert(contentsOf: records()) }
            try database.execute("INSERT INTO \(Self.seeded) (name) VALUES (?)", [.text(schema.name)])
            return empty
        }
    }

    /// Whether a fixture was offered to this collection before, read without a write lock.
    private func wasOffered() throws -> Bool {
        let table = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(Self.seeded)])
        guard !table.isEmpty else { return false }
        return try !database.query("SELECT 1 AS one FROM \(Self.seeded) WHERE name = ?", [.text(schema.name)]).isEmpty
    }
}
