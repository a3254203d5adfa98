/// A failed PostgreSQL call: the SQLSTATE, the server's (or libpq's) message and the SQL. Bound
/// values are never part of it, so passwords and tokens cannot reach a log.
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE, such as `23505`; `08006` when the connection was lost.
    public let sqlState: String
    /// The primary message.
    public let message: String
    /// The statement, if one was running.
    public let sql: String?

    public init(sqlState: String, message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    public var description: String {
        "PostgreSQL error \(sqlState): \(message)" + (sql.map { " in `\($0)`" } ?? "")
    }

    /// Whether the server could not be reached or went away (class 08), or is shutting down or
    /// starting (57P01–57P03): the connection is of no more use, and the request may be tried
    /// again once the server is back.
    public var isConnectionFailure: Bool {
        sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// SQLSTATEs FlowPages looks at.
    public static let uniqueViolation = "23505"
    public static let connectionFailure = "08006"
    public static let cannotConnect = "08001"
}
