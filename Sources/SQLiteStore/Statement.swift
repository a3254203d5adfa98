import CSQLite

/// A prepared statement, owned for its lifetime and finalized in `deinit`. Used only by the
/// connection that prepared it, on that connection's thread.
public final class Statement {
    let handle: OpaquePointer
    /// The SQL it was prepared from.
    public let sql: String
    private let connection: OpaquePointer

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(code: SQLiteResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        self.handle = statement
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds values to `?` placeholders in order, after resetting the statement.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 = switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .integer(let number): sqlite3_bind_int64(handle, index, number)
            case .real(let number): sqlite3_bind_double(handle, index, number)
            case .text(let text): Self.bind(text, to: handle, at: index)
            // An empty array has no address, and a null pointer would bind NULL, not an empty blob.
            case .blob(let bytes) where bytes.isEmpty: sqlite3_bind_zeroblob(handle, index, 0)
            case .blob(let bytes): bytes.withUnsafeBytes { sqlite3_bind_blob64(handle, index, $0.baseAddress, UInt64($0.count), csqlite_transient()) }
            }
            try check(code)
        }
    }

    /// Binds text with its UTF-8 byte length: a length of -1 would make SQLite stop at the first
    /// NUL, so `a\0b` would be stored as `a`. An empty string is bound from a literal, as an
    /// empty buffer may have no address and a null pointer would bind NULL, not "".
    private static func bind(_ text: String, to handle: OpaquePointer, at index: Int32) -> Int32 {
        guard !text.isEmpty else { return sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) }
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text64(handle, index, $0.baseAddress, UInt64($0.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Steps once: true when a row is ready, false when done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: SQLiteResultCode(rawValue: sqlite3_extended_errcode(connection)), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// The current row.
    var row: Row { Row(statement: handle) }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(code: SQLiteResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
    }
}

/// The current row of a statement, read by column index.
public struct Row {
    let statement: OpaquePointer

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    public func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(statement, column))
    }

    public func double(_ column: Int32) -> Double {
        sqlite3_column_double(statement, column)
    }

    public func string(_ column: Int32) -> String? {
        // The byte count, not the first NUL, ends the text (sqlite3_column_bytes after
        // sqlite3_column_text, as SQLite's documentation orders them).
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    public func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
