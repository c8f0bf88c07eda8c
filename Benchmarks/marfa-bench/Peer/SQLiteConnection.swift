import CSQLite

/// One SQLite connection through the C API, with its prepared statements kept for reuse.
///
/// Statements are prepared once with `SQLITE_PREPARE_PERSISTENT` and cached by their SQL text, as the reference
/// core keeps its statements. Not thread-safe: the peer serializes every call, like the reference's one mutex.
final class SQLiteConnection {
    /// The database file.
    let path: String
    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (or creates) the database at `path`.
    init(path: String) throws(BenchError) {
        self.path = path
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw BenchError("sqlite: cannot open \(path): \(message)")
        }
        handle = opened
    }

    deinit {
        close()
    }

    /// Finalizes every statement and closes the connection.
    func close() {
        for statement in statements.values { statement.finalize() }
        statements = [:]
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// The SQLite library's version.
    static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Runs SQL text with no results (schema, pragmas); several statements may be given.
    func execute(_ sql: String) throws(BenchError) {
        let handle = try open()
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        if code != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? "code \(code)"
            sqlite3_free(error)
            throw BenchError("sqlite: \(message) in: \(sql.prefix(200))")
        }
    }

    /// The cached prepared statement for `sql`, prepared on first use.
    func statement(_ sql: String) throws(BenchError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let handle = try open()
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw BenchError("sqlite: cannot prepare (\(errorMessage)): \(sql.prefix(300))")
        }
        let statement = SQLiteStatement(prepared, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Keeps the WAL when this connection closes (no checkpoint), so the next open recovers it as after a crash.
    func keepWALOnClose() throws(BenchError) {
        let handle = try open()
        guard csqlite_keep_wal_on_close(handle) == SQLITE_OK else {
            throw BenchError("sqlite: cannot keep the WAL on close: \(errorMessage)")
        }
    }

    /// The connection's last error message.
    var errorMessage: String {
        handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed connection"
    }

    private func open() throws(BenchError) -> OpaquePointer {
        guard let handle else { throw BenchError("sqlite: the connection to \(path) is closed") }
        return handle
    }
}
