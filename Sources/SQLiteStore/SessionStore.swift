import FlowStore

/// Sessions and their navigation state. Only the SHA-256 of a session id is stored; the id
/// itself lives in the visitor's cookie.
public struct SessionStore: Sendable {
    /// A session as stored.
    public typealias Record = SessionRecord
    /// What a compare-and-swap save did.
    public typealias SaveOutcome = FlowStore.SaveOutcome

    public let database: Database
    /// How long a session lives without being used, in milliseconds.
    public let idleLifetime: Int64
    /// How long a session lives at most, in milliseconds.
    public let absoluteLifetime: Int64

    /// A store with, by default, 2 hours idle and 7 days absolute lifetime.
    public init(database: Database, idleLifetime: Int64 = SessionRecord.idleLifetime, absoluteLifetime: Int64 = SessionRecord.absoluteLifetime) {
        self.database = database
        self.idleLifetime = idleLifetime
        self.absoluteLifetime = absoluteLifetime
    }

    /// Starts a session; returns its id (256 random bits) for the cookie.
    public func create(app: String, state: [UInt8], csrfSecret: String? = nil, dataKey: String? = nil, now: Int64 = Timestamp.now()) throws -> String {
        try database.write { connection in try create(app: app, state: state, userID: nil, csrfSecret: csrfSecret, dataKey: dataKey, now: now, in: connection) }
    }

    /// Starts a session inside a caller's write transaction, as a visitor's first post does
    /// with its events.
    public func create(
        app: String, state: [UInt8], userID: String?, csrfSecret: String? = nil, previousSecrets: [String] = [], dataKey: String? = nil, now: Int64,
        in connection: SQLiteConnection
    ) throws -> String {
        let id = Secret.token()
        try connection.execute(
            """
            INSERT INTO sessions (id_hash, app, state, version, created_at, last_seen_at, csrf_secret, data_key, screen_since, previous_csrf_secret, user_id)
            VALUES (?1, ?2, ?3, 1, ?4, ?4, ?5, ?6, ?4, ?7, ?8)
            """,
            [.blob(Secret.hash(id)), .text(app), .blob(state), .integer(now), .string(csrfSecret), .text(dataKey ?? Secret.token()),
             .string(Record.column(previousSecrets: previousSecrets)), .string(userID)]
        )
        try EventStore.count([EventCounts.Key(app: app, day: StoredEvent.day(of: now), metric: .sessions, subject: ""): 1], in: connection)
        return id
    }

    /// The session with `id`, or nil when there is none or it has expired.
    public func load(id: String, now: Int64 = Timestamp.now()) throws -> Record? {
        try database.read { connection in try load(id: id, now: now, in: connection) }
    }

    /// Loads inside a caller's transaction.
    public func load(id: String, now: Int64, in connection: SQLiteConnection) throws -> Record? {
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
        guard let record, !record.isExpired(now: now, idle: idleLifetime, absolute: absoluteLifetime) else { return nil }
        return record
    }

    /// Saves `state` if the session is still at `expectedVersion`; a lost race is reported,
    /// never overwritten. Also marks the session as used.
    public func save(id: String, state: [UInt8], expectedVersion: Int, now: Int64 = Timestamp.now()) throws -> SaveOutcome {
        try database.write { connection in try save(id: id, state: state, expectedVersion: expectedVersion, now: now, in: connection) }
    }

    /// Saves inside a caller's write transaction; `screenSince` when the screen changed.
    public func save(id: String, state: [UInt8], expectedVersion: Int, screenSince: Int64? = nil, now: Int64, in connection: SQLiteConnection) throws -> SaveOutcome {
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
    public func rotate(
        id: String, state: [UInt8], userID: String?, expectedVersion: Int, csrfSecret: String, previousSecrets: [String], screenSince: Int64? = nil,
        now: Int64, in connection: SQLiteConnection
    ) throws -> (SaveOutcome, String?) {
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

    /// Marks the session as used now, extending its idle lifetime.
    public func touch(id: String, now: Int64 = Timestamp.now()) throws {
        try database.write { connection in
            try connection.execute("UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?", [.integer(now), .blob(Secret.hash(id))])
        }
    }

    /// Ends a session, as the prototype's reset does, with its copies of app data.
    public func end(id: String) throws {
        try database.write { connection in
            let hash = SQLiteValue.blob(Secret.hash(id))
            try deleteCopies(ofSessionsWhere: "id_hash = ?1", [hash], in: connection)
            try connection.execute("DELETE FROM sessions WHERE id_hash = ?", [hash])
        }
    }

    /// Ends every session of `app` signed in as `userID` but `except`, with its copies of app
    /// data, inside a caller's write transaction.
    public func end(app: String, userID: String, except: String?, in connection: SQLiteConnection) throws {
        let values: [SQLiteValue] = [.text(app), .text(userID), except.map { .blob(Secret.hash($0)) } ?? .null]
        let condition = "app = ?1 AND user_id = ?2 AND id_hash IS NOT ?3"
        try deleteCopies(ofSessionsWhere: condition, values, in: connection)
        try connection.execute("DELETE FROM sessions WHERE \(condition)", values)
    }

    /// Deletes the copies of app data of the sessions `condition` selects: of session-scoped
    /// collections, and of each fixture account's collections (``RecordScope/accountCopy(_:session:)``).
    private func deleteCopies(ofSessionsWhere condition: String, _ values: [SQLiteValue], in connection: SQLiteConnection) throws {
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
    @discardableResult
    public func sweep(now: Int64 = Timestamp.now()) throws -> Int {
        try database.write { connection in
            let expired = "last_seen_at < ?1 OR created_at < ?2"
            let limits: [SQLiteValue] = [.integer(now - idleLifetime), .integer(now - absoluteLifetime)]
            try deleteCopies(ofSessionsWhere: expired, limits, in: connection)
            return try connection.execute("DELETE FROM sessions WHERE \(expired)", limits)
        }
    }
}
