import CSQLite

/// One prepared statement: bind, step, read columns. Reset before each use by `SQLiteConnection.statement(_:)`.
final class SQLiteStatement {
    private var handle: OpaquePointer?
    private unowned let connection: SQLiteConnection

    /// Wraps a prepared statement of `connection`.
    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    /// Releases the statement (the connection does this when it closes).
    func finalize() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    /// Resets the statement and clears its bindings.
    func reset() {
        guard let handle else { return }
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds text (copied by SQLite) to the 1-based parameter `index`.
    func bind(_ index: Int32, _ text: String) throws(BenchError) {
        let code =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    csqlite_bind_text_copy(handle, index, chars.baseAddress, Int32(chars.count))
                }
            } ?? csqlite_bind_text_copy(handle, index, text, -1)
        try check(code, "bind text")
    }

    /// Binds text or NULL.
    func bind(_ index: Int32, _ text: String?) throws(BenchError) {
        guard let text else {
            try check(sqlite3_bind_null(handle, index), "bind null")
            return
        }
        try bind(index, text)
    }

    /// Binds an integer.
    func bind(_ index: Int32, _ value: Int64) throws(BenchError) {
        try check(sqlite3_bind_int64(handle, index, value), "bind integer")
    }

    /// Steps once: true when a row is ready, false when done.
    func step() throws(BenchError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw BenchError("sqlite: step failed (\(connection.errorMessage))")
    }

    /// Steps until done, for statements that return no rows.
    func run() throws(BenchError) {
        while try step() {}
    }

    /// The text of column `index` (0-based) of the current row, or nil for NULL.
    func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The integer of column `index` of the current row.
    func integer(_ index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Every row's first column as text.
    func texts() throws(BenchError) -> [String] {
        var rows: [String] = []
        while try step() { rows.append(text(0) ?? "") }
        return rows
    }

    private func check(_ code: Int32, _ what: String) throws(BenchError) {
        guard code == SQLITE_OK else { throw BenchError("sqlite: \(what) failed (\(connection.errorMessage))") }
    }
}
