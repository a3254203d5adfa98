import FlowStore

/// How often each deep link was opened by visitors without a session, per app, link pattern,
/// day and outcome.
struct LinkCountTable: LinkCountWrites {
    let connection: PostgresConnection
    /// Adds counts to what is stored: instances flushing at once each add their own.
    func add(_ counts: [LinkCount]) throws {
        guard !counts.isEmpty else { return }
        for count in counts {
            try connection.executeLater(
                """
                INSERT INTO link_counts (app, pattern, day, kind, count) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (app, pattern, day, kind) DO UPDATE SET count = link_counts.count + excluded.count
                """,
                [.text(count.app), .text(count.pattern), .text(count.day), .text(count.kind), .int(count.count)]
            )
        }
    }

    func counts(app: String) throws -> [LinkCount] {
        try connection.query("SELECT pattern, day, kind, count FROM link_counts WHERE app = $1 ORDER BY day, pattern, kind", [.text(app)]) { row in
            LinkCount(app: app, pattern: row.string(0) ?? "", day: row.string(1) ?? "", kind: row.string(2) ?? "", count: row.int(3))
        }
    }
}
