import Foundation
import ScenerySupport

/// A value in a SQLite column as collections use them: integers, text, or null. Decimals
/// are kept as their exact text; booleans as 0 and 1.
enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case text(String)
}

/// The rows a statement gave, by column position: the names once, the values row after row.
/// A list of thousands read this way makes no dictionary per row.
struct SQLiteRows: Sendable {
    let columns: [String]
    private(set) var values: [SQLiteValue] = []

    init(columns: [String]) { self.columns = columns }

    var count: Int { columns.isEmpty ? 0 : values.count / columns.count }

    /// The value in `row` at `column`.
    subscript(row: Int, column: Int) -> SQLiteValue { values[row * columns.count + column] }

    mutating func append(_ value: SQLiteValue) { values.append(value) }

    /// Each row as a column name → value map; of two columns with one name, the later.
    var dictionaries: [[String: SQLiteValue]] {
        (0..<count).map { row in
            Dictionary(zip(columns, columns.indices.lazy.map { self[row, $0] }), uniquingKeysWith: { _, later in later })
        }
    }
}

/// One handle on a SQLite file, in WAL mode with a busy timeout; one statement at a time
/// (its lock). ``SQLiteDatabase`` keeps two: the writer, which its units of work run on,
/// and a reader, whose statements see only what has committed.
// @unchecked: the handle and its prepared statements are touched only under `lock`.
final class SQLiteConnection: @unchecked Sendable {
    let path: String
    private let library: SQLiteLibrary
    private let handle: OpaquePointer
    /// Whether the handle is closed, and the statements prepared so far by their SQL:
    /// preparing one costs more than running it (an expression index's key is a long
    /// expression), and the same few statements run again and again.
    private let lock = Locked(Handle())

    private struct Handle {
        var closed = false
        var statements: [String: OpaquePointer] = [:]
    }

    /// Statements kept prepared at most; past it, the cache starts afresh.
    private static let cachedStatements = 64

    /// Opens (creating it if need be) the file at `file`; errors name `path`.
    init(file: String, path: String, busyWait: Duration) throws(CollectionError) {
        let library = try SQLiteLibrary.shared.get()
        var handle: OpaquePointer?
        let code = library.open(file, &handle, SQLiteLibrary.openReadWrite | SQLiteLibrary.openCreate | SQLiteLibrary.openNoMutex, nil)
        guard code == SQLiteLibrary.ok, let handle else {
            let reason = handle.flatMap { library.errorMessage($0) }.map { String(cString: $0) } ?? "error \(code)"
            if let handle { _ = library.close(handle) }
            throw .database(path: path, reason: reason)
        }
        self.path = path
        self.library = library
        self.handle = handle
        wait(busyWait)
    }

    /// How long a statement waits for another connection's write to end.
    func wait(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        _ = library.busyTimeout(handle, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    deinit { close() }

    /// Closes the handle (once); a statement run after it is an error.
    func close() {
        lock.withLock { state in
            guard !state.closed else { return }
            for statement in state.statements.values { _ = library.finalize(statement) }
            state.statements = [:]
            _ = library.close(handle)
            state.closed = true
        }
    }

    /// Runs `sql`: the rows it gives, each a column name → value map. `writes` learns, before
    /// a statement runs, whether it writes, and may refuse it by throwing.
    func run(
        _ sql: String, _ arguments: [SQLiteValue], writes: (Bool) throws(CollectionError) -> Void,
        failure: (Int32, String) -> CollectionError
    ) throws(CollectionError) -> [[String: SQLiteValue]] {
        try runCounting(sql, arguments, writes: writes, failure: failure).rows.dictionaries
    }

    /// ``run(_:_:writes:failure:)``, the rows by column position.
    func rows(
        _ sql: String, _ arguments: [SQLiteValue], writes: (Bool) throws(CollectionError) -> Void,
        failure: (Int32, String) -> CollectionError
    ) throws(CollectionError) -> SQLiteRows {
        try runCounting(sql, arguments, writes: writes, failure: failure).rows
    }

    /// ``run(_:_:writes:failure:)``, and how many rows the statement inserted, updated or
    /// deleted (`sqlite3_changes`, read before any other statement runs).
    func runCounting(
        _ sql: String, _ arguments: [SQLiteValue], writes: (Bool) throws(CollectionError) -> Void,
        failure: (Int32, String) -> CollectionError
    ) throws(CollectionError) -> (rows: SQLiteRows, changes: Int) {
        let result: Result<(rows: SQLiteRows, changes: Int), CollectionError> = lock.withLock { state in
            if state.closed { return .failure(.database(path: path, reason: "the database is closed")) }
            do throws(CollectionError) {
                let rows = try locked(sql, arguments, &state.statements, writes: writes, failure: failure)
                return .success((rows, Int(library.changes(handle))))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func locked(
        _ sql: String, _ arguments: [SQLiteValue], _ statements: inout [String: OpaquePointer],
        writes: (Bool) throws(CollectionError) -> Void,
        failure: (Int32, String) -> CollectionError
    ) throws(CollectionError) -> SQLiteRows {
        func fail(_ code: Int32) -> CollectionError {
            failure(code, library.errorMessage(handle).map { String(cString: $0) } ?? "error \(code)")
        }
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var prepared: OpaquePointer?
            let code = library.prepare(handle, sql, -1, &prepared, nil)
            guard code == SQLiteLibrary.ok, let prepared else { throw fail(code) }
            if statements.count >= Self.cachedStatements {
                for old in statements.values { _ = library.finalize(old) }
                statements = [:]
            }
            statements[sql] = prepared
            statement = prepared
        }
        // Reset after every run, rows read or not: a statement left stepping would hold its
        // read snapshot open.
        defer { _ = library.reset(statement) }
        try writes(library.readOnly(statement) == 0)
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            let bound =
                switch argument {
                case .null: library.bindNull(statement, position)
                case let .integer(value): library.bindInt(statement, position, value)
                case let .text(value): bindText(value, statement, position)
                }
            guard bound == SQLiteLibrary.ok else { throw fail(bound) }
        }
        let columns = library.columnCount(statement)
        var rows = SQLiteRows(
            columns: (0..<columns).map { column in library.columnName(statement, column).map { String(cString: $0) } ?? "\(column)" })
        while true {
            let code = library.step(statement)
            if code == SQLiteLibrary.done { return rows }
            guard code == SQLiteLibrary.row else { throw fail(code) }
            for column in 0..<columns {
                switch library.columnType(statement, column) {
                case SQLiteLibrary.typeNull: rows.append(.null)
                case SQLiteLibrary.typeInteger: rows.append(.integer(library.columnInt(statement, column)))
                default: rows.append(.text(text(statement, column)))
                }
            }
        }
    }

    /// Binds text by its UTF-8 bytes and their count, so a NUL in it is stored, not taken
    /// for its end (SQLITE_TRANSIENT: SQLite copies the bytes).
    private func bindText(_ value: String, _ statement: OpaquePointer, _ position: Int32) -> Int32 {
        let bytes = value.utf8CString  // never empty: it ends in a NUL, not counted below
        guard let count = Int32(exactly: bytes.count - 1) else { return SQLiteLibrary.tooBig }
        return bytes.withUnsafeBufferPointer { library.bindText(statement, position, $0.baseAddress, count, -1) }
    }

    /// A column's text, all of its bytes (`sqlite3_column_bytes`), a NUL among them too.
    private func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        guard let start = library.columnText(statement, column) else { return "" }
        let count = Int(library.columnBytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}
