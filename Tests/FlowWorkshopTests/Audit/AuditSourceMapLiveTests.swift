@testable import FlowPages
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import HTTPServer
import Testing

/// The source map of a session's last page (`/<app>/_audit/source-map`, issue 47), over real
/// HTTP on the app written from the docs alone: it maps exactly the bytes served, each to the
/// template file and line that wrote them, through partials, layouts and the screen drawn
/// beneath a sheet; and it is not there with the prototype off.
@Suite struct AuditSourceMapLiveTests {
    /// A map as the endpoint answers it.
    struct Map: Decodable {
        struct Place: Decodable, CustomStringConvertible {
            let file: String
            let line: Int
            var description: String { "\(file):\(line)" }
        }

        struct Entry: Decodable {
            let offset: Int
            let file: String
            let line: Int
            let includedFrom: [Place]?
        }

        let sha256: String
        let bytes: Int
        let entries: [Entry]

        /// `file:line` of the first byte of `text` in `body`, then the tags it was included through.
        func origin(of text: String, in body: String) -> String? {
            guard let found = body.range(of: text) else { return nil }
            let offset = body.utf8.distance(from: body.startIndex, to: found.lowerBound)
            guard let entry = entries.last(where: { $0.offset <= offset }) else { return nil }
            return (["\(entry.file):\(entry.line)"] + (entry.includedFrom ?? []).map(\.description)).joined(separator: " < ")
        }
    }

    /// The 1-based line of `views/file` that holds `text`.
    static func line(of text: String, in file: String, views: String) throws -> Int {
        let source = try String(contentsOfFile: (views as NSString).appendingPathComponent(file), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(text) }, "\(file) has \(text)") + 1
    }

    /// Opens the audit state `id` as "Open this state" does, and returns the page's body.
    static func openState(_ id: String, _ browser: inout LiveBrowser) throws -> String {
        try browser.open("/pantry/_audit")
        let csrf = browser.page.root.elements("input").first { $0["name"] == "csrf" }?["value"] ?? ""
        let posted = try browser.request("POST", "/pantry/_audit/open", referer: "/pantry/_audit",
                                         body: "csrf=\(URLEncoding.encode(csrf))&state=\(URLEncoding.encode(id))")
        #expect(posted.status == 303, "\(id): \(posted.status)")
        try browser.open(posted.header("Location") ?? "")
        return browser.last.body
    }

    static func map(_ browser: inout LiveBrowser) throws -> Map {
        let answer = try browser.request("GET", "/pantry/_audit/source-map", referer: nil)
        #expect(answer.status == 200 && answer.header("Content-Type") == "application/json" && answer.header("Cache-Control") == "no-store")
        return try JSONDecoder().decode(Map.self, from: Data(answer.body.utf8))
    }

    @Test func aScreensBytesAreMappedToTheTemplateLinesThatWroteThem() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let body = try Self.openState("screen:item", &browser)
        let map = try Self.map(&browser)
        #expect(map.sha256 == AuditSourceMaps.sha256(Array(body.utf8)) && map.bytes == body.utf8.count, "the map of the very page served")
        #expect(map.entries.first?.offset == 0 && zip(map.entries, map.entries.dropFirst()).allSatisfy { $0.offset < $1.offset })
        let views = live.views
        #expect(map.origin(of: "<dt>Quantity", in: body) == "pantry/item.html:\(try Self.line(of: "<dt>Quantity", in: "pantry/item.html", views: views))")
        #expect(map.origin(of: "<h1 id=\"screen-title\"", in: body) == "_layout/app.html:\(try Self.line(of: "<h1 id=\"screen-title\"", in: "_layout/app.html", views: views))")
        let edit = try Self.line(of: "label=\"Edit\"", in: "pantry/item.html", views: views)
        #expect(map.origin(of: "<button type=\"submit\">Edit", in: body) == "_layout/button.html:1 < pantry/item.html:\(edit)", "a partial's line, and the tag that included it")
    }

    /// A sheet's page holds the screen beneath it, drawn apart: those bytes are that screen's lines.
    @Test func theScreenBeneathASheetKeepsItsOwnLines() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let body = try Self.openState("modal:add-item", &browser)
        let map = try Self.map(&browser)
        #expect(map.sha256 == AuditSourceMaps.sha256(Array(body.utf8)))
        let list = try Self.line(of: "<ul class=\"pantry-items\">", in: "pantry/items.html", views: live.views)
        let beneath = try Self.line(of: "{{ underlying.html }}", in: "_layout/app.html", views: live.views)
        #expect(map.origin(of: "<ul class=\"pantry-items\">", in: body) == "pantry/items.html:\(list) < _layout/app.html:\(beneath)")
    }

    @Test func anErrorPageIsMappedAndNothingWithThePrototypeOff() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        _ = try Self.openState("screen:items", &browser)
        try browser.open("/pantry/no-such-screen")
        #expect(browser.last.status == 404)
        let map = try Self.map(&browser)
        #expect(map.sha256 == AuditSourceMaps.sha256(Array(browser.last.body.utf8)))
        #expect(map.entries.contains { $0.file == "_layout/error.html" })
        var stranger = LiveBrowser(live)
        #expect(try stranger.request("GET", "/pantry/_audit/source-map", referer: nil).status == 404, "no session, no map")
        try live.restart(prototype: false)
        #expect(try browser.request("GET", "/pantry/_audit/source-map", referer: nil).status == 404, "not mounted with the prototype off")
        _ = try browser.open("/pantry/items")
        #expect(try browser.request("GET", "/pantry/_audit/source-map", referer: nil).status == 404)
    }
}
