@testable import FlowPages
import FlowPagesTestSupport
import FlowStore
import Foundation
import Testing

/// Events are recorded up to a rate per session and per client address, in bounded memory; what
/// is dropped is counted and said in the insights, and pings write nothing per request.
@Suite struct EventBudgetTests {
    func budget(perSession: Int = 600, perAddress: Int = 6_000, tracked: Int = 100_000) throws -> (EventBudget, LinkCounters, any WebStore) {
        let store = try TestStore.fresh("budget").store
        var limits = EventBudget.Limits()
        (limits.perSession, limits.perAddress, limits.tracked) = (perSession, perAddress, tracked)
        let counters = LinkCounters(store: store)
        return (EventBudget(counters: counters, limits: limits), counters, store)
    }

    @Test func aSessionAddsUpToItsRateAMinuteAndThenAgain() throws {
        let (budget, _, _) = try budget(perSession: 5)
        #expect(budget.admit(3, app: "a", session: "s", address: "x", now: 60_000) == 3)
        #expect(budget.admit(3, app: "a", session: "s", address: "x", now: 60_001) == 2)
        #expect(budget.admit(1, app: "a", session: "s", address: "x", now: 119_999) == 0)
        #expect(budget.admit(4, app: "a", session: "other", address: "x", now: 119_999) == 4, "another session has its own")
        #expect(budget.admit(4, app: "a", session: "s", address: "x", now: 120_000) == 4, "the next minute")
    }

    @Test func anAddressAddsUpToItsRateWhateverTheSessions() throws {
        let (budget, _, _) = try budget(perSession: 100, perAddress: 8)
        #expect(budget.admit(5, app: "a", session: "one", address: "x", now: 0) == 5)
        #expect(budget.admit(5, app: "a", session: "two", address: "x", now: 0) == 3)
        #expect(budget.admit(5, app: "a", session: "three", address: "y", now: 0) == 5)
    }

    @Test func aMillionAddressesFillTheTableAndNoMore() throws {
        let (budget, counters, store) = try budget(tracked: 1_000)
        var admitted = 0
        for index in 0..<20_000 { admitted += budget.admit(1, app: "a", session: "s\(index)", address: "10.\(index)", now: 0) }
        #expect(admitted == 1_000, "a new address past the table's size has its events dropped")
        #expect(budget.admit(1, app: "a", session: "s1", address: "10.1", now: 0) == 1, "those counted go on")
        try counters.flush()
        let dropped = try store.read { try $0.linkCounts.counts(app: "a") }.filter { $0.kind == EventBudget.droppedKind }.map(\.count).reduce(0, +)
        #expect(dropped == 19_000)
    }

    @Test func aLoopingSessionIsRecordedUpToItsRateAndTheInsightsSaySo() throws {
        var limits = EventBudget.Limits()
        limits.perSession = 10
        let app = try LiveApp(eventLimits: limits)
        var browser = try SUMAFinanceWalkTests.atLogin(app)
        for _ in 1...10 {
            try browser.press("Create Account")
            try browser.press(try #require(browser.page.back))
        }
        #expect(browser.page.heading == "Login", "the navigation itself is kept whatever the events")
        let events = try app.events()
        #expect(events.count == 10, "\(events.count) events recorded")
        try app.flushLinkCounts()
        try browser.open("/suma-finance/_insights")
        #expect(browser.page.root.all.contains { $0.name == "p" && $0.content.contains("events on these days were not recorded") })
    }

    @Test func pingsWriteNothingAPing() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
        let page = HTMLPage(try browser.request("GET", "/auth/login", referer: nil, extra: [("User-Agent", agent)]).body)
        let ping = try #require(page.root.elements("a").first { $0.content == "Open in the app" }?["ping"])
        try browser.open("/auth/login")
        try browser.press("Log In")
        #expect(try app.data.sessionCount() == 1, "a session, whose cookie the pings carry")
        let before = try app.events().count
        for _ in 1...300 {
            let status = try browser.request("POST", String(ping.dropFirst("http://suma.finance".count)), referer: nil,
                                              extra: [("Ping-To", "sumafinance://auth/login")]).status
            #expect(status == 204)
        }
        #expect(try app.events().count == before, "no event row a ping")
        try app.flushLinkCounts()
        let counts = try app.store.read { try $0.linkCounts.counts(app: "suma-finance") }
        #expect(counts.first { $0.pattern == "/auth/login" && $0.kind == "deep_link_fallback:open_in_app" }?.count == 300, "one aggregate")
    }
}
