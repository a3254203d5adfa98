import FlowStore

/// App data: the records of an app folder's collections, per scope. A record's fields are kept
/// as one JSON object; the collection's declaration in the folder says what they may be.
///
/// A session's copy of a session-scoped collection is not copied: reads lay the session's own
/// rows (edits, additions, deletion marks) over the shared fixtures, so a visitor costs nothing
/// until they change something, and their changes go with their session when it is swept. On one
/// connection (``SQLiteWebStore``).
struct RecordStore: RecordWrites {
    let connection: SQLiteConnection
    /// Bodies already decoded, shared by every connection of the store: a screen listing 20
    /// records reads the same bodies request after request, and decoding JSON costs more than
    /// the query.
    let bodies: RecordBodies

    /// Every record of `collection` in `scope`, in the order they were made.
    func list(app: String, collection: String, scope: RecordScope) throws -> [StoredRecord] {
        let rows = try connection.query(
            """
            SELECT id, body, deleted, scope = ?4 FROM records
            WHERE app = ?1 AND collection = ?2 AND scope IN (?3, ?4) ORDER BY sequence, id
            """,
            [.text(app), .text(collection), .text(scope.baseKey), .text(scope.storedKey)]
        ) { row in (id: row.string(0) ?? "", body: row.bytes(1), deleted: row.int(2) == 1, isOwn: row.int(3) == 1) }
        // A copy's own rows win over the records they overlay; other scopes have no base.
        let own: Set<String> = if scope.isCopy { Set(rows.lazy.filter(\.isOwn).map(\.id)) } else { [] }
        let shown = rows.filter { !$0.deleted && ($0.isOwn || !own.contains($0.id)) }
        let values = try bodies.decode(shown.map(\.body))
        return zip(shown, values).map { row, values in StoredRecord(id: row.id, fields: values) }
    }

    /// Counts the records of `collection` in `scope` whose fields equal `matching`, in SQL (the
    /// fields are read from the JSON body with `json_extract`; booleans read as 1 or 0). A
    /// session's own rows stand in for the fixtures they overlay, as in ``list(app:collection:scope:)``.
    func count(app: String, collection: String, scope: RecordScope, matching: [String: RecordValue]) throws -> Int {
        var sql = """
            SELECT COUNT(*) FROM records AS r WHERE r.app = ?1 AND r.collection = ?2 AND r.scope IN (?3, ?4) AND r.deleted = 0
              AND (r.scope = ?4 OR NOT EXISTS (
                SELECT 1 FROM records AS own WHERE own.app = ?1 AND own.collection = ?2 AND own.scope = ?4 AND own.id = r.id))
            """
        var values: [SQLiteValue] = [.text(app), .text(collection), .text(scope.baseKey), .text(scope.storedKey)]
        for (field, value) in matching.sorted(by: { $0.key < $1.key }) {
            values.append(.text("$.\"" + field + "\""))
            sql += " AND json_extract(r.body, ?\(values.count))"
            switch value {
            case .string(let text): values.append(.text(text))
            case .integer(let number): values.append(.integer(Int64(number)))
            case .boolean(let flag): values.append(.bool(flag))
            }
            sql += " IS ?\(values.count)"
        }
        return try connection.queryFirst(sql, values) { $0.int(0) } ?? 0
    }

    /// The record with `id` in `scope`, or nil.
    func find(app: String, collection: String, scope: RecordScope, id: String) throws -> StoredRecord? {
        let row = try connection.queryFirst(
            """
            SELECT body, deleted FROM records WHERE app = ?1 AND collection = ?2 AND scope IN (?3, ?4) AND id = ?5
            ORDER BY scope = ?4 DESC LIMIT 1
            """,
            [.text(app), .text(collection), .text(scope.baseKey), .text(scope.storedKey), .text(id)]
        ) { row in (body: row.bytes(0), deleted: row.int(1) == 1) }
        guard let row, !row.deleted else { return nil }
        return StoredRecord(id: id, fields: try bodies.decode([row.body])[0])
    }

    /// Adds a record; its id is the next whole number of the
    /// collection across every scope, so a link to it never names another person's record.
    func insert(app: String, collection: String, scope: RecordScope, values: [String: RecordValue], now: Int64) throws -> String {
        // The collection's counter; made on its first insert, past every whole-number id the
        // collection holds (fixtures included), which is read only then.
        let key: [SQLiteValue] = [.text(app), .text(collection)]
        let next = try connection.queryFirst(
            "UPDATE record_counters SET next = next + 1 WHERE app = ? AND collection = ? RETURNING next", key
        ) { $0.int(0) } ?? connection.queryFirst(
            """
            INSERT INTO record_counters (app, collection, next)
            SELECT ?1, ?2, COALESCE(MAX(CASE WHEN id <> '' AND id NOT GLOB '*[^0-9]*' THEN CAST(id AS INTEGER) END), 0) + 1
            FROM records WHERE app = ?1 AND collection = ?2
            RETURNING next
            """,
            key
        ) { $0.int(0) } ?? 1
        let (id, sequence) = (String(next), next)
        try connection.execute(
            "INSERT INTO records (app, collection, scope, id, body, sequence, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [.text(app), .text(collection), .text(scope.storedKey), .text(id), .text(try RecordBodies.encode(values)), .int(sequence), .integer(now)]
        )
        return id
    }

