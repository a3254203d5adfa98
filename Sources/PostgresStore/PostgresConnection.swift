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
    /// Statements written but not sent: a transaction's `BEGIN`, and statements whose answer no
    /// one waits for (``executeLater(_:_:)``). They go with the next statement that is waited
    /// for, or with `COMMIT`, in one round trip (libpq's pipeline mode); a transaction that runs
    /// nothing sends neither `BEGIN` nor `COMMIT`.
    private var queued: [Statement] = []
    /// Inside ``transaction(_:)``: whether its `BEGIN` has gone to the server, so a failure rolls back.
    private var begun = false
    private var inTransaction = false

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

    /// Queues a statement whose answer no one waits for (the events of a save) to go with the
    /// transaction's next statement or its `COMMIT`: a round trip less. An error in it fails the
    /// transaction there, as if it had run at once. Outside a transaction it runs at once.
    public func executeLater(_ sql: String, _ values: [PostgresValue] = []) throws(PostgresError) {
        let statement = Statement(sql: sql, name: try statement(sql, parameters: values.count), parameters: Parameters(values))
        guard inTransaction else {
            let result = try send(statement)
            defer { PQclear(result) }
            try check(result, sql: sql)
            return
        }
        queued.append(statement)
    }

    /// Runs SQL without parameters and unprepared: transaction control, and a migration's
    /// statements (which may be several).
    public func run(script sql: String) throws(PostgresError) {
        if !queued.isEmpty { _ = try flush(then: nil) }
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        queued = [Statement(sql: "BEGIN")]
        begun = false
        inTransaction = true
        defer {
            queued = []
            inTransaction = false
        }
        do {
            let value = try body()
            if begun || queued.count > 1 {
                let result = try flush(then: Statement(sql: "COMMIT"))
                defer { PQclear(result) }
                try check(result, sql: "COMMIT")
            }
            return value
        } catch {
            queued = []
            if begun && !isBroken {
                let result = PQexec(handle, "ROLLBACK")
                PQclear(result)
            }
            throw error
        }
    }

    /// Whether the connection is idle outside any transaction, so it can be lent again.
    var isReusable: Bool {
        !isBroken && PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE
    }

    private func run(_ sql: String, _ values: [PostgresValue]) throws(PostgresError) -> OpaquePointer {
        let statement = Statement(sql: sql, name: try statement(sql, parameters: values.count), parameters: Parameters(values))
        let answered = queued.isEmpty ? try send(statement) : try flush(then: statement)
        guard let result = answered else {
            isBroken = PQstatus(handle) != CONNECTION_OK
            throw PostgresError(sqlState: PostgresError.connectionFailure, message: Self.trimmed(PQerrorMessage(handle)), sql: sql)
        }
        do {
            try check(result, sql: sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    /// Runs one statement on its own and returns its result (the caller clears it).
    private func send(_ statement: Statement) throws(PostgresError) -> OpaquePointer {
        let result = statement.parameters.withPointers { values, lengths, formats in
            if let name = statement.name {
                PQexecPrepared(handle, name, Int32(values.count), values, lengths, formats, 0)
            } else {
                PQexec(handle, statement.sql)
            }
        }
        guard let result else {
            isBroken = PQstatus(handle) != CONNECTION_OK
            throw PostgresError(sqlState: PostgresError.connectionFailure, message: Self.trimmed(PQerrorMessage(handle)), sql: statement.sql)
        }
        return result
    }

    /// Sends the queued statements and then `last` together, in one round trip, and returns
    /// `last`'s result (the caller clears it). The first queued statement that failed is thrown
    /// instead; the server skips everything after it up to the end of the pipeline.
    private func flush(then last: Statement?) throws(PostgresError) -> OpaquePointer? {
        let statements = queued + (last.map { [$0] } ?? [])
        queued = []
        if statements.first?.sql == "BEGIN" { begun = true }
        guard PQenterPipelineMode(handle) == 1 else {
            // Not possible here (a result left unread): one at a time, as without a pipeline.
            for (index, statement) in statements.enumerated() {
                let result = try send(statement)
                if index == statements.count - 1 && last != nil { return result }
                defer { PQclear(result) }
                try check(result, sql: statement.sql)
            }
            return nil
        }
        defer { PQexitPipelineMode(handle) }
        for statement in statements {
            let sent = statement.parameters.withPointers { values, lengths, formats in
                if let name = statement.name {
                    PQsendQueryPrepared(handle, name, Int32(values.count), values, lengths, formats, 0)
                } else {
                    PQsendQueryParams(handle, statement.sql, 0, nil, nil, nil, nil, 0)
                }
            }
            guard sent == 1 else {
                isBroken = true
                throw PostgresError(sqlState: PostgresError.connectionFailure, message: Self.trimmed(PQerrorMessage(handle)), sql: statement.sql)
            }
        }
        guard PQpipelineSync(handle) == 1 else {
            isBroken = true
            throw PostgresError(sqlState: PostgresError.connectionFailure, message: Self.trimmed(PQerrorMessage(handle)), sql: statements.last?.sql)
        }
        // Each statement's result and the null that ends it, then the sync point; a lost
        // connection gives nulls only, hence the bound.
        var failure: PostgresError?
        var lastResult: OpaquePointer?
        for (index, statement) in statements.enumerated() {
            let result = PQgetResult(handle)
            _ = PQgetResult(handle)
            if index == statements.count - 1 && last != nil {
                lastResult = result
            } else {
                defer { PQclear(result) }
                if failure == nil {
                    do { try check(result, sql: statement.sql) } catch { failure = error }
                }
            }
        }
        for _ in 0..<4 {
            guard let next = PQgetResult(handle) else { continue }
            let status = PQresultStatus(next)
            PQclear(next)
            if status == PGRES_PIPELINE_SYNC { break }
        }
        if let failure {
            PQclear(lastResult)
            throw failure
        }
        return lastResult
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

    /// A statement to send: prepared (with its name) and its parameters, or plain SQL (`BEGIN`).
    private struct Statement {
        let sql: String
        var name: String? = nil
        var parameters = Parameters([])
    }

    /// A statement's parameters as libpq reads them: numbers and flags as NUL-terminated text,
    /// text and bytes as binary, each in a buffer of its own that lives as long as this.
    private final class Parameters {
        private let buffers: [UnsafeMutableRawPointer?]
        private let lengths: [Int32]
        private let formats: [Int32]

        init(_ values: [PostgresValue]) {
            var buffers: [UnsafeMutableRawPointer?] = []
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
            self.buffers = buffers
            self.lengths = lengths
            self.formats = formats
        }

        deinit {
            for buffer in buffers { buffer?.deallocate() }
        }

        func withPointers<T>(_ body: ([UnsafePointer<CChar>?], [Int32], [Int32]) -> T) -> T {
            body(buffers.map { $0.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } }, lengths, formats)
        }
    }

    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }
}
