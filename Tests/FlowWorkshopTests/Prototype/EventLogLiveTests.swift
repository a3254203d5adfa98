import FlowPagesTestSupport
import FlowStore
@testable import FlowWorkshop
import Foundation
import Testing

/// The prototype's event log page (`/<app>/_events`) over real HTTP: a session's events, the
/// newest of them when there are more than a page shows.
@Suite struct EventLogLiveTests {
    @Test func theEventLogShowsTheNewestEventsOfALongSession() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open("/suma-finance/")
        try browser.press("Skip")
        #expect(browser.page.heading == "Login")
        let session = try #require(browser.cookies["fp_suma-finance"])
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let events = (0..<600).map { StoredEvent(time: now + Int64($0), app: "suma-finance", kind: "screen_view", screen: "e\($0)") }
        try app.store.transaction { try $0.events.append(events, session: session) }
        try browser.open("/suma-finance/_events")
        let rows = browser.page.root.elements("tr").dropFirst()
        #expect(rows.count == PrototypeTools.eventLogLimit)
        #expect(rows.first?.content.contains("e100") == true && rows.last?.content.contains("e599") == true, "the newest, oldest first")
        #expect(browser.page.root.content.contains("Only the newest \(PrototypeTools.eventLogLimit) events are shown."))
    }
}
