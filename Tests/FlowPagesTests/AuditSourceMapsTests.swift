@testable import FlowPages
import HTMLTemplate
import Testing

/// The audit's source maps take bounded memory: the last 64 sessions, the one used longest ago forgotten first.
@Suite struct AuditSourceMapsTests {
    @Test func theSessionUsedLongestAgoIsForgottenFirst() throws {
        let maps = AuditSourceMaps()
        let set = try TemplateSet(templates: ["page": "<p>\n{{ n }}</p>"])
        for number in 0..<AuditSourceMaps.capacity {
            var map: SourceMap? = SourceMap()
            let body = try set.renderBytes("page", ["n": .int(number)], sourceMap: &map)
            maps.keep(try #require(map), of: body, for: "session-\(number)")
        }
        #expect(maps.map(for: "session-0")?.bodyHash == AuditSourceMaps.sha256(Array("<p>\n0</p>".utf8)), "read, so used last")
        maps.keep(SourceMap(), of: [], for: "one-more")
        #expect(maps.map(for: "session-1") == nil, "the oldest not read again is gone")
        #expect(maps.map(for: "session-0") != nil && maps.map(for: "session-2") != nil && maps.map(for: "one-more") != nil)
        maps.keep(SourceMap(), of: Array("new".utf8), for: "session-2")
        #expect(maps.map(for: "session-2")?.bodyHash == AuditSourceMaps.sha256(Array("new".utf8)), "a session's next page replaces its last")
    }
}
