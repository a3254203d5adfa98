import FlowStore

/// How often each deep link was opened by visitors without a session, per app, link pattern,
/// day and outcome: analytics that need no session row and no event per request. On one
/// connection (``SQLiteWebStore``).
struct LinkCountStore: LinkCountWrites {
    typealias Count = LinkCount

    let connection: SQLiteConnection

    func add(_ counts: [Count]) throws {
        for count in counts {
            try connection.execute(
                """
                INSERT INTO link_counts (app, pattern, day, kind, count) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (app, pattern, day, kind) DO UPDATE SET count = count + excluded.count
                """,
                [.text(count.app), .text(count.pattern), .text(count.day), .text(count.kind), .integer(Int64(count.count))]
            )
        }
    }

    /// The counts of an app, by day, pattern and kind.
    func counts(app: String) throws -> [Count] {
        try connection.query("SELECT pattern, day, kind, count FROM link_counts WHERE app = ? ORDER BY day, pattern, kind", [.text(app)]) { row in
            Count(app: app, pattern: row.string(0) ?? "", day: row.string(1) ?? "", kind: row.string(2) ?? "", count: row.int(3))
        }
    }
}
