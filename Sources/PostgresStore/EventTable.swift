import FlowStore

/// The navigation and analytics events of every session: appended with the save that made them,
/// read back by session, app and time.
struct EventTable {
    /// Appends events in one statement per eight: a navigation's two or three events cost one
    /// round trip, not three.
    func append(_ events: [StoredEvent], session: String?, in connection: PostgresConnection) throws {
        let hash: PostgresValue = session.map { .bytes(Secret.hash($0)) } ?? .null
        var start = events.startIndex
        while start < events.endIndex {
            let batch = events[start..<min(start + 8, events.endIndex)]
            var values: [PostgresValue] = []
            var rows: [String] = []
            for event in batch {
                let first = values.count
                rows.append("(" + (1...8).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
                values += [.integer(event.time), hash, .text(event.app), .text(event.kind), .string(event.screen), .string(event.previousScreen),
                           .string(event.source), .string(event.detail)]
            }
            try connection.execute(
                "INSERT INTO events (time, session_hash, app, kind, screen, previous_screen, source, detail) VALUES " + rows.joined(separator: ", "),
                values
            )
            start += batch.count
        }
    }

    func events(session: String, in connection: PostgresConnection) throws -> [StoredEvent] {
        try connection.query("\(Self.select) WHERE session_hash = $1 ORDER BY time, id", [.bytes(Secret.hash(session))], Self.event)
    }

    func events(app: String, from: Int64, to: Int64, in connection: PostgresConnection) throws -> [StoredEvent] {
        try connection.query("\(Self.select) WHERE app = $1 AND time >= $2 AND time < $3 ORDER BY time, id",
                             [.text(app), .integer(from), .integer(to)], Self.event)
    }

    /// Deletes up to `limit` events older than `before`; returns how many.
    func sweep(before: Int64, limit: Int, in connection: PostgresConnection) throws -> Int {
        try connection.execute("DELETE FROM events WHERE id IN (SELECT id FROM events WHERE time < $1 LIMIT $2)", [.integer(before), .int(limit)])
    }

    private static let select = "SELECT time, app, kind, screen, previous_screen, source, detail FROM events"

    private static func event(_ row: PostgresRow) -> StoredEvent {
        StoredEvent(time: Int64(row.int(0)), app: row.string(1) ?? "", kind: row.string(2) ?? "", screen: row.string(3),
                    previousScreen: row.string(4), source: row.string(5), detail: row.string(6))
    }
}
