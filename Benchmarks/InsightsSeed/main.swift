// Fills a FlowPages database with a month of SUMA Finance traffic for the insights benchmark:
// `insights-seed DATABASE EVENTS` writes EVENTS events (ten a session: onboarding, login or the
// registration funnel with its drop-offs, Back presses, deep links that open, fail or succeed)
// through the store's own transactions, so the daily counts are kept exactly as a running
// server keeps them. DATABASE is a SQLite file or a postgres:// URL. The walks are drawn from a
// fixed seed, so two runs write the same data.
import FlowStore
import Foundation
import NavigationFixtures
import PostgresStore
import SQLiteStore

let arguments = CommandLine.arguments
guard arguments.count == 3, let total = Int(arguments[2]), total > 0 else {
    print("usage: insights-seed DATABASE EVENTS")
    exit(2)
}
let location = arguments[1]
let store: any WebStore = location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    ? PostgresWebStore(database: try PostgresDatabase(url: location, maximumConnections: 2), key: .random())
    : SQLiteWebStore(database: try Database(path: location, durability: .normal), key: .random())

/// The same walks every run.
struct Walks {
    var random = SplitMix(state: 0x5EED_F10E)
    mutating func next() -> UInt64 { random.next() }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
    mutating func milliseconds(upTo seconds: UInt64) -> Int64 { Int64(1_000 + next() % (seconds * 1_000)) }
}

let app = "suma-finance"
let perSession = 10
let day: Int64 = 86_400_000
let now = Int64(Date().timeIntervalSince1970 * 1000)
let month = 30 * day

/// One session's ten events, starting at `start`.
func session(_ walks: inout Walks, at start: Int64) -> [StoredEvent] {
    var events: [StoredEvent] = []
    var time = start
    var screen: String?
    func view(_ next: String, source: String = "direct") {
        let dwell = screen == nil ? nil : walks.milliseconds(upTo: 90)
        time += dwell ?? 0
        events.append(StoredEvent(time: time, app: app, kind: "screen_view", screen: next, previousScreen: screen, source: source, dwell: dwell))
        screen = next
    }
    func step(_ funnel: String, _ number: Int, _ name: String) {
        events.append(StoredEvent(time: time + 500, app: app, kind: "funnel_step", screen: screen, funnel: funnel, step: name, stepNumber: number))
    }
    func back(depth: Int) {
        events.append(StoredEvent(time: time + 800, app: app, kind: "back_button_pressed", screen: screen, depth: depth))
    }
    if walks.chance(15) {
        let ok = walks.chance(80)
        for kind in ["deep_link_opened", ok ? "deep_link_success" : "deep_link_failure"] {
            events.append(StoredEvent(time: time, app: app, kind: kind, link: "sumafinance://auth/reset-password", pattern: "/auth/reset-password"))
        }
        view(ok ? "reset-password" : "login", source: "deep_link")
    } else {
        view("welcome")
        view("login")
    }
    if walks.chance(40) {
        view("register")
        step("registration", 1, "email_entered")
        if walks.chance(30) { back(depth: 2) }
        if walks.chance(70) {
            view("personal-info")
            step("registration", 2, "personal_info_entered")
            if walks.chance(60) {
                view("email-verification")
                step("registration", 3, "email_verified")
            }
        }
    } else if walks.chance(20) {
        view("forgot-password")
        step("password_reset", 1, "email_sent")
        if walks.chance(25) { back(depth: 2) }
    }
    let tabs = ["home", "accounts", "transactions", "profile"]
    while events.count < perSession {
        view(tabs[Int(walks.next() % UInt64(tabs.count))], source: "tab_switch")
    }
    return Array(events.prefix(perSession))
}

let clock = ContinuousClock()
let started = clock.now
var walks = Walks()
let sessions = (total + perSession - 1) / perSession
let batch = 500
var written = 0
var made = 0
while made < sessions {
    let count = min(batch, sessions - made)
    try store.transaction { transaction in
        for index in made..<(made + count) {
            // Spread evenly over the last 30 days, oldest first.
            let start = now - month + month * Int64(index) / Int64(sessions)
            let id = try transaction.sessions.create(app: app, state: [0], csrfSecret: "seed", dataKey: "seed-\(index)", now: start)
            let events = session(&walks, at: start).prefix(total - written)
            try transaction.events.append(Array(events), session: id)
            written += events.count
        }
    }
    made += count
}
print("wrote \(sessions) sessions and \(written) events to \(location) in \(clock.now - started)")
