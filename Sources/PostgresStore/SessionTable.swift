import FlowStore

/// Sessions and their navigation state. Only the SHA-256 of a session id is stored; the id
/// itself lives in the visitor's cookie. Saves are compare-and-swap on the version, which holds
/// across instances: the row's lock orders two saves, and the second finds the version moved.
struct SessionTable: SessionWrites {
    let connection: PostgresConnection
    let lifetimes: SessionLifetimes
    /// The numbers of the sessions this transaction saved, by id, for their events (nil outside one).
    let numbers: SessionNumbers?

    func create(app: String, state: [UInt8], userID: String?, csrfSecret: String, previousSecrets: [String], dataKey: String, now: Int64) throws -> String {
        let id = Secret.token()
        try connection.execute(
            """
            INSERT INTO sessions (id_hash, app, state, version, created_at, last_seen_at, csrf_secret, data_key, screen_since, previous_csrf_secret, user_id)
            VALUES ($1, $2, $3, 1, $4, $4, $5, $6, $4, $7, $8)
            """,
            [.bytes(Secret.hash(id)), .text(app), .bytes(state), .integer(now), .text(csrfSecret), .text(dataKey),
             SessionRecord.column(previousSecrets: previousSecrets).map { .text($0) } ?? .null, userID.map { .text($0) } ?? .null]
        )
        try EventTable.count([EventCounts.Key(app: app, day: StoredEvent.day(of: now), metric: .sessions, subject: ""): 1],
                             shard: Int.random(in: 0..<EventTable.shards), in: connection)
        return id
    }

    func load(id: String, now: Int64) throws -> SessionRecord? {
        let record = try connection.queryFirst(
            """
            SELECT app, state, version, created_at, last_seen_at, csrf_secret, data_key, screen_since, previous_csrf_secret
            FROM sessions WHERE id_hash = $1
            """,
            [.bytes(Secret.hash(id))]
        ) { row in
            SessionRecord(app: row.string(0) ?? "", state: row.bytes(1), version: row.int(2), createdAt: Int64(row.int(3)),
                          lastSeenAt: Int64(row.int(4)), csrfSecret: row.string(5), previousCSRFSecrets: SessionRecord.previousSecrets(column: row.string(8)), dataKey: row.string(6),
                          screenSince: row.isNull(7) ? nil : Int64(row.int(7)))
        }
        guard let record, !record.isExpired(now: now, idle: lifetimes.idle, absolute: lifetimes.absolute) else { return nil }
        return record
    }

    /// Saves by compare-and-swap; a save that took also learns the session's number, which its
    /// events name (so appending them needs no query of their own).
    func save(id: String, state: [UInt8], expectedVersion: Int, screenSince: Int64?, now: Int64) throws -> SaveOutcome {
        let hash = Secret.hash(id)
        let number = try connection.queryFirst(
            """
            UPDATE sessions SET state = $1, version = version + 1, last_seen_at = $2, screen_since = coalesce($5::bigint, screen_since)
            WHERE id_hash = $3 AND version = $4 RETURNING number
            """,
            [.bytes(state), .integer(now), .bytes(hash), .int(expectedVersion), screenSince.map { .integer($0) } ?? .null]
        ) { $0.int(0) }
        guard let number else { return try outcome(of: hash) }
        numbers?.remember(number, for: id)
        return .saved(version: expectedVersion + 1)
    }

    /// Saves under a new id, as on sign-in and sign-out; its events stay its own (they name
    /// its number, not its id).
    func rotate(
        id: String, state: [UInt8], userID: String?, expectedVersion: Int, csrfSecret: String, previousSecrets: [String], screenSince: Int64?,
        now: Int64
    ) throws -> (SaveOutcome, String?) {
        let (hash, newID) = (Secret.hash(id), Secret.token())
        let changed = try connection.execute(
            """
            UPDATE sessions SET id_hash = $1, state = $2, version = version + 1, last_seen_at = $3, screen_since = coalesce($6::bigint, screen_since),
                previous_csrf_secret = $8, csrf_secret = $7, user_id = $9
            WHERE id_hash = $4 AND version = $5
            """,
            [.bytes(Secret.hash(newID)), .bytes(state), .integer(now), .bytes(hash), .int(expectedVersion), screenSince.map { .integer($0) } ?? .null,
             .text(csrfSecret), SessionRecord.column(previousSecrets: previousSecrets).map { .text($0) } ?? .null, userID.map { .text($0) } ?? .null]
        )
        guard changed == 1 else { return (try outcome(of: hash), nil) }
        return (.saved(version: expectedVersion + 1), newID)
    }

    /// Ends a session with its copies of app data.
    func end(id: String) throws {
        let hash = PostgresValue.bytes(Secret.hash(id))
        try deleteCopies(ofSessionsWhere: "id_hash = $1", [hash])
        try connection.execute("DELETE FROM sessions WHERE id_hash = $1", [hash])
    }

    /// Ends every session of `app` signed in as `userID` but `except`, with its copies of app data.
    func end(app: String, userID: String, except: String?) throws {
        let values: [PostgresValue] = [.text(app), .text(userID), .bytes(except.map(Secret.hash) ?? [])]
        let condition = "app = $1 AND user_id = $2 AND id_hash <> $3"
        try deleteCopies(ofSessionsWhere: condition, values)
        try connection.execute("DELETE FROM sessions WHERE \(condition)", values)
    }

    /// Deletes the copies of app data of the sessions `condition` selects: of session-scoped
    /// collections, and of each fixture account's collections (``RecordScope/accountCopy(_:session:)``).
    private func deleteCopies(ofSessionsWhere condition: String, _ values: [PostgresValue]) throws {
        try connection.execute("DELETE FROM records WHERE scope IN (SELECT 'session:' || data_key FROM sessions WHERE \(condition))", values)
        try connection.execute(
            """
            DELETE FROM records WHERE scope IN (
                SELECT 'session:' || s.data_key || '/account:' || a.id
                FROM (SELECT app, data_key FROM sessions WHERE \(condition)) AS s JOIN accounts AS a ON a.app = s.app AND a.is_fixture)
            """,
            values
        )
    }

    /// Deletes every expired session with its copy of session-scoped data; returns how many.
    func sweep(now: Int64) throws -> Int {
        let expired = "last_seen_at < $1 OR created_at < $2"
        let limits: [PostgresValue] = [.integer(now - lifetimes.idle), .integer(now - lifetimes.absolute)]
        try deleteCopies(ofSessionsWhere: expired, limits)
        return try connection.execute("DELETE FROM sessions WHERE \(expired)", limits)
    }

    private func outcome(of hash: [UInt8]) throws -> SaveOutcome {
        let current = try connection.queryFirst("SELECT version FROM sessions WHERE id_hash = $1", [.bytes(hash)]) { $0.int(0) }
        return current.map { .conflict(current: $0) } ?? .missing
    }
}
