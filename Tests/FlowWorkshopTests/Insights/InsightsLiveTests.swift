import FlowPagesTestSupport
import FlowStore
@testable import FlowWorkshop
import Foundation
import Testing

/// The insights dashboard and flow map of a prototype, over real HTTP, on events written
/// through the store with answers known beforehand.
@Suite struct InsightsLiveTests {
    static let day: Int64 = 86_400_000
    /// 2026-11-20 and 2026-11-21, at noon UTC.
    static let first: Int64 = 20_777 * day + day / 2
    static let second = first + day

    /// Three sessions: two on the first day, one on the second, walking SUMA's registration.
    static func seeded() throws -> LiveApp {
        let app = try LiveApp()
        let store = app.store
        func session(at time: Int64) throws -> String {
            try store.transaction { try $0.sessions.create(app: "suma-finance", state: [0], csrfSecret: "s", dataKey: UUID().uuidString, now: time) }
        }
        func view(_ time: Int64, _ screen: String, from previous: String? = nil, after dwell: Int64? = nil) -> StoredEvent {
            StoredEvent(time: time, app: "suma-finance", kind: "screen_view", screen: screen, previousScreen: previous, source: "direct", dwell: dwell)
        }
        func step(_ time: Int64, _ number: Int, _ name: String) -> StoredEvent {
            StoredEvent(time: time, app: "suma-finance", kind: "funnel_step", screen: "register", funnel: "registration", step: name, stepNumber: number)
        }
        func link(_ time: Int64, _ kind: String) -> StoredEvent {
            StoredEvent(time: time, app: "suma-finance", kind: kind, link: "sumafinance://auth/reset-password", pattern: "/auth/reset-password")
        }
        let (a, b, c) = (try session(at: first), try session(at: first), try session(at: second))
        let events: [(String, [StoredEvent])] = [
            (a, [view(first, "login"), view(first + 2_000, "register", from: "login", after: 2_000), step(first + 3_000, 1, "email_entered"),
                 step(first + 3_500, 1, "email_entered"), view(first + 4_000, "personal-info", from: "register", after: 2_000),
                 step(first + 5_000, 2, "personal_info_entered"), step(first + 6_000, 3, "email_verified")]),
            (b, [view(first, "login"), view(first + 5_000, "register", from: "login", after: 5_000), step(first + 6_000, 1, "email_entered"),
                 step(first + 7_000, 2, "personal_info_entered"),
                 StoredEvent(time: first + 8_000, app: "suma-finance", kind: "back_button_pressed", screen: "register", depth: 2),
                 link(first + 9_000, "deep_link_opened"), link(first + 9_000, "deep_link_success")]),
            (c, [view(second, "login"), view(second + 60_000, "register", from: "login", after: 60_000), step(second + 61_000, 1, "email_entered"),
                 link(second + 62_000, "deep_link_opened"), link(second + 62_000, "deep_link_failure")]),
        ]
        for (session, list) in events { try store.transaction { try $0.events.append(list, session: session) } }
        // The app banner of reset links' fallback pages, as visitors without a session met it.
        try store.transaction { try $0.linkCounts.add([("banner_shown", 4), ("open_in_app", 2), ("store", 1), ("code_given", 2), ("code_claimed", 1)].map { outcome, count in
            LinkCount(app: "suma-finance", pattern: "/auth/reset-password", day: "2026-11-20", kind: "deep_link_fallback:" + outcome, count: count)
        }) }
        return app
    }

