import Foundation
import SceneManifest
import SceneryStorage
import ScenerySupport
import VIP

/// The database an app's collections share: `STATE/APPNAME.sqlite`, or one in memory when
/// the run keeps no state; opened when a collection is first used.
final class AppDatabase: Sendable {
    private let path: String
    /// How to start over, for the message of a database that cannot be read.
    private let resetAdvice: String?
    private let opened = Locked<SQLiteDatabase?>(nil)
    /// The collections on this database, opened together the first time any of them is.
    private let members = Locked<[WeakCollection]>([])

    /// One use case's unit of work at a time, taken on the main actor in the order use
    /// cases start: another that writes waits for it to end, so the order of a scene's
    /// writers is the order they were started in, whatever the executors do.
    let gate = UnitGate()

    private struct WeakCollection {
        weak var collection: CollectionProvider?
    }

    init(path: String, resetAdvice: String? = nil) {
        self.path = path
        self.resetAdvice = resetAdvice
    }

    /// A collection on this database, opened with the others.
    func add(_ collection: CollectionProvider) {
        members.withLock { $0.append(WeakCollection(collection: collection)) }
    }

    /// The database, opened the first time; then every collection on it is opened too —
    /// its table made or migrated, its fixture seeded — before any use case's unit of work
    /// can hold the writer. So a use case that first touches a collection while another's
    /// unit awaits a server never waits on that unit for its table: units of work take
    /// their turns at the database (``SQLiteDatabase/transaction(isolation:_:)``), nothing else.
    func open() throws -> SQLiteDatabase {
        let (database, first) = try opened.withLock { opened in
            if let opened { return (opened, false) }
            let database = try SharedDatabases.database(at: path)
            opened = database
            return (database, true)
        }
        if first {
            // A collection that cannot open now says so when a step uses it.
            for member in members.withLock({ $0 }) { _ = try? member.collection?.collection() }
        }
        return database
    }

    /// Runs `body`, the error of a damaged database told how to start over as the run was
    /// typed, wherever the damage shows: opening, a read, or a refused write.
    func advising<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CollectionError {
            throw error.advising(resetAdvice)
        }
    }

    /// ``advising(_:)`` for a body that suspends.
    func advising<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as CollectionError {
            throw error.advising(resetAdvice)
        }
    }
}

/// A turn at the app's database for a use case's unit of work: taken in order, released
/// when the unit ends.
@MainActor
final class UnitGate: Sendable {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}

/// A `collection` provider: the records of one model in a SQLite table of the app's database
/// (`STATE/APPNAME.sqlite`; in memory when the run keeps no state), opened — and the system's
/// SQLite loaded — when a step first uses it, so an app whose collections are never used
/// runs where SQLite is missing.
///
/// `fetch` reads by its `args`: `{key}` gives the record or null, `{count: true, where}` a
/// number, and `{where, sort, limit, offset}` (or nothing) a list. The `insert`, `update`
/// and `delete` steps write; a use case's writes commit together when it completes, and
/// none of them when it fails or stops (see `JSONInteractor`).
final class CollectionProvider: Provider, Sendable {
    typealias Query = SceneValue
    typealias Value = SceneValue

    let name: String
    let schema: CollectionSchema
    private let database: AppDatabase
    private let fixture: SceneValue?
    private let faults: ProviderFaults
    private let clock: any Clock<Duration>
    private let opened = Locked<SQLiteCollection?>(nil)

    init(
        name: String, model: ModelDefinition, key: String, queries: [CollectionQueryShape]? = nil, database: AppDatabase,
        fixture: SceneValue?, faults: ProviderFaults,
        clock: any Clock<Duration>
    ) {
        self.name = name
        schema = CollectionSchema(
            name: name, key: key,
            fields: model.fields.map { field in
                CollectionSchema.Field(field.name, Self.kind(field.type), optional: field.type.isOptional)
            }, queries: queries)
        self.database = database
        self.fixture = fixture
        self.faults = faults
        self.clock = clock
    }

    static func kind(_ type: TypeRef) -> CollectionSchema.Kind {
        switch type.unwrapped {
        case .string: .text
        case .date: .date
        case .int: .integer
        case .decimal: .decimal
        case .bool: .bool
        default: .json
        }
    }

    /// The collection, opened (and migrated, and seeded from a fixture the first time one is
    /// given, when it is empty) the first time.
    func collection() throws -> SQLiteCollection {
        // Outside this collection's lock: the database's first opening opens this one too.
        let database = try self.database.open()
        return try opened.withLock { opened in
            if let opened { return opened }
            let collection = try SQLiteCollection(schema: schema, database: database)
            if let fixture {
                guard case let .list(records) = fixture else {
                    throw RunFailure("the fixture of collection '\(name)' must be a list of records, not \(fixture.typeName)")
                }
                try collection.seedOnce { records.map(Self.stored) }
            }
            opened = collection
            return collection
        }
    }

