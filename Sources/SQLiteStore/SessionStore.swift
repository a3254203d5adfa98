import FlowStore

/// Sessions and their navigation state, on one connection (``SQLiteWebStore/read(_:)``,
/// ``SQLiteWebStore/transaction(_:)``). Only the SHA-256 of a session id is stored; the id itself
/// lives in the visitor's cookie.
struct SessionStore: SessionWrites {
    typealias Record = SessionRecord

    let connection: SQLiteConnection
    /// How long a session lives without being used, and at most, in milliseconds.
    let lifetimes: SessionLifetimes

    func create(app: String, state: [UInt8], userID: String?, csrfSecret: String, previousSecrets: [String], dataKey: String, now: Int64) throws
        -> String {
        let id = Secret.token()
        try connection.execute(
            """
            INSERT INTO sessions (id_hash, app, state, version, created_at, last_seen_at, csrf_secret, data_key, screen_since, previous_csrf_secret, user_id)
            VALUES (?1, ?2, ?3, 1, ?4, ?4, ?5, ?6, ?4, ?7, ?8)
            """,
            [.blob(Secret.hash(id)), .text(app), .blob(state), .integer(now), .text(csrfSecret), .text(dataKey),
             .string(Record.column(previousSecrets: previousSecrets)), .string(userID)]
        )
        try EventStore.count([EventCounts.Key(app: app, day: StoredEvent.day(of: now), metric: .sessions, subject: ""): 1], in: connection)
        return id
    }

    func load(id: String, now: Int64) throws -> Record? {
        let record = try connection.queryFirst(
            """
            SELECT app, state, version, created_at, last_seen_at, csrf_secret, data_key, screen_since, previous_csrf_secret
            FROM sessions WHERE id_hash = ?
            """,
            [.blob(Secret.hash(id))]
        ) { row in
            Record(app: row.string(0) ?? "", state: row.bytes(1), version: row.int(2), createdAt: Int64(row.int(3)), lastSeenAt: Int64(row.int(4)),
                   csrfSecret: row.string(5), previousCSRFSecrets: Record.previousSecrets(column: row.string(8)), dataKey: row.string(6),
                   screenSince: row.isNull(7) ? nil : Int64(row.int(7)))
        }
        guard let record, !record.isExpired(now: now, idle: lifetimes.idle, absolute: lifetimes.absolute) else { return nil }
        return record
    }

    func save(id: String, state: [UInt8], expectedVersion: Int, screenSince: Int64?, now: Int64) throws -> SaveOutcome {
        let hash = Secret.hash(id)
        let changed = try connection.execute(
            "UPDATE sessions SET state = ?, version = version + 1, last_seen_at = ?, screen_since = coalesce(?, screen_since) WHERE id_hash = ? AND version = ?",
            [.blob(state), .integer(now), screenSince.map { .integer($0) } ?? .null, .blob(hash), .integer(Int64(expectedVersion))]
        )
        if changed == 1 { return .saved(version: expectedVersion + 1) }
        let current = try connection.queryFirst("SELECT version FROM sessions WHERE id_hash = ?", [.blob(hash)]) { $0.int(0) }
        return current.map { .conflict(current: $0) } ?? .missing
    }

    /// Saves `state` under a new id if the session is still at `expectedVersion`, as on sign-in
    /// and sign-out: an id seen before the change (a fixed one, a leaked one) no longer works.
    /// Its events stay its own: they name its number, not its id. Returns the outcome and, when
    /// saved, the new id.
    func rotate(id: String, state: [UInt8], userID: String?, expectedVersion: Int, csrfSecret: String, previousSecrets: [String],
                screenSince: Int64?, now: Int64) throws -> (SaveOutcome, String?) {
        let (hash, newID) = (Secret.hash(id), Secret.token())
        let changed = try connection.execute(
            """
            UPDATE sessions SET id_hash = ?, state = ?, version = version + 1, last_seen_at = ?, screen_since = coalesce(?, screen_since),
                previous_csrf_secret = ?, csrf_secret = ?, user_id = ?
            WHERE id_hash = ? AND version = ?
            """,
            [.blob(Secret.hash(newID)), .blob(state), .integer(now), screenSince.map { .integer($0) } ?? .null,
             .string(Record.column(previousSecrets: previousSecrets)), .text(csrfSecret), .string(userID), .blob(hash), .integer(Int64(expectedVersion))]
        )
        guard changed == 1 else {
            let current = try connection.queryFirst("SELECT version FROM sessions WHERE id_hash = ?", [.blob(hash)]) { $0.int(0) }
            return (current.map { .conflict(current: $0) } ?? .missing, nil)
        }
        return (.saved(version: expectedVersion + 1), newID)
    }

    /// Ends a session, as the prototype's reset does, with its copies of app data.
    func end(id: String) throws {
        let hash = SQLiteValue.blob(Secret.hash(id))
        try deleteCopies(ofSessionsWhere: "id_hash = ?1", [hash])
        try connection.execute("DELETE FROM sessions WHERE id_hash = ?", [hash])
    }

    /// Ends every session of `app` signed in as `userID` but `except`, with its copies of app data.
    func end(app: String, userID: String, except: String?) throws {
        let values: [SQLiteValue] = [.text(app), .text(userID), except.map { .blob(Secret.hash($0)) } ?? .null]
        let condition = "app = ?1 AND user_id = ?2 AND id_hash IS NOT ?3"
        try deleteCopies(ofSessionsWhere: condition, values)
        try connection.execute("DELETE FROM sessions WHERE \(condition)", values)
    }

    /// Deletes the copies of app data of the sessions `condition` selects: of session-scoped
    /// collections, and of each fixture account's collections (``RecordScope/accountCopy(_:session:)``).
    private func deleteCopies(ofSessionsWhere condition: String, _ values: [SQLiteValue]) throws {
        try connection.execute("DELETE FROM records WHERE scope IN (SELECT 'session:' || data_key FROM sessions WHERE \(condition))", values)
        try connection.execute(
            """
            DELETE FROM records WHERE scope IN (
                SELECT 'session:' || s.data_key || '/account:' || a.id
                FROM (SELECT app, data_key FROM sessions WHERE \(condition)) AS s JOIN accounts AS a ON a.app = s.app AND a.is_fixture = 1)
            """,
            values
        )
    }

    /// Deletes every expired session with its copy of session-scoped data; returns how many
    /// sessions.
    func sweep(now: Int64) throws -> Int {
        let expired = "last_seen_at < ?1 OR created_at < ?2"
        let limits: [SQLiteValue] = [.integer(now - lifetimes.idle), .integer(now - lifetimes.absolute)]
        try deleteCopies(ofSessionsWhere: expired, limits)
        return try connection.execute("DELETE FROM sessions WHERE \(expired)", limits)
    }
}
