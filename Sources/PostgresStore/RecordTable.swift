import FlowStore

/// App data: the records of an app folder's collections, per scope, each record's fields one
/// JSON object. A session's copy of a session-scoped collection is not copied: reads lay the
/// session's own rows (edits, additions, deletion marks) over the shared fixtures.
struct RecordTable: RecordWrites {
    let connection: PostgresConnection
    let bodies: RecordBodies

    func list(app: String, collection: String, scope: RecordScope) throws -> [StoredRecord] {
        let rows = try connection.query(
            "SELECT id, body, deleted, scope = $4 FROM records WHERE app = $1 AND collection = $2 AND scope IN ($3, $4) ORDER BY sequence, id",
            [.text(app), .text(collection), .text(scope.baseKey), .text(scope.storedKey)]
        ) { row in (id: row.string(0) ?? "", body: Array((row.string(1) ?? "{}").utf8), deleted: row.bool(2), isOwn: row.bool(3)) }
        // A copy's own rows win over the records they overlay; other scopes have no base.
        let own: Set<String> = if scope.isCopy { Set(rows.lazy.filter(\.isOwn).map(\.id)) } else { [] }
        let shown = rows.filter { !$0.deleted && ($0.isOwn || !own.contains($0.id)) }
        let values = try bodies.decode(shown.map(\.body))
        return zip(shown, values).map { row, values in StoredRecord(id: row.id, fields: values) }
    }

    func find(app: String, collection: String, scope: RecordScope, id: String) throws -> StoredRecord? {
        let row = try connection.queryFirst(
            """
            SELECT body, deleted FROM records WHERE app = $1 AND collection = $2 AND scope IN ($3, $4) AND id = $5
            ORDER BY scope = $4 DESC LIMIT 1
            """,
            [.text(app), .text(collection), .text(scope.baseKey), .text(scope.storedKey), .text(id)]
        ) { row in (body: Array((row.string(0) ?? "{}").utf8), deleted: row.bool(1)) }
        guard let row, !row.deleted else { return nil }
        return StoredRecord(id: id, fields: try bodies.decode([row.body])[0])
    }

    /// Counts the records whose fields equal `matching`, compared as the JSON body's text
    /// (`->>` reads `true`, `42` or the string).
    func count(app: String, collection: String, scope: RecordScope, matching: [String: RecordValue]) throws -> Int {
        var sql = """
            SELECT COUNT(*) FROM records AS r WHERE r.app = $1 AND r.collection = $2 AND r.scope IN ($3, $4) AND NOT r.deleted
              AND (r.scope = $4 OR NOT EXISTS (
                SELECT 1 FROM records AS own WHERE own.app = $1 AND own.collection = $2 AND own.scope = $4 AND own.id = r.id))
            """
        var values: [PostgresValue] = [.text(app), .text(collection), .text(scope.baseKey), .text(scope.storedKey)]
        for (field, value) in matching.sorted(by: { $0.key < $1.key }) {
            values.append(.text(field))
            values.append(.text(value.text))
            sql += " AND r.body::json ->> $\(values.count - 1) = $\(values.count)"
        }
        return try connection.queryFirst(sql, values) { $0.int(0) } ?? 0
    }

    /// Adds a record; its id is the next whole number of the collection across every scope.
    func insert(app: String, collection: String, scope: RecordScope, values: [String: RecordValue], now: Int64) throws -> String {
        // One statement makes the counter (past every whole-number id the collection holds) or
        // moves it on: two instances adding at once are ordered by the counter's row lock.
        let next = try connection.queryFirst(
            """
            INSERT INTO record_counters (app, collection, next)
            SELECT $1, $2, COALESCE(MAX(CASE WHEN id ~ '^[0-9]{1,18}$' THEN id::bigint END), 0) + 1 FROM records WHERE app = $1 AND collection = $2
            ON CONFLICT (app, collection) DO UPDATE SET next = record_counters.next + 1
            RETURNING next
            """,
            [.text(app), .text(collection)]
        ) { $0.int(0) } ?? 1
        try connection.execute(
            "INSERT INTO records (app, collection, scope, id, body, sequence, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            [.text(app), .text(collection), .text(scope.storedKey), .text(String(next)), .text(try RecordBodies.encode(values)), .int(next), .integer(now)]
        )
        return String(next)
    }

