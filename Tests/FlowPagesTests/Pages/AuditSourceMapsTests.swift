@testable import FlowPages
import HTMLTemplate
import Testing

/// The audit's source maps are kept only for the sessions it watches, in bounded memory: the last
/// 64 sessions, the one used longest ago forgotten first.
@Suite struct AuditSourceMapsTests {
    @Test func onlyAWatchedSessionsPagesAreKept() {
        let maps = AuditSourceMaps()
        maps.keep(SourceMap(), of: Array("page".utf8), for: "visitor")
        #expect(!maps.isWatching("visitor") && maps.map(for: "visitor") == nil, "a session the audit did not open a state in")
        maps.watch("auditor")
        #expect(maps.isWatching("auditor") && maps.map(for: "auditor") == nil, "watched, nothing rendered yet")
        maps.keep(SourceMap(), of: Array("page".utf8), for: "auditor")
        #expect(maps.map(for: "auditor")?.bodyHash == AuditSourceMaps.sha256(Array("page".utf8)))
    }

    @Test func theSessionUsedLongestAgoIsForgottenFirst() throws {
        let maps = AuditSourceMaps()
        let set = try TemplateSet(templates: ["page": "<p>\n{{ n }}</p>"])
        for number in 0..<AuditSourceMaps.capacity {
            maps.watch("session-\(number)")
            var map: SourceMap? = SourceMap()
            let body = try set.renderBytes("page", ["n": .int(number)], sourceMap: &map)
            maps.keep(try #require(map), of: body, for: "session-\(number)")
        }
        #expect(maps.map(for: "session-0")?.bodyHash == AuditSourceMaps.sha256(Array("<p>\n0</p>".utf8)), "read, so used last")
        maps.watch("one-more")
        maps.keep(SourceMap(), of: [], for: "one-more")
        #expect(maps.map(for: "session-1") == nil, "the oldest not read again is gone")
        #expect(maps.map(for: "session-0") != nil && maps.map(for: "session-2") != nil && maps.map(for: "one-more") != nil)
        maps.keep(SourceMap(), of: Array("new".utf8), for: "session-2")
        #expect(maps.map(for: "session-2")?.bodyHash == AuditSourceMaps.sha256(Array("new".utf8)), "a session's next page replaces its last")
    }
}
