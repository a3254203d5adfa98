// Grows a FlowPages SQLite file as a year of traffic would: `growth-seed FILE SESSIONS EVENTS`
// adds SESSIONS sessions (random 256-bit ids, 700-byte states, the last hours of use spread over
// a week) and EVENTS events of them (screen views with their transitions and dwell, back presses),
// in large transactions, through the schema the server migrates to. Used by
// Benchmarks/write-growth.sh to compare writes on a fresh file and on a grown one.
import Foundation
import SQLiteStore

let arguments = CommandLine.arguments
guard arguments.count == 4, let sessions = Int(arguments[2]), let events = Int(arguments[3]) else {
    print("usage: growth-seed FILE SESSIONS EVENTS")
    exit(2)
}
let database = try Database(path: arguments[1])
let now = Int64(Date().timeIntervalSince1970 * 1000)
let week: Int64 = 7 * 86_400_000
let clock = ContinuousClock()
let started = clock.now
let batch = 50_000
var made = 0
while made < sessions {
    let count = min(batch, sessions - made)
    try database.write { connection in
        try connection.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
            INSERT INTO sessions (id_hash, app, state, version, created_at, last_seen_at, csrf_secret, data_key, screen_since)
            SELECT randomblob(32), 'suma-finance', randomblob(700), 1, ?2 - abs(random() % ?3), ?2 - abs(random() % ?3),
                   hex(randomblob(16)), hex(randomblob(16)), ?2 - abs(random() % ?3)
            FROM n
            """,
            [.integer(Int64(count)), .integer(now), .integer(week)]
        )
    }
    made += count
}
let screens = ["welcome", "login", "forgot-password", "register", "personal-info", "verify", "home", "transactions", "accounts", "profile"]
let names = screens.map { "'\($0)'" }.joined(separator: ", ")
made = 0
while made < events {
    let count = min(batch, events - made)
    try database.write { connection in
        // Each of one of the sessions made, as their numbers say.
        try connection.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1),
            screens(name, number) AS (SELECT value, key FROM json_each('[\(names.replacingOccurrences(of: "'", with: "\""))]'))
            INSERT INTO events (time, session_number, app, kind, screen, previous_screen, source)
            SELECT ?2 - abs(random() % ?3), 1 + abs(random() % ?4), 'suma-finance',
                   CASE WHEN i % 10 = 0 THEN 'back_button_pressed' ELSE 'screen_view' END,
                   (SELECT name FROM screens WHERE number = abs(random() % 10)), (SELECT name FROM screens WHERE number = abs(random() % 10)), 'direct'
            FROM n
            """,
            [.integer(Int64(count)), .integer(now), .integer(week), .integer(Int64(sessions))]
        )
    }
    made += count
}
let elapsed = clock.now - started
print("grew \(arguments[1]) by \(sessions) sessions and \(events) events in \(elapsed)")