    func update(app: String, collection: String, scope: RecordScope, id: String, values: [String: RecordValue], now: Int64) throws -> Bool {
        try overwrite(app: app, collection: collection, scope: scope, id: id, body: try RecordBodies.encode(values), deleted: false, now: now)
    }

    /// Deletes a record; a fixture (seeded below sequence zero) keeps a mark instead, so seeding
    /// again does not bring it back, and a session's mark hides it from that session only.
    func delete(app: String, collection: String, scope: RecordScope, id: String, now: Int64) throws -> Bool {
        guard scope.isCopy else {
            let key: [PostgresValue] = [.text(app), .text(collection), .text(scope.storedKey), .text(id)]
            let sequence = try connection.queryFirst(
                "SELECT sequence FROM records WHERE app = $1 AND collection = $2 AND scope = $3 AND id = $4 AND NOT deleted", key
            ) { $0.int(0) }
            guard let sequence else { return false }
            if sequence < 0 {
                return try overwrite(app: app, collection: collection, scope: scope, id: id, body: "{}", deleted: true, now: now)
            }
            return try connection.execute("DELETE FROM records WHERE app = $1 AND collection = $2 AND scope = $3 AND id = $4", key) > 0
        }
        return try overwrite(app: app, collection: collection, scope: scope, id: id, body: "{}", deleted: true, now: now)
    }

    /// Writes one fixture: added when missing, the folder's values again when no one changed it.
    func seed(app: String, _ fixture: FixtureRecord, scope: RecordScope, sequence: Int) throws {
        try connection.execute(
            """
            INSERT INTO records (app, collection, scope, id, body, sequence, is_fixture, updated_at) VALUES ($1, $2, $3, $4, $5, $6, true, 0)
            ON CONFLICT (app, collection, scope, id) DO UPDATE SET body = excluded.body, sequence = excluded.sequence
            WHERE records.is_fixture
            """,
            [.text(app), .text(fixture.collection), .text(scope.storedKey), .text(fixture.id), .text(try RecordBodies.encode(fixture.values)), .int(sequence)]
        )
    }

    /// Keeps the app's running counters past the ids its records now hold.
    func raiseCounters(app: String) throws {
        try connection.execute(
            """
            UPDATE record_counters SET next = GREATEST(next, (
                SELECT COALESCE(MAX(CASE WHEN id ~ '^[0-9]{1,18}$' THEN id::bigint END), 0)
                FROM records WHERE records.app = record_counters.app AND records.collection = record_counters.collection))
            WHERE app = $1
            """,
            [.text(app)]
        )
    }

    private func overwrite(
        app: String, collection: String, scope: RecordScope, id: String, body: String, deleted: Bool, now: Int64
    ) throws -> Bool {
        // The scope's own row first: a mark the session left hides the fixture beneath it.
        let found = try connection.queryFirst(
            """
            SELECT sequence, deleted FROM records WHERE app = $1 AND collection = $2 AND scope IN ($3, $4) AND id = $5
            ORDER BY scope = $4 DESC LIMIT 1
            """,
            [.text(app), .text(collection), .text(scope.baseKey), .text(scope.storedKey), .text(id)]
        ) { row in (sequence: row.int(0), deleted: row.bool(1)) }
        guard let (sequence, isDeleted) = found, !isDeleted else { return false }
        // A changed record is no longer the folder's: seeding again leaves it alone.
        try connection.execute(
            """
            INSERT INTO records (app, collection, scope, id, body, sequence, deleted, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (app, collection, scope, id) DO UPDATE SET body = excluded.body, deleted = excluded.deleted,
                is_fixture = false, updated_at = excluded.updated_at
            """,
            [.text(app), .text(collection), .text(scope.storedKey), .text(id), .text(body), .int(sequence), .boolean(deleted), .integer(now)]
        )
        return true
    }
}
