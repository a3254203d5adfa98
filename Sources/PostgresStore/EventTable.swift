import FlowStore

/// The navigation and analytics events of every session, appended with the save that made
/// them and read back by session, app and time; and the daily counts they add (``EventCounts``).
struct EventTable: EventWrites {
    let connection: PostgresConnection
    /// The numbers of the sessions this transaction saved, by id, so their events need no query
    /// for it (nil outside a transaction).
    let numbers: SessionNumbers?

    /// Appends events under the session's number (known when this transaction saved it, else
    /// read), eight a statement, with the counts they add in the first of them.
    func append(_ events: [StoredEvent], session: String?) throws {
        guard !events.isEmpty else { return }
        let number = try session.flatMap { id in try numbers?.number(for: id) ?? 
connection.queryFirst("SELECT number FROM sessions WHERE id_hash = $1", [.bytes(Secret.hash(id))]) { $0.int(0) } }
        var counts = EventCounts.increments(of: events)
        for event in events {
            // A funnel step counts once per session: the first time it is reached.
            guard let step = EventCounts.funnelStep(of: event), let number, let stepNumber = event.stepNumber else { continue }
            let reached = try connection.execute(
                "INSERT INTO funnel_sessions (app, funnel, step_number, session_number) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                [.text(event.app), .text(step.subject), .int(stepNumber), .int(number)]
            )
            if reached == 1 { counts[step, default: 0] += 1 }
        }
        // The counts ride with the first events' INSERT, one statement: a round trip less a save.
        var counting = Self.countStatement(counts, shard: number.map { $0 % Self.shards } ?? Int.random(in: 0..<Self.shards))
        var start = events.startIndex
        while start < events.endIndex {
            let batch = events[start..<min(start + 8, events.endIndex)]
            var values = counting?.values ?? []
            var rows: [String] = []
            for event in batch {
                let first = values.count
                rows.append("(" + (1...16).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
                values += [.integer(event.time), number.map { .int($0) } ?? .null, .text(event.app), .text(event.kind), .string(event.screen),
                           .string(event.previousScreen), .string(event.source), .string(event.detail), .string(event.funnel), .string(event.step),
                           event.stepNumber.map { .int($0) } ?? .null, event.depth.map { .int($0) } ?? .null, .string(event.link),
                           .string(event.pattern), event.dwell.map { .integer($0) } ?? .null, .string(event.outcome)]
            }
            let insert = """
                INSERT INTO events (time, session_number, app, kind, screen, previous_screen, source, detail, funnel, step, step_number, depth, link,
                                    pattern, dwell, outcome)
                VALUES
                """ + " " + rows.joined(separator: ", ")
            // Nothing waits for its answer: in a save it goes with the COMMIT.
            try connection.executeLater(counting.map { "WITH counted AS (\($0.sql)) " + insert } ?? insert, values)
            counting = nil
            start += batch.count
        }
        let links = events.compactMap(EventCounts.linkCount(of:))
        try LinkCountTable(connection: connection).add(links)
    }

    /// How many rows each daily count is spread over. Every session's first screen adds to the
    /// same few counts: on one row each, concurrent transactions would queue on its lock until
    /// each commits (navigate POSTs fell from 2,800/s to 1,400/s at 64 connections). A
    /// transaction adds to its session's shard; reads sum them.
    static let shards = 16

    /// Adds `counts` to the daily counts, on shard `shard`, in one statement.
    static func count(_ counts: [EventCounts.Key: Int], shard: Int, in connection: PostgresConnection) throws {
        guard let statement = countStatement(counts, shard: shard) else { return }
        try connection.execute(statement.sql, statement.values)
    }

    /// The statement adding `counts` on shard `shard`, its values numbered from `$1`; nil for none.
    static func countStatement(_ counts: [EventCounts.Key: Int], shard: Int) -> (sql: String, values: [PostgresValue])? {
        guard !counts.isEmpty else { return nil }
        var values: [PostgresValue] = []
        var rows: [String] = []
        // Sorted, so two transactions counting the same rows lock them in the same order.
        for (key, count) in counts.sorted(by: { ($0.key.metric.rawValue, $0.key.subject, $0.key.detail) < ($1.key.metric.rawValue, $1.key.subject, $1.key.detail) }) {
            let first = values.count
            rows.append("(" + (1...7).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
            values += [.text(key.app), .text(key.metric.rawValue), .text(key.day), .text(key.subject), .text(key.detail), .int(shard), .int(count)]
        }
        let sql = "INSERT INTO event_counts (app, metric, day, subject, detail, shard, count) VALUES " + rows.joined(separator: ", ")
            + " ON CONFLICT (app, metric, day, subject, detail, shard) DO UPDATE SET count = event_counts.count + excluded.count"
        return (sql, values)
    }

    func counts(app: String, metric: EventCounts.Metric, from: String, to: String, byDay: Bool) throws -> [EventCounts.Row] {
        let day = byDay ? "day" : "NULL"
        return try connection.query(
            """
            SELECT \(day), subject, detail, SUM(count) FROM event_counts WHERE app = $1 AND metric = $2 AND day BETWEEN $3 AND $4
            GROUP BY \(byDay ? "day, " : "")subject, detail ORDER BY \(byDay ? "day, " : "")subject, detail
            """,
            [.text(app), .text(metric.rawValue), .text(from), .text(to)]
        ) { EventCounts.Row(day: $0.string(0), subject: $0.string(1) ?? "", detail: $0.string(2) ?? "", count: $0.int(3)) }
    }

    func events(session: String, limit: Int) throws -> [StoredEvent] {
        try connection.query(
            """
            \(Self.select) WHERE id IN (
                SELECT id FROM events WHERE session_number = (SELECT number FROM sessions WHERE id_hash = $1) ORDER BY time DESC, id DESC LIMIT $2)
            ORDER BY time, id
            """,
            [.bytes(Secret.hash(session)), .integer(Int64(limit))], Self.event)
    }

    func events(app: String, from: Int64, to: Int64) throws -> [StoredEvent] {
        try connection.query("\(Self.select) WHERE time >= $1 AND time < $2 AND app = $3 ORDER BY time, id",
                             [.integer(from), .integer(to), .text(app)], Self.event)
    }

    /// Deletes up to `limit` events older than `before`; returns how many. The daily counts stay.
    func sweep(before: Int64, limit: Int) throws -> Int {
        try connection.execute("DELETE FROM events WHERE id IN (SELECT id FROM events WHERE time < $1 LIMIT $2)", [.integer(before), .int(limit)])
    }

    private static let select = "SELECT time, app, kind, screen, previous_screen, source, detail, funnel, step, step_number, depth, link, pattern, dwell, outcome FROM events"

    private static func event(_ row: PostgresRow) -> StoredEvent {
        func int(_ column: Int) -> Int? { row.isNull(column) ? nil : row.int(column) }
        return StoredEvent(time: Int64(row.int(0)), app: row.string(1) ?? "", kind: row.string(2) ?? "", screen: row.string(3),
                           previousScreen: row.string(4), source: row.string(5), detail: row.string(6), funnel: row.string(7), step: row.string(8),
                           stepNumber: int(9), depth: int(10), link: row.string(11), pattern: row.string(12), dwell: int(13).map(Int64.init),
                           outcome: row.string(14))
    }
}