    static func csv(_ app: LiveApp, _ table: String, _ query: String = "?from=2026-11-20&to=2026-11-21") throws -> [[String]] {
        var browser = LiveBrowser(app)
        let response = try browser.request("GET", "/suma-finance/_insights/\(table).csv" + query, referer: nil)
        #expect(response.status == 200 && response.header("Content-Type") == "text/csv; charset=utf-8")
        return response.body.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func theTablesCountWhatHappened() throws {
        let app = try Self.seeded()
        #expect(try Self.csv(app, "sessions") == [["day", "sessions"], ["2026-11-20", "2"], ["2026-11-21", "1"]])
        let screens = try Self.csv(app, "screens")
        let register = try #require(screens.first { $0[0] == "register" })
        #expect(register == ["register", "Create Account", "3", "1", "0.333", "2.2"], "a Back press every three views; 2 s on it, to within a tenth")
        let login = try #require(screens.first { $0[0] == "login" })
        // The middle of 2 s, 5 s and 60 s, read from its bucket: 5 s to within a tenth.
        #expect(login[2] == "3" && abs((Double(login[5]) ?? 0) - 5) <= 0.5, "\(login)")
        #expect(screens[1][0] == "login" || screens[1][0] == "register", "the busiest screens first")
        #expect(try Self.csv(app, "funnels").filter { $0[0] == "registration" } == [
            ["registration", "1", "email_entered", "3", ""], ["registration", "2", "personal_info_entered", "2", "0.333"],
            ["registration", "3", "email_verified", "1", "0.500"], ["registration", "4", "completed", "0", "1.000"],
        ], "each session once per step, however often it took it")
        #expect(try Self.csv(app, "links") == [["link pattern", "opened", "succeeded", "failed", "fell back"], ["/auth/reset-password", "2", "1", "1", "0"]])
        #expect(try Self.csv(app, "banners") == [
            ["link pattern", "banner shown", "opened in the app", "to a store", "code given", "code claimed"], ["/auth/reset-password", "4", "2", "1", "2", "1"],
        ])
    }

    @Test func theDaysAskedForAreTheDaysCounted() throws {
        let app = try Self.seeded()
        #expect(try Self.csv(app, "sessions", "?from=2026-11-21&to=2026-11-21") == [["day", "sessions"], ["2026-11-21", "1"]])
        let screens = try Self.csv(app, "screens", "?from=2026-11-20&to=2026-11-20")
        #expect(screens.first { $0[0] == "login" }?[2] == "2")
        var browser = LiveBrowser(app)
        try browser.open("/suma-finance/_insights?from=2026-11-21&to=2026-11-20")
        #expect(browser.last.status == 400 && browser.page.root.content.contains("after the last"))
        try browser.open("/suma-finance/_insights?from=yesterday")
        #expect(browser.last.status == 400 && browser.page.root.content.contains("is not a date"))
    }

    @Test func theDashboardShowsTheTablesAndChartsAccessibly() throws {
        let app = try Self.seeded()
        var browser = LiveBrowser(app)
        try browser.open("/suma-finance/_insights?from=2026-11-20&to=2026-11-21")
        #expect(browser.page.heading == "Insights")
        let headings = browser.page.root.elements("h2").map(\.content)
        #expect(headings == ["Sessions: 3", "Screens", "Funnels", "Deep links", "App banner"])
        let captions = browser.page.root.elements("caption").map(\.content)
        #expect(captions.contains("Sessions at each step of registration, and the share lost since the step before"))
        let charts = browser.page.root.elements("svg")
        #expect(!charts.isEmpty && charts.allSatisfy { $0["role"] == "img" && $0["aria-labelledby"] != nil })
        #expect(browser.page.root.elements("a").contains { $0["href"] == "/suma-finance/_insights/screens.csv?from=2026-11-20&to=2026-11-21" })
    }

    @Test func theMapCarriesTheTraffic() throws {
        let app = try Self.seeded()
        var browser = LiveBrowser(app)
        try browser.open("/suma-finance/_map?from=2026-11-20&to=2026-11-21")
        #expect(browser.page.heading == "Flow map")
        let list = try #require(browser.page.root.all.first { $0.hasClass("map-list") })
        #expect(list.content.contains("Login, 3 views"))
        #expect(list.content.contains("to Create Account by create-account: 3 moves, 100 % of those out of it"))
        let drawing = try #require(browser.page.root.elements("svg").first)
        #expect(drawing["aria-hidden"] == "true" && drawing.elements("a").allSatisfy { $0["tabindex"] == "-1" }, "the list is what a screen reader and the keyboard use")
        let mermaid = try browser.request("GET", "/suma-finance/_map.mmd?from=2026-11-20&to=2026-11-21", referer: nil)
        #expect(mermaid.status == 200 && mermaid.body.contains("create-account · 3"))
        #expect(MermaidCheck.problems(mermaid.body).isEmpty)
    }

    @Test func withThePrototypeOffThereIsNoMapNorDashboard() throws {
        let app = try LiveApp(prototype: false)
        var browser = LiveBrowser(app)
        for path in ["/suma-finance/_insights", "/suma-finance/_map", "/suma-finance/_insights/screens.csv"] {
            let response = try browser.request("GET", path, referer: nil)
            #expect(response.status == 404, "\(path): \(response.status)")
        }
    }
}
