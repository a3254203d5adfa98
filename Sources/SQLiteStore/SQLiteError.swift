/// A failed SQLite call: the result code, SQLite's message and the SQL. Bound values are never
/// part of it, so passwords and tokens cannot reach a log.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The (extended) result code.
    public let code: SQLiteResultCode
    /// SQLite's message.
    public let message: String
    /// The statement, if one was running.
    public let sql: String?

    public init(code: SQLiteResultCode, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        "SQLite error \(code.rawValue): \(message)" + (sql.map { " in `\($0)`" } ?? "")
    }
}

/// SQLite result codes: an open set, with the ones FlowPages looks at as constants.
public struct SQLiteResultCode: Hashable, Sendable {
    /// The code, possibly extended.
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code, without the extended bits.
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    public static let ok = SQLiteResultCode(rawValue: 0)
    public static let error = SQLiteResultCode(rawValue: 1)
    public static let busy = SQLiteResultCode(rawValue: 5)
    public static let locked = SQLiteResultCode(rawValue: 6)
    public static let readOnly = SQLiteResultCode(rawValue: 8)
    public static let corrupt = SQLiteResultCode(rawValue: 11)
    public static let cantOpen = SQLiteResultCode(rawValue: 14)
    public static let constraint = SQLiteResultCode(rawValue: 19)
    public static let misuse = SQLiteResultCode(rawValue: 21)
    public static let notADatabase = SQLiteResultCode(rawValue: 26)
    public static let row = SQLiteResultCode(rawValue: 100)
    public static let done = SQLiteResultCode(rawValue: 101)
}
