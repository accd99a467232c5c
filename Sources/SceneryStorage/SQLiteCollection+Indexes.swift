/// A collection's indexes: those its queries need, and no more, as each costs every write.
///
/// When the schema knows the app's queries (``CollectionSchema/queries``, read from a
/// manifest's fetches), each query shape has an index of its equality fields, then its
/// sort, then the key, in the directions the query walks — so a page filtered by one field
/// and a range of another, sorted by the range's field, is sought in one index and read no
/// further than the page. A shape that is one field and the key has the field's index
/// (`collection_NAME_by_FIELD`), the rest `collection_NAME_query_…`. When the queries are not
/// known, every field filters and sorts may use has its own index, booleans but for.
extension SQLiteCollection {
    /// An index: its name, and what it is on, as the end of the statement that makes it
    /// (and of the one SQLite keeps).
    struct Index: Equatable {
        var name: String
        var columns: String
    }

    /// The indexes the schema's queries need, each once.
    func wantedIndexes() -> [Index] {
        guard let queries = schema.queries else {
            return schema.fields.filter { oneFieldIndexed($0) }.map { fieldIndex($0.name) }
        }
        var wanted: [Index] = []
        for shape in queries {
            guard let index = index(for: shape), !wanted.contains(index) else { continue }
            wanted.append(index)
        }
        return wanted
    }

    /// A field with its own index when the queries are not known. Not booleans: two values
    /// are no use to an index alone, and one would lead the planner to read half the table
    /// through it and sort that, rather than walk the sort's index.
    private func oneFieldIndexed(_ field: CollectionSchema.Field) -> Bool {
        field.kind.isComparable && field.kind != .bool && field.name != schema.key
    }

    private func fieldIndex(_ name: String) -> Index {
        Index(name: "collection_\(schema.name)_by_\(name)", columns: "\(table) (\(sortable(name)), \"\(schema.key)\")")
    }

    /// The index a query of `shape` walks; nil when the key's own index serves it.
    private func index(for shape: CollectionQueryShape) -> Index? {
        func usable(_ name: String) -> Bool { schema.field(name)?.kind.isComparable == true && name != schema.key }
        // An equality on the key finds one record by the primary key already.
        guard !shape.equal.contains(schema.key) else { return nil }
        var columns: [(field: String, descending: Bool)] = []
        for field in shape.equal where usable(field) && !columns.contains(where: { $0.field == field }) {
            columns.append((field, false))
        }
        var order = Array(shape.order.prefix { $0.field != schema.key }.filter { usable($0.field) })
        if order.isEmpty, let range = shape.ranges.first(where: { usable($0) && !shape.equal.contains($0) }) {
            order = [CollectionQuery.Order(range)]
        }
        // An index walks either way: the first sort field ascending names it once.
        let flip = order.first?.descending == true
        for sort in order where !columns.contains(where: { $0.field == sort.field }) {
            columns.append((sort.field, sort.descending != flip))
        }
        guard !columns.isEmpty else { return nil }
        let keyDescending = (shape.order.last?.descending ?? false) != flip
        if columns.count == 1, !columns[0].descending, !keyDescending { return fieldIndex(columns[0].field) }
        columns.append((schema.key, keyDescending))
        let name = columns.map { ($0.descending ? "-" : "") + $0.field }.joined(separator: "_")
        let list = columns.map { sortable($0.field) + ($0.descending ? " DESC" : "") }.joined(separator: ", ")
        return Index(name: "collection_\(schema.name)_query_\(name)", columns: "\(table) (\(list))")
    }

    /// What stands between the stored indexes and those the queries need.
    struct IndexChanges {
        var make: [Index] = []
        var drop: [String] = []
        /// Fields whose own index an earlier Scenery made, sorting dates as text and
        /// decimals as doubles: their stored values may need bringing to today's form.
        var stale: [CollectionSchema.Field] = []

        var isEmpty: Bool { make.isEmpty && drop.isEmpty }
    }

    /// The indexes to make, and those to drop: made by an earlier Scenery, or for queries
    /// the app no longer makes.
    func indexChanges() throws(CollectionError) -> IndexChanges {
        let ours = ["collection_\(schema.name)_by_", "collection_\(schema.name)_query_"]
        var stored: [String: String] = [:]
        for row in try database.query(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [.text("collection_\(schema.name)")])
        {
            if case let .text(name)? = row["name"], ours.contains(where: name.hasPrefix), case let .text(sql)? = row["sql"] {
                stored[name] = sql
            }
        }
        let wanted = wantedIndexes()
        func current(_ name: String) -> Bool {
            wanted.contains { $0.name == name && stored[name]?.hasSuffix($0.columns) == true }
        }
        return IndexChanges(
            make: wanted.filter { !current($0.name) }, drop: stored.keys.filter { !current($0) }.sorted(),
            stale: schema.fields.filter { field in
                let own = fieldIndex(field.name)
                return stored[own.name].map { !$0.hasSuffix(own.columns) } ?? false
            })
    }

    /// Brings the indexes to what the queries need. A field's own index from an earlier
    /// Scenery means its dates may be kept in a form SQLite reads otherwise: they are
    /// brought to the stored form (``restoreDates(_:)``).
    func applyIndexes() throws(CollectionError) {
        let changes = try indexChanges()
        for name in changes.drop { try database.execute("DROP INDEX IF EXISTS \"\(name)\"") }
        for field in changes.stale where field.kind == .date { try restoreDates(field) }
        for index in changes.make { try database.execute("CREATE INDEX IF NOT EXISTS \"\(index.name)\" ON \(index.columns)") }
    }
}