    /// Replaces a record's fields; false when there is no
    /// such record. A session's edit of a fixture becomes the session's own row.
    func update(app: String, collection: String, scope: RecordScope, id: String, values: [String: RecordValue], now: Int64) throws -> Bool {
        try overwrite(app: app, collection: collection, scope: scope, id: id, body: try RecordBodies.encode(values), deleted: false, now: now)
    }

    /// Deletes a record; false when there was none. A
    /// fixture — seeded with a sequence below zero — keeps a mark instead, so that seeding
    /// again does not bring it back, and a session's mark hides it from that session only;
    /// any other record of the shared or an account's scope is gone.
    func delete(app: String, collection: String, scope: RecordScope, id: String, now: Int64) throws -> Bool {
        guard scope.isCopy else {
            let key: [SQLiteValue] = [.text(app), .text(collection), .text(scope.storedKey), .text(id)]
            let sequence = try connection.queryFirst(
                "SELECT sequence FROM records WHERE app = ? AND collection = ? AND scope = ? AND id = ? AND deleted = 0", key
            ) { $0.int(0) }
            guard let sequence else { return false }
            if sequence < 0 {
                return try overwrite(app: app, collection: collection, scope: scope, id: id, body: "{}", deleted: true, now: now)
            }
            return try connection.execute("DELETE FROM records WHERE app = ? AND collection = ? AND scope = ? AND id = ?", key) > 0
        }
        return try overwrite(app: app, collection: collection, scope: scope, id: id, body: "{}", deleted: true, now: now)
    }

    /// Writes one fixture: added when missing, the folder's values again when no one changed it.
    func seed(app: String, _ fixture: FixtureRecord, scope: RecordScope, sequence: Int) throws {
        try connection.execute(
            """
            INSERT INTO records (app, collection, scope, id, body, sequence, is_fixture, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, 0)
            ON CONFLICT (app, collection, scope, id) DO UPDATE SET body = excluded.body, sequence = excluded.sequence
            WHERE records.is_fixture = 1
            """,
            [.text(app), .text(fixture.collection), .text(scope.storedKey), .text(fixture.id), .text(try RecordBodies.encode(fixture.values)), .int(sequence)]
        )
    }

    /// Keeps the app's running counters past the ids its records now hold.
    func raiseCounters(app: String) throws {
        try connection.execute(
            """
            UPDATE record_counters SET next = MAX(next, (
                SELECT COALESCE(MAX(CASE WHEN id <> '' AND id NOT GLOB '*[^0-9]*' THEN CAST(id AS INTEGER) END), 0)
                FROM records WHERE records.app = record_counters.app AND records.collection = record_counters.collection))
            WHERE app = ?
            """,
            [.text(app)]
        )
    }

    private func overwrite(app: String, collection: String, scope: RecordScope, id: String, body: String, deleted: Bool, now: Int64) throws -> Bool {
        let key = scope.storedKey
        // The scope's own row first: a mark the session left hides the fixture beneath it, so
        // an edit posted from a stale page cannot bring a deleted record back.
        let found = try connection.queryFirst(
            """
            SELECT sequence, deleted FROM records WHERE app = ?1 AND collection = ?2 AND scope IN (?3, ?4) AND id = ?5
            ORDER BY scope = ?4 DESC LIMIT 1
            """,
            [.text(app), .text(collection), .text(scope.baseKey), .text(key), .text(id)]
        ) { row in (sequence: row.int(0), deleted: row.int(1) == 1) }
        guard let (sequence, isDeleted) = found, !isDeleted else { return false }
        // A changed record is no longer the folder's: seeding again leaves it alone.
        try connection.execute(
            """
            INSERT INTO records (app, collection, scope, id, body, sequence, deleted, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (app, collection, scope, id) DO UPDATE SET body = excluded.body, deleted = excluded.deleted,
                is_fixture = 0, updated_at = excluded.updated_at
            """,
            [.text(app), .text(collection), .text(key), .text(id), .text(body), .int(sequence), .bool(deleted), .integer(now)]
        )
        return true
    }
}
