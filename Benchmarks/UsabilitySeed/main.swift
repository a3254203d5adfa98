// Fills a FlowPages database with a finished usability test of SUMA Finance for the results
// benchmark: `usability-seed DATABASE TESTERS` makes a five-mission test as a team would in the
// browser, then TESTERS testers, each with a try at every mission (one in ten restarting a
// mission first, as many giving up or ending elsewhere as a real test sees), the usability scale
// and the question about assistive technology; and, for the insights page beside it, every
// screen a tester was shown as the screen_view event a session records, so both pages read the
// same number of events. Everything is written through the store's own transactions; the draws
// come from a fixed seed, so two runs write the same data.
import FlowStore
import Foundation
import NavigationFixtures
import SQLiteStore

let arguments = CommandLine.arguments
guard arguments.count == 3, let testers = Int(arguments[2]), testers > 0 else {
    print("usage: usability-seed DATABASE TESTERS")
    exit(2)
}
let store = SQLiteWebStore(database: try Database(path: arguments[1], durability: .normal), key: .random())
let (app, test) = ("suma-finance", "benchmark")
let missions: [(id: String, start: String, path: [String], detour: [String])] = [
    ("reset-password", "login", ["login", "forgot-password", "verification-code", "new-password"], ["login", "register", "login", "forgot-password"]),
    ("privacy", "welcome", ["welcome", "privacy"], ["welcome", "login", "welcome", "privacy"]),
    ("transactions", "login", ["login", "home", "transactions"], ["login", "home", "accounts", "transactions"]),
    ("register", "welcome", ["welcome", "register", "personal-info"], ["welcome", "login", "register", "personal-info"]),
    ("profile", "login", ["login", "home", "profile"], ["login", "home", "transactions", "home", "profile"]),
]
let xml = """
    <test id="\(test)" name="Benchmark study" intro="Five missions.">
    \(missions.map { mission in """
        <mission id="\(mission.id)" start="screen:\(mission.start)" time-limit="600" task="Get to \(mission.path.last ?? "")">
          <success route="\(mission.path.last ?? "")"/>
          <expected-path routes="\(mission.path.joined(separator: " "))"/>
        </mission>
    """ }.joined(separator: "\n"))
      <sus/>
      <assistive-technology-question/>
    </test>
    """

/// Writes the test and its testers; returns how many tries and screens.
func seed(now: Int64) throws -> (attempts: Int, steps: Int) {
    var random = SplitMix(state: 0x05AB_1E7E)
    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    func seconds(upTo limit: UInt64) -> Int64 { Int64(2_000 + random.next() % (limit * 1_000)) }
    let week: Int64 = 7 * 86_400_000
    try store.transaction { try $0.usability.keep(test: test, xml: xml, app: app, now: now - week) }
    var (steps, attempts) = (0, 0)
    let batch = 100
    for first in stride(from: 0, to: testers, by: batch) {
        try store.transaction { transaction in
            for index in first..<min(first + batch, testers) {
                var time = now - week + week * Int64(index) / Int64(testers)
                let tester = try transaction.usability.join(app: app, test: test, token: "seed-\(index)", now: time)
                let session = try transaction.sessions.create(app: app, state: [0], csrfSecret: "seed", dataKey: "seed-\(index)", now: time)
                var events: [StoredEvent] = []
                for mission in missions {
                    for restart in (chance(10) ? [true, false] : [false]) {
                        let attempt = try transaction.usability.begin(mission: mission.id, tester: tester.id, now: time)
                        attempts += 1
                        let way = chance(70) ? mission.path : mission.detour
                        let shown = restart || chance(10) ? Array(way.prefix(2)) : way
                        var previous: String?
                        for (position, route) in shown.enumerated() {
                            if position > 0 { time += seconds(upTo: 20) }
                            let back = previous.map { way.prefix(position).contains(route) && $0 != route } ?? false
                            _ = try transaction.usability.record(.init(route: route, at: time, isBack: back), in: attempt)
                            events.append(StoredEvent(time: time, app: app, kind: "screen_view", screen: route, previousScreen: previous,
                                                      source: back ? "back_navigation" : "direct"))
                            previous = route
                            steps += 1
                        }
                        time += seconds(upTo: 5)
                        _ = try transaction.usability.end(attempt: attempt, as: restart ? .restarted : shown == way || chance(50) ? .done : .gaveUp, at: time)
                    }
                }
                try transaction.events.append(events, session: session)
                let technology = random.next() % 100
                if technology < 15 {
                    try transaction.usability.answer("assistive-technology", with: "screen-reader", tester: tester.id)
                } else if technology < 75 {
                    try transaction.usability.answer("assistive-technology", with: "none", tester: tester.id)
                }
                for statement in 1...10 { try transaction.usability.answer("sus.\(statement)", with: String(1 + random.next() % 5), tester: tester.id) }
            }
        }
}
return (attempts, steps)
}

let clock = ContinuousClock()
let started = clock.now
let (attempts, steps) = try seed(now: Int64(Date().timeIntervalSince1970 * 1000))
print("wrote \(testers) testers, \(attempts) tries, \(steps) screens and as many events to \(arguments[1]) in \(clock.now - started)")
