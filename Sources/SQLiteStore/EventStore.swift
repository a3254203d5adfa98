import FlowStore

/// The navigation and analytics events of every session: cheap to append, read back by session,
/// app and time.
public struct EventStore: Sendable {
    /// One event.
    public typealias Event = StoredEvent

    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Appends events of a session in one transaction.
    public func append(_ events: [Event], session: String?) throws {
        try database.write { connection in try append(events, session: session, in: connection) }
    }

    /// Appends inside a caller's write transaction, as a navigation does with its save.
    public func append(_ events: [Event], session: String?, in connection: SQLiteConnection) throws {
        let hash: SQLiteValue = session.map { .blob(Secret.hash($0)) } ?? .null
        for event in events {
            try connection.execute(
                "INSERT INTO events (time, session_hash, app, kind, screen, previous_screen, source, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [.integer(event.time), hash, .text(event.app), .text(event.kind), .string(event.screen), .string(event.previousScreen),
                 .string(event.source), .string(event.detail)]
            )
        }
    }

    /// A session's events, oldest first.
    public func events(session: String) throws -> [Event] {
        try database.read { connection in
            try connection.query("\(Self.select) WHERE session_hash = ? ORDER BY time, id", [.blob(Secret.hash(session))], Self.event)
        }
    }

    /// An app's events in `[from, to)`, oldest first.
    public func events(app: String, from: Int64, to: Int64) throws -> [Event] {
        try database.read { connection in
            try connection.query("\(Self.select) WHERE app = ? AND time >= ? AND time < ? ORDER BY time, id",
                                 [.text(app), .integer(from), .integer(to)], Self.event)
        }
    }

    /// Deletes the events older than `age` milliseconds; returns how many. They go in batches,
    /// each its own write, so a first sweep of a large file never holds the writer for long.
    @discardableResult
    public func sweep(olderThan age: Int64, now: Int64 = Timestamp.now()) throws -> Int {
        var swept = 0
        while true {
            let deleted = try database.write { connection in
                try connection.execute("DELETE FROM events WHERE id IN (SELECT id FROM events WHERE time < ? LIMIT ?)",
                                       [.integer(now - age), .integer(Int64(Self.sweepBatch))])
            }
            swept += deleted
            if deleted < Self.sweepBatch { return swept }
        }
    }

    static let sweepBatch = 10_000

    private static let select = "SELECT time, app, kind, screen, previous_screen, source, detail FROM events"

    private static func event(_ row: Row) -> Event {
        Event(time: Int64(row.int(0)), app: row.string(1) ?? "", kind: row.string(2) ?? "", screen: row.string(3),
              previousScreen: row.string(4), source: row.string(5), detail: row.string(6))
    }
}
