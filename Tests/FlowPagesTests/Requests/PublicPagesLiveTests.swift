import FlowPages
import FlowPagesTestSupport
import FlowStore
import Foundation
import Testing

/// A stranger's public page (issue 50): SUMA Finance and Reality Portal served on their own
/// hosts with the prototype off, as deep links' fallback pages are — the same bytes for every
/// visitor without a session, which a shared cache may keep; everything of a person's stays
/// `private, no-store`; posts without a token guarded by Fetch Metadata and `Origin`.
@Suite struct PublicPagesLiveTests {
    static let hosts = ["suma.finance": "suma-finance", "realityportal.cz": "reality-portal"]
    static let cache = PublicCache(maxAge: 60, sharedMaxAge: 120, staleWhileRevalidate: 30)

    static func served(prototype: Bool = false, cache: PublicCache? = Self.cache) throws -> LiveApp {
        try LiveApp(appHosts: hosts, prototype: prototype, publicCache: cache)
    }

    /// A SUMA Finance account whose password is `password123` (with the prototype off there are
    /// no fixture accounts).
    static func person(_ email: String, in app: LiveApp) throws {
        let hash = try LiveApp.hasher.hash("password123")
        _ = try app.store.transaction { transaction in
            try transaction.accounts.create(app: "suma-finance", email: email, passwordHash: hash, profile: ["fullName": "Ada Lovelace"], verified: true,
                                            isFixture: false, mailbox: nil, now: Int64(Date().timeIntervalSince1970 * 1000))
        }
    }

    /// Signs `browser` in as `email` from SUMA Finance's Login.
    static func signIn(_ browser: inout LiveBrowser, as email: String) throws {
        try browser.open("/auth/login")
        try browser.press("Log In", filling: ["Email address": email, "Password": "password123"])
        if browser.page.heading == "Biometric Enrollment" { try browser.press("Skip") }
    }

    @Test func strangersGetTheSameCacheableBytesWithNoCookieAndNoToken() throws {
        let app = try Self.served()
        var first = LiveBrowser(app, host: "suma.finance")
        var second = LiveBrowser(app, host: "suma.finance")
        let one = try first.request("GET", "/auth/register", referer: nil)
        let two = try second.request("GET", "/auth/register", referer: nil)
        #expect(one.status == 200 && one.body == two.body, "every stranger gets the same bytes")
        #expect(one.header("Cache-Control") == "public, max-age=60, s-maxage=120, stale-while-revalidate=30")
        #expect(one.header("Set-Cookie") == nil && first.cookies.isEmpty, "no session is started by reading")
        #expect(!one.body.contains("name=\"csrf\""), "no per-visitor token")
        let tag = try #require(one.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag == two.header("ETag"))
        let again = try first.request("GET", "/auth/register", referer: nil, extra: [("If-None-Match", tag)])
        #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == tag && again.header("Cache-Control") == one.header("Cache-Control"))
        #expect(try app.data.sessionCount() == 0)
    }

