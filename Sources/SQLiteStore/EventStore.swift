import FlowStore

/// The navigation and analytics events of every session: cheap to append, read back by session,
/// app and time; and the daily counts they add (``EventCounts``), which the insights read. On one
/// connection (``SQLiteWebStore``).
struct EventStore: EventWrites {
    typealias Event = StoredEvent

    let connection: SQLiteConnection

    /// Appends the events under the session's number, and the counts they add.
    func append(_ events: [Event], session: String?) throws {
        guard !events.isEmpty else { return }
        let number = try session.flatMap { id in
            try connection.queryFirst("SELECT number FROM sessions WHERE id_hash = ?", [.blob(Secret.hash(id))]) { $0.int(0) }
        }
        for event in events {
            try connection.execute(
                """
                INSERT INTO events (time, session_number, app, kind, screen, previous_screen, source, detail, funnel, step, step_number, depth, link, pattern, dwell,
                                    outcome)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.integer(event.time), .int(number), .text(event.app), .text(event.kind), .string(event.screen), .string(event.previousScreen),
                 .string(event.source), .string(event.detail), .string(event.funnel), .string(event.step), .int(event.stepNumber), .int(event.depth),
                 .string(event.link), .string(event.pattern), event.dwell.map { .integer($0) } ?? .null, .string(event.outcome)]
            )
        }
        var counts = EventCounts.increments(of: events)
        for event in events {
            // A funnel step counts once per session: the first time it is reached.
            guard let step = EventCounts.funnelStep(of: event), let number, let stepNumber = event.stepNumber else { continue }
            let reached = try connection.execute(
                "INSERT OR IGNORE INTO funnel_sessions (app, funnel, step_number, session_number) VALUES (?, ?, ?, ?)",
                [.text(event.app), .text(step.subject), .int(stepNumber), .int(number)]
            )
            if reached == 1 { counts[step, default: 0] += 1 }
        }
        try Self.count(counts, in: connection)
        let links = events.compactMap(EventCounts.linkCount(of:))
        try LinkCountStore(connection: connection).add(links)
    }

    /// Adds `counts` to the daily counts.
    static func count(_ counts: [EventCounts.Key: Int], in connection: SQLiteConnection) throws {
        for (key, count) in counts {
            try connection.execute(
                """
                INSERT INTO event_counts (app, metric, day, subject, detail, count) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (app, metric, day, subject, detail) DO UPDATE SET count = count + excluded.count
                """,
                [.text(key.app), .text(key.metric.rawValue), .text(key.day), .text(key.subject), .text(key.detail), .int(count)]
            )
        }
    }

    /// An app's daily counts of `metric` over days `from` to `to`, summed by subject and detail
    /// (and day, with `byDay`).
    func counts(app: String, metric: EventCounts.Metric, from: String, to: String, byDay: Bool) throws -> [EventCounts.Row] {
        let day = byDay ? "day" : "NULL"
        return try connection.query(
                """
                SELECT \(day), subject, detail, SUM(count) FROM event_counts WHERE app = ? AND metric = ? AND day BETWEEN ? AND ?
                GROUP BY \(byDay ? "day, " : "")subject, detail ORDER BY \(byDay ? "day, " : "")subject, detail
                """,
                [.text(app), .text(metric.rawValue), .text(from), .text(to)]
            ) { EventCounts.Row(day: $0.string(0), subject: $0.string(1) ?? "", detail: $0.string(2) ?? "", count: $0.int(3)) }
    }

    /// A session's events, oldest first.
    func events(session: String, limit: Int) throws -> [Event] {
        try connection.query(
                """
                \(Self.select) WHERE id IN (
                    SELECT id FROM events WHERE session_number = (SELECT number FROM sessions WHERE id_hash = ?) ORDER BY time DESC, id DESC LIMIT ?)
                ORDER BY time, id
                """,
                [.blob(Secret.hash(session)), .integer(Int64(limit))], Self.event)
    }

    /// An app's events in `[from, to)`, oldest first.
    func events(app: String, from: Int64, to: Int64) throws -> [Event] {
        try connection.query("\(Self.select) WHERE time >= ? AND time < ? AND app = ? ORDER BY time, id", [.integer(from), .integer(to), .text(app)],
                             Self.event)
    }

    /// Deletes up to `limit` events older than `cutoff`; returns how many. The daily counts stay:
    /// they are what the insights show of the days gone.
    func sweep(before cutoff: Int64, limit: Int) throws -> Int {
        try connection.execute("DELETE FROM events WHERE id IN (SELECT id FROM events WHERE time < ? LIMIT ?)", [.integer(cutoff), .integer(Int64(limit))])
    }

    private static let select = "SELECT time, app, kind, screen, previous_screen, source, detail, funnel, step, step_number, depth, link, pattern, dwell, outcome FROM events"

    private static func event(_ row: Row) -> Event {
        func int(_ column: Int32) -> Int? { row.isNull(column) ? nil : row.int(column) }
        return Event(time: Int64(row.int(0)), app: row.string(1) ?? "", kind: row.string(2) ?? "", screen: row.string(3),
                     previousScreen: row.string(4), source: row.string(5), detail: row.string(6), funnel: row.string(7), step: row.string(8),
                     stepNumber: int(9), depth: int(10), link: row.string(11), pattern: row.string(12), dwell: int(13).map(Int64.init),
                     outcome: row.string(14))
    }
}