    // MARK: - Reads

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        try await inject(writing: false)
        return try database.advising {
            let collection = try self.collection()
            // What was read at this version reads the same: coming back to a list of
            // thousands reads none of them again while nothing was written.
            let version = try collection.database.committedVersion()
            if let version, let kept = recent.withLock({ $0.value(for: query, at: version) }) { return kept }
            let value = try read(query, collection)
            if let version { recent.withLock { $0.keep(value, for: query, at: version) } }
            return value
        }
    }

    /// The fetches read lately, each with the version it was read at.
    private let recent = Locked(RecentReads())

    private func read(_ query: SceneValue, _ collection: SQLiteCollection) throws -> SceneValue {
        let args = query.recordValue
        if let key = args["key"] {
            return try collection.recordTree(key: StoredValue(key)).map(record) ?? .null
        }
        let request = try self.query(args)
        if args["count"]?.isTruthy == true { return .number(Decimal(try collection.count(request))) }
        let rows = try collection.recordRows(request)
        // Each row is read back and made a record on its own: a long list on every core.
        return .list(Array(0..<rows.count).concurrentMap(above: 512) { record(rows.tree($0)) })
    }

    /// A fetch's `where`, `sort`, `limit` and `offset` as a query.
    private func query(_ args: Record) throws -> CollectionQuery {
        var query = CollectionQuery()
        if case let .record(conditions)? = args["where"] {
            for condition in conditions.fields {
                let (field, test) = (condition.name, condition.value)
                guard case let .record(operators) = test else {
                    query.conditions.append(.equal(field, StoredValue(test)))
                    continue
                }
                for comparison in operators.fields {
                    let (op, value) = (comparison.name, comparison.value)
                    let stored = StoredValue(value)
                    switch op {
                    case "=", "==": query.conditions.append(.equal(field, stored))
                    case "!=": query.conditions.append(.notEqual(field, stored))
                    case "<": query.conditions.append(.less(field, stored))
                    case "<=": query.conditions.append(.lessOrEqual(field, stored))
                    case ">": query.conditions.append(.greater(field, stored))
                    case ">=": query.conditions.append(.greaterOrEqual(field, stored))
                    case "contains": query.conditions.append(.contains(field, value.description))
                    default: throw RunFailure("\(name): '\(op)' is not a comparison; use =, !=, <, <=, >, >= or contains")
                    }
                }
            }
        }
        let sorts: [SceneValue] =
            switch args["sort"] {
            case let .list(items)?: items
            case let .some(.string(text)): [.string(text)]
            default: []
            }
        for sort in sorts {
            let text = sort.description
            query.order.append(text.hasPrefix("-") ? .init(String(text.dropFirst()), descending: true) : .init(text))
        }
        query.limit = try count(args["limit"], "limit")
        query.offset = try count(args["offset"], "offset") ?? 0
        return query
    }

    private func count(_ value: SceneValue?, _ what: String) throws -> Int? {
        guard let value, !value.isNull else { return nil }
        guard case let .number(number) = value, let whole = number.exactInt, whole >= 0 else {
            throw RunFailure(
                "\(name): '\(what)' must be a whole number of at least 0, not \(value.description)", code: DiagnosticCode.badArgument)
        }
        return whole
    }

    // MARK: - Writes

    func insert(_ value: SceneValue) async throws {
        try await inject(writing: true)
        guard case .record = value else {
            throw RunFailure("\(name): insert takes a record, not \(value.typeName)", code: DiagnosticCode.valueDoesNotFit)
        }
        try write { try collection().insert(Self.stored(value)) }
    }

    /// Runs a write, a record that does not fit the model made the manifest's failure (E513,
    /// with where it stands), not the storage's: no data can cause it.
    private func write<T>(_ body: () throws -> T) throws -> T {
        try database.advising {
            do {
                return try body()
            } catch let CollectionError.value(collection, field, reason) {
                throw RunFailure("\(collection): field '\(field)' \(reason)", code: DiagnosticCode.valueDoesNotFit)
            }
        }
    }

    func update(key: SceneValue, fields: Record) async throws {
        try await inject(writing: true)
        var stored: [String: StoredValue] = [:]
        for field in fields.fields { stored[field.name] = StoredValue(field.value) }
        try write { try collection().update(key: StoredValue(key), fields: stored) }
    }

    @discardableResult
    func delete(key: SceneValue) async throws -> Bool {
        try await inject(writing: true)
        return try write { try collection().delete(key: StoredValue(key)) }
    }

    /// Runs a use case's steps in a unit of work on the collection's database: their writes
    /// commit together when `body` returns, and none of them does when it throws.
    func unit<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        let database = try self.database.advising { try collection().database }
        return try await self.database.advising { try await database.transaction(body) }
    }

    /// The app's database, shared by its collections: one unit of work spans it.
    var databaseIdentity: ObjectIdentifier { ObjectIdentifier(database) }

    /// The turn a use case takes before its unit of work on this database.
    @MainActor var gate: UnitGate { database.gate }

    // MARK: - Values

    /// A record as the collection stores it: the model's fields only.
    static func stored(_ value: SceneValue) -> [String: StoredValue] {
        var record: [String: StoredValue] = [:]
        for field in value.recordValue.fields { record[field.name] = StoredValue(field.value) }
        return record
    }

    /// A stored record, its fields in the model's order.
    func record(_ stored: [String: StoredValue]) -> SceneValue {
        .record(Record(distinctFields: schema.fields.map { Record.Field(name: $0.name, value: stored[$0.name]?.value ?? .null) }))
    }

    /// A stored record from its values in the model's order, nested records' fields in key order.
    func record(_ values: [StoredTree]) -> SceneValue {
        .record(Record(distinctFields: zip(schema.fields, values).map { Record.Field(name: $0.name, value: $1.value) }))
    }

    private func inject(writing: Bool) async throws {
        try await faults.inject(into: name, writing: writing, clock: clock)
    }
}
