import FlowStore

/// How often each deep link was opened by visitors without a session, per app, link pattern,
/// day and outcome: analytics that need no session row and no event per request.
public struct LinkCountStore: Sendable {
    /// One counter.
    public typealias Count = LinkCount

    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Adds counts to what is stored, in one transaction.
    public func add(_ counts: [Count]) throws {
        guard !counts.isEmpty else { return }
        try database.write { connection in try Self.add(counts, in: connection) }
    }

    /// Adds counts inside a caller's write transaction (a session's deep links, with its save).
    static func add(_ counts: [Count], in connection: SQLiteConnection) throws {
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
    public func counts(app: String) throws -> [Count] {
        try database.read { connection in
            try connection.query("SELECT pattern, day, kind, count FROM link_counts WHERE app = ? ORDER BY day, pattern, kind", [.text(app)]) { row in
                Count(app: app, pattern: row.string(0) ?? "", day: row.string(1) ?? "", kind: row.string(2) ?? "", count: row.int(3))
            }
        }
    }
}
