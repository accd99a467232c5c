import Foundation
import ScenerySupport

/// A value in a SQLite column as collections use them: integers, text, or null. Decimals
/// are kept as their exact text; booleans as 0 and 1.
enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case text(String)
}

/// One connection to a SQLite database file, in WAL mode with a busy timeout, so several
/// processes read and write it at once and each write waits its turn instead of failing.
/// Every call takes the connection's lock: one statement runs at a time.
package final class SQLiteDatabase: @unchecked Sendable {
    package let path: String
    private let library: SQLiteLibrary
    private let handle: OpaquePointer
    private let lock = Locked(())
    /// Units of work open: the outermost is the transaction, the others its savepoints.
    private var depth = 0
    /// Whether the open transaction has written.
    private var wrote = false
    /// The damage SQLite found in the file, once it found it: from then on every write is
    /// refused with it, so a damaged file is never written into (a damaged page can make a
    /// write land on what SQLite misreads, and spread the damage).
    private var damage: CollectionError?

    /// How long a write waits for another connection's write to end before it is
    /// ``CollectionError/busy(path:waited:)``: longer than any write of a program at work
    /// (Scenery's own take milliseconds), short enough that a session stalled by a program
    /// left in a transaction says so at once. Tests make it short.
    @TaskLocal package static var busyWait: Duration = .seconds(5)
    private let waited: Duration

    /// Opens (creating it if need be) the database at `path`.
    package init(path: String) throws(CollectionError) {
        let library = try SQLiteLibrary.shared.get()
        var handle: OpaquePointer?
        let code = library.open(path, &handle, SQLiteLibrary.openReadWrite | SQLiteLibrary.openCreate | SQLiteLibrary.openNoMutex, nil)
        guard code == SQLiteLibrary.ok, let handle else {
            let reason = handle.flatMap { library.errorMessage($0) }.map { String(cString: $0) } ?? "error \(code)"
            if let handle { _ = library.close(handle) }
            throw .database(path: path, reason: reason)
        }
        self.path = path
        self.library = library
        self.handle = handle
        waited = Self.busyWait
        let (seconds, attoseconds) = waited.components
        _ = library.busyTimeout(handle, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        // WAL: readers never block the writer. synchronous=NORMAL: a committed write survives
        // the process being killed (it is in the WAL the system holds); only a power cut may
        // lose the last commits, never the database's integrity.
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=NORMAL")
    }

    deinit { _ = library.close(handle) }

    /// The rows a statement gives, each a column name → value map.
    @discardableResult
    func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws(CollectionError) -> [[String: SQLiteValue]] {
        let result: Result<[[String: SQLiteValue]], CollectionError> = lock.withLock { _ in
            do throws(CollectionError) { return .success(try run(sql, arguments)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Runs a statement that gives no rows.
    func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws(CollectionError) {
        _ = try query(sql, arguments)
    }

    /// Runs `body` in a transaction: its writes commit together, or none of them does when
    /// it throws. A unit inside a unit is a savepoint: its failure undoes its own writes
    /// only, and the outer unit goes on. `BEGIN IMMEDIATE` takes the write lock at once, so
    /// two processes' read-then-write units never interleave and lose an update.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try begin()
        do {
            let result = try body()
            try end(committing: true)
            return result
        } catch {
            try? end(committing: false)
            throw error
        }
    }

    /// Starts a unit of work (see ``transaction(_:)``); balanced by ``end(committing:)``.
    package func begin() throws(CollectionError) {
        let level = lock.withLock { _ in
            depth += 1
            if depth == 1 { wrote = false }
            return depth
        }
        do throws(CollectionError) {
            try execute(level == 1 ? "BEGIN IMMEDIATE" : "SAVEPOINT unit\(level)")
        } catch {
            lock.withLock { _ in depth -= 1 }
            throw error
        }
    }

    /// Ends a unit of work: the outermost commits (or rolls back), an inner one releases its
    /// savepoint (or rolls back to it). A commit that fails rolls back, so no transaction is
    /// left open.
    package func end(committing: Bool) throws(CollectionError) {
        let level = lock.withLock { _ in
            let level = depth
            depth = max(0, depth - 1)
            return level
        }
        guard level > 0 else { return }
        if level > 1 {
            if !committing { try execute("ROLLBACK TO unit\(level)") }
            try execute("RELEASE unit\(level)")
            return
        }
        guard committing else { return try execute("ROLLBACK") }
        // Damage found during the unit: what it wrote before is undone, not committed.
        if let (damage, wrote) = lock.withLock({ _ in damage.map { ($0, wrote) } }) {
            try execute("ROLLBACK")
            if wrote { throw damage }
            return
        }
        do throws(CollectionError) {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func run(_ sql: String, _ arguments: [SQLiteValue]) throws(CollectionError) -> [[String: SQLiteValue]] {
        var statement: OpaquePointer?
        let prepared = library.prepare(handle, sql, -1, &statement, nil)
        guard prepared == SQLiteLibrary.ok, let statement else { throw failure(prepared) }
        defer { _ = library.finalize(statement) }
        if library.readOnly(statement) == 0 {
            if let damage { throw damage }
            if depth > 0 { wrote = true }
        }
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            let bound = switch argument {
            case .null: library.bindNull(statement, position)
            case let .integer(value): library.bindInt(statement, position, value)
            case let .text(value): bindText(value, statement, position)
            }
            guard bound == SQLiteLibrary.ok else { throw failure(bound) }
        }
        var rows: [[String: SQLiteValue]] = []
        let columns = library.columnCount(statement)
        while true {
            let code = library.step(statement)
            if code == SQLiteLibrary.done { return rows }
            guard code == SQLiteLibrary.row else { throw failure(code) }
            var row: [String: SQLiteValue] = [:]
            for column in 0..<columns {
                let name = library.columnName(statement, column).map { String(cString: $0) } ?? "\(column)"
                switch library.columnType(statement, column) {
                case SQLiteLibrary.typeNull: row[name] = .null
                case SQLiteLibrary.typeInteger: row[name] = .integer(library.columnInt(statement, column))
                default: row[name] = .text(text(statement, column))
                }
            }
            rows.append(row)
        }
    }

    /// Binds text by its UTF-8 bytes and their count, so a NUL in it is stored, not taken
    /// for its end (SQLITE_TRANSIENT: SQLite copies the bytes).
    private func bindText(_ value: String, _ statement: OpaquePointer, _ position: Int32) -> Int32 {
        let bytes = value.utf8CString // never empty: it ends in a NUL, not counted below
        guard let count = Int32(exactly: bytes.count - 1) else { return SQLiteLibrary.tooBig }
        return bytes.withUnsafeBufferPointer { library.bindText(statement, position, $0.baseAddress, count, -1) }
    }

    /// A column's text, all of its bytes (`sqlite3_column_bytes`), a NUL among them too.
    private func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        guard let start = library.columnText(statement, column) else { return "" }
        let count = Int(library.columnBytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// The error for a result code, told apart by the code (its low byte, the primary
    /// code), never by SQLite's text; damage is remembered for every later write.
    private func failure(_ code: Int32) -> CollectionError {
        let reason = library.errorMessage(handle).map { String(cString: $0) } ?? "error \(code)"
        switch code & 0xFF {
        case SQLiteLibrary.corrupt, SQLiteLibrary.notADatabase:
            let error = CollectionError.damaged(path: path, reason: reason)
            if damage == nil { damage = error }
            return damage ?? error
        case SQLiteLibrary.busy:
            return .busy(path: path, waited: waited)
        default:
            return .database(path: path, reason: reason)
        }
    }
}
