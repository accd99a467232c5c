#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The system's SQLite, loaded when the first collection opens: no package, no header, no
/// link-time dependency. Linux has `libsqlite3.so.0` wherever the Swift toolchain runs
/// (Foundation's own dependencies bring it); macOS has `libsqlite3.dylib`. Where it is
/// missing, opening a collection is a clear error naming the library, and everything else
/// works.
///
/// Only the C functions collections use are looked up, each by name, once.
final class SQLiteLibrary: Sendable {
    typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) -> Int32
    typealias Close = @convention(c) (OpaquePointer?) -> Int32
    typealias ErrorMessage = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias Prepare =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32
    typealias StatementCall = @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_bind_text`: the destructor is passed as an integer, -1 (`SQLITE_TRANSIENT`:
    /// SQLite copies the text), which has a pointer's size and passing on every platform.
    typealias BindText = @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
    typealias BindInt = @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    typealias BindNull = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ColumnCount = @convention(c) (OpaquePointer?) -> Int32
    typealias ColumnType = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ColumnText = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    typealias ColumnInt = @convention(c) (OpaquePointer?, Int32) -> Int64
    typealias ColumnName = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    typealias BusyTimeout = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias Version = @convention(c) () -> UnsafePointer<CChar>?

    let open: Open
    let close: Close
    let errorMessage: ErrorMessage
    let prepare: Prepare
    let step: StatementCall
    let reset: StatementCall
    let finalize: StatementCall
    /// `sqlite3_stmt_readonly`: nonzero when the statement writes nothing to the file.
    let readOnly: StatementCall
    let bindText: BindText
    let bindInt: BindInt
    let bindNull: BindNull
    let columnCount: ColumnCount
    let columnType: ColumnType
    let columnText: ColumnText
    /// `sqlite3_column_bytes`: the length of the text `columnText` gave, NULs and all.
    let columnBytes: ColumnType
    let columnInt: ColumnInt
    let columnName: ColumnName
    let busyTimeout: BusyTimeout
    let version: Version
    /// `sqlite3_changes`: the rows the last statement inserted, updated or deleted.
    let changes: StatementCall

    /// The names tried, in order, where the system keeps SQLite.
    static let names: [String] = {
        #if canImport(Darwin)
            ["libsqlite3.dylib", "/usr/lib/libsqlite3.dylib"]
        #else
            ["libsqlite3.so.0", "libsqlite3.so"]
        #endif
    }()

    /// The library, loaded once; the error says which names were tried.
    static let shared: Result<SQLiteLibrary, CollectionError> = load(names)

    static func load(_ names: [String]) -> Result<SQLiteLibrary, CollectionError> {
        for name in names {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let library = SQLiteLibrary(handle: handle) { return .success(library) }
            dlclose(handle)
        }
        return .failure(.libraryMissing(names: names))
    }

    private init?(handle: UnsafeMutableRawPointer) {
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let open = symbol("sqlite3_open_v2", as: Open.self),
            let close = symbol("sqlite3_close_v2", as: Close.self),
            let errorMessage = symbol("sqlite3_errmsg", as: ErrorMessage.self),
            let prepare = symbol("sqlite3_prepare_v2", as: Prepare.self),
            let step = symbol("sqlite3_step", as: StatementCall.self),
            let reset = symbol("sqlite3_reset", as: StatementCall.self),
            let finalize = symbol("sqlite3_finalize", as: StatementCall.self),
            let readOnly = symbol("sqlite3_stmt_readonly", as: StatementCall.self),
            let bindText = symbol("sqlite3_bind_text", as: BindText.self),
            let bindInt = symbol("sqlite3_bind_int64", as: BindInt.self),
            let bindNull = symbol("sqlite3_bind_null", as: BindNull.self),
            let columnCount = symbol("sqlite3_column_count", as: ColumnCount.self),
            let columnType = symbol("sqlite3_column_type", as: ColumnType.self),
            let columnText = symbol("sqlite3_column_text", as: ColumnText.self),
            let columnBytes = symbol("sqlite3_column_bytes", as: ColumnType.self),
            let columnInt = symbol("sqlite3_column_int64", as: ColumnInt.self),
            let columnName = symbol("sqlite3_column_name", as: ColumnName.self),
            let busyTimeout = symbol("sqlite3_busy_timeout", as: BusyTimeout.self),
            let version = symbol("sqlite3_libversion", as: Version.self),
            let changes = symbol("sqlite3_changes", as: StatementCall.self)
        else { return nil }
        (self.open, self.close, self.errorMessage, self.prepare, self.step, self.reset, self.finalize, self.readOnly) =
            (open, close, errorMessage, prepare, step, reset, finalize, readOnly)
        (self.bindText, self.bindInt, self.bindNull) = (bindText, bindInt, bindNull)
        (self.columnCount, self.columnType, self.columnText, self.columnBytes, self.columnInt, self.columnName) =
            (columnCount, columnType, columnText, columnBytes, columnInt, columnName)
        (self.busyTimeout, self.version, self.changes) = (busyTimeout, version, changes)
    }

    // Result codes and flags from sqlite3.h.
    static let ok: Int32 = 0
    static let busy: Int32 = 5
    static let corrupt: Int32 = 11
    static let tooBig: Int32 = 18
    static let notADatabase: Int32 = 26
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let openReadWrite: Int32 = 0x0000_0002
    static let openCreate: Int32 = 0x0000_0004
    static let openNoMutex: Int32 = 0x0000_8000
    static let typeInteger: Int32 = 1
    static let typeNull: Int32 = 5
}