    @Test func theBannerVariesByPlatformAndSaysSo() throws {
        let app = try Self.served()
        var bodies: [String: String] = [:]
        // SUMA Finance's Login is a deep link's page, with the banner.
        for (platform, agent) in [("android", "Mozilla/5.0 (Linux; Android 14; Pixel 8)"), ("ios", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"),
                                  ("other", "Mozilla/5.0 (X11; Linux x86_64)"), ("robot", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)")] {
            var visitor = LiveBrowser(app, host: "suma.finance")
            let page = try visitor.request("GET", "/auth/login", referer: nil, extra: [("User-Agent", agent)])
            #expect(page.status == 200 && page.header("Cache-Control")?.hasPrefix("public") == true, "\(platform)")
            #expect(page.header("Vary") == "User-Agent", "\(platform)")
            bodies[platform] = page.body
        }
        #expect(Set(bodies.values).count == 4, "each platform's banner is its own, and a robot's page has none, yet says it varies")
        #expect(bodies["robot"]?.contains("class=\"app-banner\"") == false)
        #expect(bodies["android"]?.contains("intent:") == true)
    }

    @Test(arguments: [
        ("suma.finance", "/auth/verify-email?token=abc123&email=test%40example.com", "a private parameter in the address"),
        ("realityportal.cz", "/search/results?query=apart%6Dent", "a query not written as the app writes it"),
        ("realityportal.cz", "/search/results?query=apartment&query=house", "a query not written as the app writes it"),
        ("127.0.0.1", "/suma-finance/auth/register", "an origin not configured"),
        ("evil.example", "/suma-finance/auth/register", "an origin not configured"),
    ])
    func whatCannotBeSharedStaysPrivate(host: String, target: String, why: String) throws {
        let app = try Self.served()
        var visitor = LiveBrowser(app, host: host == "127.0.0.1" ? nil : host)
        let page = try visitor.request("GET", target, referer: nil)
        #expect(page.status == 200, "\(why)")
        #expect(page.header("Cache-Control") == "no-store" && page.header("ETag") == nil, "\(why)")
    }

    @Test func aForgedForwardedHostChangesNothingOfThePage() throws {
        let app = try Self.served()
        var visitor = LiveBrowser(app, host: "suma.finance")
        let plain = try visitor.request("GET", "/auth/register", referer: nil)
        let forged = try visitor.request("GET", "/auth/register", referer: nil, extra: [("X-Forwarded-Host", "evil.example")])
        #expect(!forged.body.contains("evil.example"), "no absolute URL from a client's header")
        #expect(forged.body == plain.body && forged.header("ETag") == plain.header("ETag"), "the same page, whoever names another host")
    }

    @Test func aPostFromAPublicPageStartsASessionWhosePagesArePrivate() throws {
        let app = try Self.served()
        try Self.person("ada@example.com", in: app)
        var visitor = LiveBrowser(app, host: "suma.finance")
        try visitor.open("/auth/login")
        #expect(visitor.last.header("Cache-Control")?.hasPrefix("public") == true)
        try visitor.press("Log In", filling: ["Email address": "ada@example.com", "Password": "password123"])
        if visitor.page.heading == "Biometric Enrollment" { try visitor.press("Skip") }
        #expect(visitor.page.heading == "Home" && visitor.cookies["fp_suma-finance"] != nil, "signed in: the post started a session")
        #expect(visitor.last.header("Cache-Control") == "no-store" && visitor.last.body.contains("name=\"csrf\""))
        let settings = try visitor.request("GET", "/profile", referer: nil)
        #expect(settings.status == 200 && settings.header("Cache-Control") == "no-store", "a session's page is its own, whatever it shows")
    }

    @Test(arguments: [
        [("Sec-Fetch-Site", "cross-site")], [("Sec-Fetch-Site", "same-site")], [("Origin", "https://evil.example")],
        [("Sec-Fetch-Site", "cross-site"), ("Origin", "http://suma.finance")],
    ])
    func aPostFromAnotherSiteIsRefusedAndWritesNothing(headers: [(String, String)]) throws {
        let app = try Self.served()
        try Self.person("ada@example.com", in: app)
        // A stranger's sign-in (login CSRF) and a signed-in person's post alike.
        var stranger = LiveBrowser(app, host: "suma.finance")
        let refused = try stranger.request("POST", "/_action/log-in", referer: nil,
                                           body: "screen=%2Fauth%2Flogin&form=login&email=ada%40example.com&password=password123", extra: headers)
        #expect(refused.status == 403 && stranger.cookies.isEmpty)
        #expect(try app.data.sessionCount() == 0, "nothing written")

        var person = LiveBrowser(app, host: "suma.finance")
        try Self.signIn(&person, as: "ada@example.com")
        #expect(person.page.heading == "Home")
        try person.open("/profile")
        let token = person.hidden("csrf")
        #expect(!token.isEmpty)
        let sessions = try app.data.sessionCount()
        let version = try #require(person.cookies["fp_suma-finance"])
        let post = try person.request("POST", "/_action/log-out", referer: nil, body: "csrf=\(token)&screen=%2Fprofile", extra: headers)
        #expect(post.status == 403 && person.cookies["fp_suma-finance"] == version)
        #expect(try app.data.sessionCount() == sessions)
    }

    @Test func withThePrototypeOnOrPublicPagesOffEveryPageIsPrivate() throws {
        for app in [try Self.served(prototype: true), try Self.served(cache: nil)] {
            var visitor = LiveBrowser(app, host: "suma.finance")
            let page = try visitor.request("GET", "/auth/register", referer: nil)
            #expect(page.header("Cache-Control") == "no-store" && page.header("Set-Cookie") != nil)
        }
    }

    /// A public page's views are counted by its beacon, on every view of every copy, and no
    /// longer by its GET (which a cache answers once for many).
    @Test func aPublicPagesViewsAreCountedByItsBeacon() throws {
        let app = try Self.served()
        var visitor = LiveBrowser(app, host: "suma.finance")
        let page = try visitor.request("GET", "/auth/login", referer: nil)
        let beacon = try #require(HTMLPage(page.body).root.elements("img").first { $0["class"] == "beacon" }?["src"])
        // Login is a deep link's page: its arrival is counted as the link's, and its banner as shown.
        #expect(beacon == "/_seen?pattern=%2Fauth%2Flogin&kind=deep_link_opened&kind=deep_link_success&kind=deep_link_fallback%3Abanner_shown")
        #expect(try AppBannerTests.bannersShown(app) == 0, "the GET counts nothing itself")
        for _ in 0..<3 {
            let seen = try visitor.request("GET", beacon, referer: "/auth/login")
            #expect(seen.status == 200 && seen.header("Content-Type") == "image/gif" && seen.header("Cache-Control") == "no-store")
        }
        #expect(try AppBannerTests.bannersShown(app) == 3)
        for forged in ["/_seen?pattern=%2Fnowhere&kind=deep_link_fallback%3Abanner_shown", "/_seen?pattern=%2Fauth%2Flogin&kind=anything",
                       "/_seen?pattern=%2Fauth%2Flogin"] {
            #expect(try visitor.request("GET", forged, referer: nil).status == 400, "\(forged)")
        }
        let repeated = "/_seen?pattern=%2Fauth%2Flogin" + String(repeating: "&kind=deep_link_fallback%3Abanner_shown", count: 20)
        #expect(try visitor.request("GET", repeated, referer: nil).status == 200)
        #expect(try AppBannerTests.bannersShown(app) == 4 && visitor.cookies.isEmpty, "a kind named twenty times is counted once")
    }
}
