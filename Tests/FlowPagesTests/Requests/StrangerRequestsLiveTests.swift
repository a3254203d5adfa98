@testable import FlowPages
import FlowPagesTestSupport
import FlowStore
import Foundation
import Testing

/// What a stranger's GETs may cost: nothing stored that a flood can multiply, no data changed
/// from another site, no prototype reached under a name that is not its own (DECISIONS, "A GET
/// is safe for strangers").
@Suite struct StrangerRequestsLiveTests {
    typealias Walk = SUMAFinanceWalkTests

    /// Rows a flood could grow.
    private static func rows(_ app: LiveApp) throws -> [String: Int] {
        try Dictionary(uniqueKeysWithValues: ["sessions", "events", "deferred_links", "link_counts"].map { ($0, try app.data.rowCount($0)) })
    }

    @Test func getsOfEveryKindStoreNoSessionAndNoEventBeyondAChangeOfScreen() throws {
        let app = try LiveApp()
        var member = LiveBrowser(app)
        try member.open("/suma-finance/")
        try member.press("Skip")
        let memberCookie = try #require(member.cookies["fp_suma-finance"])
        try app.flushLinkCounts()
        let before = try Self.rows(app)
        let longLink = "/suma-finance/_open?url=" + String(repeating: "x", count: 7_000)
        let paths = ["/suma-finance/", "/suma-finance/auth/login", "/reality-portal/listing/123", "/reality-portal/search", longLink,
                     "/suma-finance/_open?url=sumafinance%3A%2F%2Fauth%2Freset-password%3Ftoken%3Dabc123"]
        let cookies: [String?] = [nil, "fp_suma-finance=x; fp_reality-portal=x", "fp_suma-finance=" + Secret.token(), "fp_suma-finance=" + memberCookie]
        for _ in 0..<10 {
            for path in paths {
                for cookie in cookies {
                    for site in ["same-origin", "none", "cross-site"] {
                        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nConnection: close\r\nSec-Fetch-Site: \(site)\r\n"
                        if let cookie { head += "Cookie: \(cookie)\r\n" }
                        let response = try LiveBrowser.exchange(Array((head + "\r\n").utf8), port: app.port)
                        #expect([200, 303, 400, 404].contains(response.status), "\(path): \(response.status)")
                    }
                }
            }
        }
        try app.flushLinkCounts()
        let after = try Self.rows(app)
        #expect(after["sessions"] == before["sessions"], "no session for a GET")
        #expect(after["deferred_links"] == before["deferred_links"], "no claim code for a GET")
        // The member's session moves between a few screens; its events are those changes, not one per GET.
        #expect(after["events"]! - before["events"]! < 40, "events: \(before["events"]!) → \(after["events"]!)")
        #expect(after["link_counts"]! - before["link_counts"]! <= 12, "counters: one row per link pattern, kind and day")
        let longest = try app.store.read { try $0.events.events(session: member.cookies["fp_suma-finance"] ?? memberCookie) }.compactMap(\.link).map(\.utf8.count).max() ?? 0
        #expect(longest <= StoredEvent.linkLimit, "a link is kept to \(StoredEvent.linkLimit) bytes, not \(longest)")
    }

    @Test func aLinkFromAnotherSiteOpensAnInquiryWithoutMarkingItRead() throws {
        let app = try LiveApp()
        var browser = try RealityPortalWalkTests.signedInOnAccount(app)
        #expect(browser.page.tabs.labels[3] == "Inquiries tab, 1 unread")
        let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        for (site, referer) in [("cross-site", "https://evil.example/"), ("same-site", "https://evil.example/"), (nil, "https://evil.example/page")] {
            var head = "GET /reality-portal/inquiries/1 HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nConnection: close\r\nCookie: \(cookie)\r\nReferer: \(referer)\r\n"
            if let site { head += "Sec-Fetch-Site: \(site)\r\n" }
            let response = try LiveBrowser.exchange(Array((head + "\r\n").utf8), port: app.port)
            let page = HTMLPage(response.body)
            #expect(page.heading == "Inquiry about Family House with Garden", "the link still opens the inquiry")
            #expect(page.tabs.labels[3] == "Inquiries tab, 1 unread", "\(site ?? "no Fetch Metadata"), Referer \(referer): still unread")
            try browser.open("/reality-portal/")
            try browser.selectTab("search")
        }
        // Typed or bookmarked, it is the person's own navigation: read.
        try browser.open("/reality-portal/inquiries/1")
        #expect(!browser.page.tabs.labels.contains { $0.contains("unread") })
    }

    @Test func aPrototypeAnswersOnlyToItsOwnNames() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], publicOrigins: ["https://proto.example.com"])
        for (host, status) in [("evil.example", 421), ("127.0.0.1", 200), ("localhost", 200), ("app.localhost", 200), ("[::1]", 200),
                               ("proto.example.com", 200), ("suma.finance", 200), ("127.0.0.1.evil.example", 421)] {
            var browser = LiveBrowser(app, host: "\(host):\(app.port)")
            try browser.open(host == "suma.finance" ? "/_mailbox" : "/suma-finance/_mailbox")
            #expect(browser.last.status == status, "Host: \(host)")
        }
        // RFC 9112 §3.2.2: an absolute-form target names the host; the Host field is ignored.
        for (target, host, status) in [("http://evil.example/suma-finance/_mailbox", "127.0.0.1:\(app.port)", 421),
                                       ("http://localhost:\(app.port)/suma-finance/_mailbox", "evil.example", 200),
                                       ("/suma-finance/_mailbox", "[::1].evil.example", 400)] {
            let head = "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
            #expect(try LiveBrowser.exchange(Array(head.utf8), port: app.port).status == status, "GET \(target), Host: \(host)")
        }
        let real = try LiveApp(prototype: false)
        var browser = LiveBrowser(real, host: "www.suma.example")
        try browser.open("/suma-finance/auth/login")
        #expect(browser.last.status == 200, "serving real people, any name its proxy passes on")
    }

    @Test func anAppsOwnLinkOpenerKeepsItsLinkOutOfReferers() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open("/suma-finance/_open?url=sumafinance%3A%2F%2Fauth%2Freset-password%3Ftoken%3Dabc123")
        let response = try LiveBrowser.exchange(Array("GET /suma-finance/_open?url=sumafinance%3A%2F%2Fauth%2Flogin HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nConnection: close\r\n\r\n".utf8), port: app.port)
        #expect(response.header("Referrer-Policy") == "no-referrer")
    }

    @Test func aTokenIsCheckedWhateverFetchMetadataSays() throws {
        let app = try LiveApp()
        let first = try Walk.atLogin(app)
        var second = try Walk.atLogin(app)
        let stored = try app.data.sessionStates()
        let screen = "screen=%2Fsuma-finance%2Fauth%2Flogin"
        // A forged token, and the first session's own token posted with the second's cookie,
        // each while the browser vouches for the post's origin.
        for token in ["forged", first.hidden("csrf")] {
            let response = try second.request("POST", "/suma-finance/_action/create-account", referer: "/suma-finance/auth/login",
                                              body: "csrf=\(token)&" + screen, extra: [("Sec-Fetch-Site", "same-origin")])
            #expect(response.status == 403, "token \(token.prefix(8))…")
        }
        #expect(try app.data.sessionStates() == stored, "nothing changed")
        try second.open("/suma-finance/")
        #expect(second.page.heading == "Login" && second.page.back == nil)
    }
}
