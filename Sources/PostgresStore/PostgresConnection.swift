import CLibPQ
import Foundation

/// One connection to a PostgreSQL server over libpq: opened in `init` (throwing libpq's message),
/// closed in `deinit`, with its statements prepared once and reused by their SQL text. Not
/// thread-safe: ``PostgresDatabase`` lends each connection to one thread at a time.
public final class PostgresConnection {
    private let handle: OpaquePointer
    private var prepared: [String: String] = [:]
    /// Set once a call found the connection lost; the pool then closes it instead of lending it again.
    private(set) var isBroken = false
    /// A transaction was begun but `BEGIN` not sent yet: it goes with the first statement, in one
    /// round trip (libpq's pipeline mode), and a transaction that runs none sends neither it nor `COMMIT`.
    private var beginPending = false

    /// Connects to `url` (`postgres://user@host:port/db?sslmode=require`); the password comes
    /// from the URL, `PGPASSWORD` or `~/.pgpass`, as libpq reads them. Waits at most 5 seconds
    /// unless the URL sets `connect_timeout`.
    public init(url: String) throws(PostgresError) {
        // Later keywords win, and the URL expands in place of `dbname`: its own settings win
        // over these defaults.
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = ["5", "flowpages", url]
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw PostgresError(sqlState: PostgresError.cannotConnect, message: "out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(sqlState: PostgresError.cannotConnect, message: message)
        }
        handle = connection
        clibpq_silence_notices(handle)
    }

    deinit {
        PQfinish(handle)
    }

    /// Runs one statement and returns the number of rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ values: [PostgresValue] = []) throws(PostgresError) -> Int {
        let result = try run(sql, values)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Runs a query and maps each row.
    public func query<T>(_ sql: String, _ values: [PostgresValue] = [], _ map: (PostgresRow) throws -> T) throws -> [T] {
        let result = try run(sql, values)
        defer { PQclear(result) }
        let count = PQntuples(result)
        var rows: [T] = []
        rows.reserveCapacity(Int(count))
        for index in 0..<count {
            rows.append(try map(PostgresRow(result: result, index: index)))
        }
        return rows
    }

    /// The first row of a query, mapped, or nil.
    public func queryFirst<T>(_ sql: String, _ values: [PostgresValue] = [], _ map: (PostgresRow) throws -> T) throws -> T? {
        let result = try run(sql, values)
        defer { PQclear(result) }
        return PQntuples(result) > 0 ? try map(PostgresRow(result: result, index: 0)) : nil
    }

    /// Runs SQL without parameters and unprepared: transaction control, and a migration's
    /// statements (which may be several).
    public func run(script sql: String) throws(PostgresError) {
        try sendPendingBegin()
        try exec(sql)
    }

    private func exec(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    private func sendPendingBegin() throws(PostgresError) {
        guard beginPending else { return }
        beginPending = false
        try exec("BEGIN")
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        beginPending = true
        do {
            let value = try body()
            if beginPending {
                beginPending = false
            } else {
                try exec("COMMIT")
            }
            return value
        } catch {
            if beginPending {
                beginPending = false
            } else if !isBroken {
                try? exec("ROLLBACK")
            }
            throw error
        }
    }

    /// Whether the connection is idle outside any transaction, so it can be lent again.
    var isReusable: Bool {
        !isBroken && PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE
    }

    private func run(_ sql: String, _ values: [PostgresValue]) throws(PostgresError) -> OpaquePointer {
        let name = try statement(sql, parameters: values.count)
        var buffers: [UnsafeMutableRawPointer?] = []
        defer { for buffer in buffers { buffer?.deallocate() } }
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for value in values {
            let (bytes, format): ([UInt8]?, Int32) = switch value {
            case .null: (nil, 0)
            // Text format needs a terminating NUL; the length is what is read.
            case .integer(let number): (Array(String(number).utf8) + [0], 0)
            case .boolean(let flag): (Array((flag ? "t" : "f").utf8) + [0], 0)
            case .text(let text): (Array(text.utf8), 1)
            case .bytes(let bytes): (bytes, 1)
            }
            guard let bytes else {
                buffers.append(nil)
                lengths.append(0)
                formats.append(0)
                continue
            }
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(buffer), byteCount: bytes.count) }
            buffers.append(buffer)
            lengths.append(Int32(bytes.count))
            formats.append(format)
        }
        let pointers = buffers.map { $0.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } }
        let result = beginPending
            ? try beginning(name, count: Int32(values.count), pointers, lengths, formats, sql: sql)
            : PQexecPrepared(handle, name, Int32(values.count), pointers, lengths, formats, 0)
        do {
            try check(result, sql: sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result!
    }

    /// Sends the pending `BEGIN` and the statement together, and returns the statement's result.
    private func beginning(
        _ name: String, count: Int32, _ values: [UnsafePointer<CChar>?], _ lengths: [Int32], _ formats: [Int32], sql: String
    ) throws(PostgresError) -> OpaquePointer? {
        beginPending = false
        guard PQenterPipelineMode(handle) == 1 else {
            try exec("BEGIN")
            return PQexecPrepared(handle, name, count, values, lengths, formats, 0)
        }
        defer { PQexitPipelineMode(handle) }
        guard PQsendQueryParams(handle, "BEGIN", 0, nil, nil, nil, nil, 0) == 1,
              PQsendQueryPrepared(handle, name, count, values, lengths, formats, 0) == 1, PQpipelineSync(handle) == 1 else {
            isBroken = true
            throw PostgresError(sqlState: PostgresError.connectionFailure, message: Self.trimmed(PQerrorMessage(handle)), sql: sql)
        }
        // BEGIN's result and the null that ends it, the statement's and its null, then the sync
        // point; a lost connection gives nulls only, hence the bound.
        let begin = PQgetResult(handle)
        defer { PQclear(begin) }
        _ = PQgetResult(handle)
        let result = PQgetResult(handle)
        for _ in 0..<4 {
            guard let next = PQgetResult(handle) else { continue }
            let status = PQresultStatus(next)
            PQclear(next)
            if status == PGRES_PIPELINE_SYNC { break }
        }
        if let begin, PQresultStatus(begin) != PGRES_COMMAND_OK {
            PQclear(result)
            try check(begin, sql: "BEGIN")
        }
        return result
    }

    /// The name of `sql`'s prepared statement, preparing it on first use.
    private func statement(_ sql: String, parameters: Int) throws(PostgresError) -> String {
        if let name = prepared[sql] { return name }
        let name = "fp\(prepared.count + 1)"
        let result = PQprepare(handle, name, sql, Int32(parameters), nil)
        defer { PQclear(result) }
        try check(result, sql: sql)
        prepared[sql] = name
        return name
    }

    private func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK else { return }
        if PQstatus(handle) != CONNECTION_OK { isBroken = true }
        let state = result.flatMap { PQresultErrorField($0, clibpq_diag_sqlstate()) }.map { String(cString: $0) }
        let message = result.flatMap { PQresultErrorField($0, clibpq_diag_message_primary()) }.map { String(cString: $0) }
        throw PostgresError(sqlState: state ?? (isBroken ? PostgresError.connectionFailure : "XX000"),
                            message: message ?? Self.trimmed(PQerrorMessage(handle)), sql: sql)
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown error"
    }

    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }
}
