import Foundation
import ScenerySupport

/// An app's SQLite database: WAL mode, so several processes read and write it at once and
/// each write waits its turn instead of failing.
///
/// A unit of work (``transaction(_:)``) holds the writer connection from its start to its
/// end: the thread or task that began it (a task-local says which) runs its statements
/// there, and a unit it begins inside is a savepoint on it. Anyone else waits for the turn
/// to write, and reads on a second connection, which sees only what has committed — never
/// the rows of a unit that may still be undone. A database of a run that keeps no state
/// (`:memory:`) is a scratch file, removed when it closes, so the two connections share it.
// @unchecked: what changes is in `state` and `reader` (each `Locked`) and in the
// connections, which lock themselves; the rest is `let`.
package final class SQLiteDatabase: @unchecked Sendable {
    package let path: String
    /// The file opened: `path`, or the scratch file standing for `:memory:`.
    let file: String
    private let writer: SQLiteConnection
    private let reader = Locked<SQLiteConnection?>(nil)
    private let turn = WriterTurn()
    private let state = Locked(UnitState())

    private struct UnitState {
        /// Units open: the outermost is the transaction, the others its savepoints. Only
        /// the holder of the turn changes it.
        var depth = 0
        /// Whether the open transaction has written.
        var wrote = false
        /// The damage SQLite found in the file, once it found it: from then on every write
        /// is refused with it, so a damaged file is never written into (a damaged page can
        /// make a write land on what SQLite misreads, and spread the damage).
        var damage: CollectionError?
    }

    /// The databases whose unit of work the current thread or task holds.
    package struct HeldUnits: Sendable {
        var databases: [ObjectIdentifier] = []
    }

    @TaskLocal static var held = HeldUnits()

    /// How long a write waits for another connection's write to end before it is
    /// ``CollectionError/busy(path:waited:)``: longer than any write of a program at work
    /// (Scenery's own take milliseconds), short enough that a session stalled by a program
    /// left in a transaction says so at once. Tests make it short.
    @TaskLocal package static var busyWait: Duration = .seconds(5)
    private let waited: Duration

    /// Opens (creating it if need be) the database at `path`; `:memory:` makes a scratch one.
    package init(path: String) throws(CollectionError) {
        self.path = path
        file =
            path == ":memory:"
            ? FileManager.default.temporaryDirectory.appendingPathComponent("scenery-scratch-\(UUID().uuidString).sqlite").path
            : path
        waited = Self.busyWait
        writer = try SQLiteConnection(file: file, path: path, busyWait: waited)
        // WAL: readers never block the writer. synchronous=NORMAL: a committed write survives
        // the process being killed (it is in the WAL the system holds); only a power cut may
        // lose the last commits, never the database's integrity.
        try run("PRAGMA journal_mode=WAL")
        try run("PRAGMA synchronous=NORMAL")
    }

    deinit {
        guard file != path else { return }
        writer.close()
        reader.withLock { $0?.close() }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }

    private var holdsUnit: Bool { Self.held.databases.contains(ObjectIdentifier(self)) }

    /// The rows a statement gives, each a column name → value map: in the unit the caller
    /// holds, or else as committed.
    @discardableResult
    func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws(CollectionError) -> [[String: SQLiteValue]] {
        try rows(sql, arguments).dictionaries
    }

    /// ``query(_:_:)``, the rows by column position.
    func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws(CollectionError) -> SQLiteRows {
        if holdsUnit { return try writer.rows(sql, arguments, writes: noteWrite, failure: failure) }
        // No unit open: the writer has nothing uncommitted, and its cache is warm (the
        // reader's is emptied by every commit of the writer's). The turn, held for the
        // statement, keeps a unit from starting under it.
        if turn.takeIfFree() {
            defer { turn.release() }
            return try writer.rows(
                sql, arguments, writes: { writes throws(CollectionError) in try refuseWrite(writes, sql) }, failure: failure)
        }
        let reader = try readerConnection()
        return try reader.rows(sql, arguments, writes: { writes throws(CollectionError) in try refuseWrite(writes, sql) }, failure: failure)
    }

    /// A number that changes whenever a commit changes the file, this process's or another
    /// program's (SQLite's `data_version`, read on the reader's connection, which sees every
    /// other connection's commits); nil inside a unit, whose reads see its own writes. What
    /// was read at one version reads the same while the version holds.
    package func committedVersion() throws(CollectionError) -> Int64? {
        guard !holdsUnit else { return nil }
        let rows = try readerConnection().run(
            "PRAGMA data_version", [], writes: { writes throws(CollectionError) in try refuseWrite(writes, "PRAGMA data_version") },
            failure: failure)
        guard case let .integer(version)? = rows.first?["data_version"] else { return nil }
        return version
    }

    /// Outside a unit only reads run: a statement that writes is a mistake of the caller's.
    private func refuseWrite(_ writes: Bool, _ sql: String) throws(CollectionError) {
        if writes { throw .database(path: path, reason: "a statement that writes runs in a unit of work: \(sql)") }
    }

    /// Runs a statement that writes: in the unit the caller holds, or in a unit of its own.
    func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws(CollectionError) {
        if holdsUnit {
            _ = try writer.run(sql, arguments, writes: noteWrite, failure: failure)
            return
        }
        do {
            try transaction { _ = try writer.run(sql, arguments, writes: noteWrite, failure: failure) }
        } catch let error as CollectionError {
            throw error
        } catch {
            throw .database(path: path, reason: "\(error)")
        }
    }

    /// Runs a statement that writes, in the unit the caller holds, and gives how many rows it
    /// inserted, updated or deleted.
    func change(_ sql: String, _ arguments: [SQLiteValue] = []) throws(CollectionError) -> Int {
        guard holdsUnit else {
            try refuseWrite(true, sql)
            return 0
        }
        return try writer.runCounting(sql, arguments, writes: noteWrite, failure: failure).changes
    }

    /// Runs a statement of the unit's own on the writer: no rows, no note of writing.
    private func run(_ sql: String) throws(CollectionError) {
        _ = try writer.run(sql, [], writes: { _ throws(CollectionError) in }, failure: failure)
    }

    private func readerConnection() throws(CollectionError) -> SQLiteConnection {
        let result: Result<SQLiteConnection, CollectionError> = reader.withLock { reader in
            if let reader { return .success(reader) }
            do throws(CollectionError) {
                let opened = try SQLiteConnection(file: file, path: path, busyWait: waited)
                reader = opened
                return .success(opened)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: - Units of work

    /// Runs `body` in a unit of work: its writes commit together, or none of them does when
    /// it throws. A unit inside a unit is a savepoint: its failure undoes its own writes
    /// only, and the outer unit goes on. The outermost waits for the turn to write (for as
    /// long as a write waits for another program's, then ``CollectionError/busy(path:waited:)``),
    /// and `BEGIN IMMEDIATE` takes the file's write lock at once, so two processes'
    /// read-then-write units never interleave and lose an update.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        if holdsUnit { return try inUnit(body) }
        guard turn.take(before: Date() + Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18) else {
            throw CollectionError.busy(path: path, waited: waited)
        }
        defer { turn.release() }
        return try Self.$held.withValue(holding) { try inUnit(body) }
    }

    /// Runs `body` in a unit when the write can begin at once — nobody in this process or
    /// another holds it — and gives nil, having run nothing, when it cannot. For work that
    /// may as well wait for a later opening (the indexes a collection's queries need), never
    /// for a user's write.
    func transactionIfFree<T>(_ body: () throws -> T) throws -> T? {
        guard !holdsUnit, turn.takeIfFree() else { return nil }
        defer { turn.release() }
        writer.wait(.zero)
        defer { writer.wait(waited) }
        do {
            return try Self.$held.withValue(holding) { try inUnit(body) }
        } catch CollectionError.busy {
            return nil
        }
    }

    /// ``transaction(_:)`` for a body that suspends (a use case awaiting a server): the turn
    /// is held across its suspensions, and a task waiting for it suspends too.
    package func transaction<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        if holdsUnit { return try await inUnit(body) }
        await turn.take()
        defer { turn.release() }
        return try await Self.$held.withValue(holding) { try await inUnit(body) }
    }

    /// The units the caller holds, this database's among them.
    private var holding: HeldUnits { HeldUnits(databases: Self.held.databases + [ObjectIdentifier(self)]) }

    /// Runs `body` in a unit begun on the writer, whose turn the caller holds: it commits
    /// (or releases its savepoint) when `body` returns, and is undone when it throws.
    private func inUnit<T>(_ body: () throws -> T) throws -> T {
        let level = try beginUnit()
        do {
            let result = try body()
            try endUnit(level, committing: true)
            return result
        } catch {
            try? endUnit(level, committing: false)
            throw error
        }
    }

    private func inUnit<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        let level = try beginUnit()
        do {
            let result = try await body()
            try endUnit(level, committing: true)
            return result
        } catch {
            try? endUnit(level, committing: false)
            throw error
        }
    }

    /// Begins the outermost unit (level 1), or a savepoint inside the open one.
    private func beginUnit() throws(CollectionError) -> Int {
        if state.withLock({ $0.depth }) > 0 { return try beginSavepoint() }
        try begin()
        return 1
    }

    private func endUnit(_ level: Int, committing: Bool) throws(CollectionError) {
        if level > 1 { try endSavepoint(level, committing: committing) } else { try end(committing: committing) }
    }

    private func begin() throws(CollectionError) {
        state.withLock {
            $0.depth = 1
            $0.wrote = false
        }
        do throws(CollectionError) {
            try run("BEGIN IMMEDIATE")
        } catch {
            state.withLock { $0.depth = 0 }
            throw error
        }
    }

    /// Ends the outermost unit: commits (or rolls back). A commit that fails rolls back, so
    /// no transaction is left open.
    private func end(committing: Bool) throws(CollectionError) {
        let (damage, wrote) = state.withLock { state in
            state.depth = 0
            return (state.damage, state.wrote)
        }
        guard committing else { return try run("ROLLBACK") }
        // Damage found during the unit: what it wrote before is undone, not committed.
        if let damage {
            try run("ROLLBACK")
            if wrote { throw damage }
            return
        }
        do throws(CollectionError) {
            try run("COMMIT")
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    private func beginSavepoint() throws(CollectionError) -> Int {
        let level = state.withLock { state in
            state.depth += 1
            return state.depth
        }
        do throws(CollectionError) {
            try run("SAVEPOINT unit\(level)")
        } catch {
            state.withLock { $0.depth -= 1 }
            throw error
        }
        return level
    }

    /// Ends a savepoint: releases it, or rolls back to it first.
    private func endSavepoint(_ level: Int, committing: Bool) throws(CollectionError) {
        state.withLock { $0.depth = level - 1 }
        if !committing { try run("ROLLBACK TO unit\(level)") }
        try run("RELEASE unit\(level)")
    }

    /// Before a statement on the writer: one that writes is refused once the file is known
    /// damaged, and marks the open transaction as having written.
    private func noteWrite(_ writes: Bool) throws(CollectionError) {
        guard writes else { return }
        let damage = state.withLock { state in
            if state.damage == nil, state.depth > 0 { state.wrote = true }
            return state.damage
        }
        if let damage { throw damage }
    }

    /// The error for a result code, told apart by the code (its low byte, the primary
    /// code), never by SQLite's text; damage is remembered for every later write.
    private func failure(_ code: Int32, _ reason: String) -> CollectionError {
        switch code & 0xFF {
        case SQLiteLibrary.corrupt, SQLiteLibrary.notADatabase:
            return state.withLock { state in
                if state.damage == nil { state.damage = .damaged(path: path, reason: reason) }
                return state.damage ?? .damaged(path: path, reason: reason)
            }
        case SQLiteLibrary.busy:
            return .busy(path: path, waited: waited)
        default:
            return .database(path: path, reason: reason)
        }
    }
}
