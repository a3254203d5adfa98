import FlowStore
import Testing

/// What an event adds to the daily and link counts.
@Suite struct EventCountsTests {
    /// A UTC day and its first millisecond, both ways, across leap days, centuries and 1970.
    @Test(arguments: ["1970-01-01", "1969-12-31", "2000-02-29", "1900-03-01", "2024-02-29", "2026-11-27", "2100-12-31", "1600-01-01"])
    func aDayAndItsFirstMillisecondAreOneAnother(day: String) throws {
        let start = try #require(StoredEvent.time(ofDay: day))
        #expect(StoredEvent.day(of: start) == day && StoredEvent.day(of: start + 86_399_999) == day)
        #expect(StoredEvent.day(of: start - 1) != day)
    }

    @Test func whatIsNotADayHasNoTime() {
        for text in ["2026-13-01", "2026-1-01", "20261101", "2026-11-xx", "", "2026-11-00"] {
            #expect(StoredEvent.time(ofDay: text) == nil, "\(text)")
        }
        #expect(StoredEvent.time(ofDay: "1970-01-02") == 86_400_000)
    }

    @Test func aDeepLinkEventCountsForItsPatternButAFallbackPagesOutcomeDoesNot() {
        var opened = StoredEvent(time: 0, app: "suma", kind: "deep_link_opened", pattern: "/auth/login")
        #expect(EventCounts.linkCount(of: opened) == LinkCount(app: "suma", pattern: "/auth/login", day: "1970-01-01", kind: "deep_link_opened", count: 1))
        opened.pattern = nil
        #expect(EventCounts.linkCount(of: opened) == nil, "a link without a pattern is not counted")
        // The banner's outcomes are counted as they happen, whoever the visitor; a session's
        // event of one must not count again, nor as a link that fell back.
        let shown = StoredEvent(time: 0, app: "suma", kind: "deep_link_fallback", pattern: "/auth/login", outcome: "banner_shown")
        #expect(EventCounts.linkCount(of: shown) == nil)
        #expect(EventCounts.linkCount(of: StoredEvent(time: 0, app: "suma", kind: "screen_view", pattern: "/auth/login")) == nil)
    }
}
