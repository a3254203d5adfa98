import FlowStore
import Testing

/// What an event adds to the daily and link counts.
@Suite struct EventCountsTests {
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
