@testable import FlowPages
import FlowPagesTestSupport
import FlowStore
import Foundation
import HTTPServer
import Testing

/// A deep link's web fallback as a person without the app meets it: SUMA Finance on its own host
/// with the prototype off, as it serves real people.
@Suite struct AppBannerTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36"

    /// A reset link with a real token, as the forgot-password mail carries it.
    static func resetLink(_ app: LiveApp) throws -> String {
        let token = try app.store.transaction { transaction in
            let account = try transaction.accounts.create(app: "suma-finance", email: "ada@example.com", passwordHash: "x", mailbox: "ada", now: 0)
            return try transaction.accounts.issue(.linkToken, purpose: "reset-password", accountID: account.id, lifetime: 3_600_000, now: Int64(Date().timeIntervalSince1970 * 1000))
        }
        return "/auth/reset-password?email=ada%40example.com&token=\(token)"
    }

    func page(_ browser: inout LiveBrowser, _ target: String, agent: String) throws -> (LiveBrowser.Response, HTMLPage) {
        let response = try browser.request("GET", target, referer: nil, extra: [("User-Agent", agent)])
        #expect(response.status == 200, "\(target): \(response.status)")
        return (response, HTMLPage(response.body))
    }

    func meta(_ page: HTMLPage) -> [String: String] {
        Dictionary(page.root.elements("meta").compactMap { meta in (meta["property"] ?? meta["name"]).map { ($0, meta["content"] ?? "") } },
                   uniquingKeysWith: { first, _ in first })
    }

    /// A page's absolute addresses follow the host each visitor asked, however many asked the
    /// same screen before under another (the origin and the preview are kept per host).
    @Test func eachHostGetsItsOwnAbsoluteAddresses() throws {
        let app = try LiveApp(prototype: false)
        for (host, extra, origin) in [
            ("a.example", [], "http://a.example"), ("b.example:8080", [], "http://b.example:8080"),
            ("a.example", [("X-Forwarded-Proto", "https")], "https://a.example"),
            ("a.example", [("X-Forwarded-Host", "evil.example")], "http://a.example"),
            ("a.example", [], "http://a.example"),
        ] {
            var browser = LiveBrowser(app, host: host)
            let response = try browser.request("GET", "/suma-finance/auth/login", referer: nil, extra: [("User-Agent", Self.desktop)] + extra)
            #expect(response.status == 200)
            let previews = meta(HTMLPage(response.body))
            #expect(previews["og:url"] == origin + "/suma-finance/auth/login", "\(host) \(extra)")
            #expect(previews["og:image"] == origin + "/suma-finance/_preview.png", "\(host) \(extra)")
        }
    }

    @Test func aFallbackPageOffersTheAppInTheFormItsPlatformOpens() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        let link = try Self.resetLink(app)
        let token = String(link.split(separator: "=").last!)

        let (_, iPhone) = try page(&browser, link, agent: Self.iPhone)
        #expect(iPhone.heading == "New Password")
        #expect(meta(iPhone)["apple-itunes-app"] == "app-id=1234567890, app-argument=https://suma.finance\(link)", "Safari's banner carries the exact link")
        let banner = try #require(iPhone.root.all.first { $0.name == "aside" && $0.hasClass("app-banner") })
        let heading = try #require(banner.elements("h2").first)
        #expect(banner["aria-labelledby"] == heading["id"] && heading.content == "Get the SUMA Finance app", "a landmark with a name")
        let links = banner.elements("a").map { ($0.content, $0["href"] ?? "") }
        #expect(links.map(\.0) == ["Open in the app", "Download on the App Store"])
        #expect(links.first?.1 == "sumafinance:/\(link)", "the custom-scheme form of the same link")
        #expect(banner.elements("button").map(\.content) == ["Not now"], "a link holding a token is never kept for a claim")
        #expect(!banner.all.contains { $0.hasClass("claim-code") }, "a code only for a person who asks for one")

        let (_, android) = try page(&browser, link, agent: Self.android)
        let intent = try #require(android.root.elements("a").first { $0.content == "Open in the app" }?["href"])
        #expect(intent == "intent:/\(link)#Intent;scheme=sumafinance;package=com.suma.finance;"
            + "S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dcom.suma.finance;end")
        #expect(android.root.all.contains { $0.content == "Get it on Google Play" } && !android.root.all.contains { $0.content == "Download on the App Store" })

        let (_, desktop) = try page(&browser, link, agent: Self.desktop)
        #expect(desktop.root.all.contains { $0.name == "figcaption" && $0.content == "Scan to open on your phone" })
        #expect(desktop.root.elements("a").map(\.content) == ["Skip to Main Content", "Download on the App Store", "Get it on Google Play"],
                "no app to open on a desktop: both stores, and the link's QR code")

        // The previews say what the screen is, and nothing of the link's values.
        for page in [iPhone, android, desktop] {
            let previews = meta(page).filter { $0.key.hasPrefix("og:") || $0.key.hasPrefix("twitter:") }
            #expect(previews["og:title"] == "New Password" && previews["og:site_name"] == "SUMA Finance")
            #expect(previews["og:description"] == "Choose a new password for your SUMA Finance account.")
            #expect(previews["og:image"] == "http://suma.finance/_preview.png" && previews["twitter:card"] == "summary_large_image")
            #expect(previews["og:url"] == nil, "a screen with parameters gives no address")
            #expect(!previews.values.contains { $0.contains(token) || $0.contains("ada") }, "\(previews)")
        }
        // A link preview's fetch gets the tags, and no banner or claim code.
        let (_, preview) = try page(&browser, link, agent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)")
        #expect(meta(preview)["og:title"] == "New Password" && !preview.root.all.contains { $0.hasClass("app-banner") })
        let image = try browser.request("GET", "/_preview.png", referer: nil)
        #expect(image.status == 200 && image.header("Content-Type") == "image/png")
    }

    /// DECISIONS: a GET is safe for strangers — no claim code — and a code is minted when the
    /// person asks for the app, never one row per page view.
    @Test func viewingFallbackPagesKeepsNoClaimCode() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var member = LiveBrowser(app, host: "suma.finance")
        try member.open("/auth/login")
        try member.press("Log In")  // a refused sign-in: the visitor now has a stored session
        let session = member.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let link = try Self.resetLink(app)
        let cookies: [String?] = [nil, session, "fp_suma-finance=" + Secret.token()]
        let agents = [Self.iPhone, Self.android, Self.desktop]
        let shownBefore = try Self.bannersShown(app)
        for index in 0..<200 {
            var head = "GET \(index.isMultiple(of: 2) ? link : "/auth/login") HTTP/1.1\r\nHost: suma.finance\r\nConnection: close\r\n"
                + "User-Agent: \(agents[index % agents.count])\r\n"
            if let cookie = cookies[index % cookies.count] { head += "Cookie: \(cookie)\r\n" }
            let response = try LiveBrowser.exchange(Array((head + "\r\n").utf8), port: app.port)
            // A link that holds a token (a reset link) is never kept for a claim: its page offers no code.
            let offers = !index.isMultiple(of: 2)
            #expect(response.status == 200 && response.body.contains("Get a code to continue in the app") == offers, "request \(index): \(response.status)")
        }
        #expect(try app.data.rowCount("deferred_links") == 0, "no claim code for a page view")
        #expect(try Self.bannersShown(app) - shownBefore == 200, "each banner shown is still counted")
    }

    /// The banners counted as shown so far, the counts kept in memory written first.
    static func bannersShown(_ app: LiveApp) throws -> Int {
        try app.flushLinkCounts()
        return try app.store.read { try $0.linkCounts.counts(app: "suma-finance") }.filter { $0.kind == "deep_link_fallback:banner_shown" }.reduce(0) { $0 + $1.count }
    }

    @Test func askingForTheAppGivesOneCodeThePageKeepsUntilItIsClaimed() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        let link = "/auth/register?referral=friend"
        try browser.open(link)
        let (form, button) = try #require(browser.page.button("Get a code to continue in the app"))
        let action = try #require(button["formaction"])
        #expect(action == "/_app-banner/code" && form.elements("input").contains { $0["name"] == "csrf" && $0["value"]?.isEmpty == false },
                "a checked post, as every post is")

        try browser.press("Get a code to continue in the app")
        #expect(browser.page.heading == "Create Account", "back on the page asked from")
        let code = try #require(browser.page.root.all.first { $0.hasClass("claim-code") }?.content)
        #expect(code.count == 9 && code.dropFirst(4).first == "-")
        #expect(browser.page.root.all.contains { $0.name == "svg" && $0.hasClass("qr-code") && $0.elements("title").first?.content.contains(code) == true })
        #expect(browser.page.toasts == ["Your code for the app is \(code)."], "said in the status region")
        #expect(!browser.page.buttons.contains("Get a code to continue in the app"))
        #expect(try app.data.rowCount("deferred_links") == 1)

        try browser.reload()
        #expect(browser.page.root.all.first { $0.hasClass("claim-code") }?.content == code, "the same code on reload")
        #expect(browser.page.toasts.isEmpty)
        // Asked again (a second tab, a double press): the session's live code, not a new one.
        try browser.post(action, ["csrf": browser.hidden("csrf"), "screen": browser.hidden("screen")])
        #expect(browser.page.root.all.first { $0.hasClass("claim-code") }?.content == code)
        #expect(browser.page.toasts == ["Your code for the app is \(code)."])
        #expect(try app.data.rowCount("deferred_links") == 1, "one code minted")
        try browser.open("/auth/login")
        #expect(!browser.page.root.all.contains { $0.hasClass("claim-code") }, "the code is this page's link's")

        let claimed = try browser.request("GET", "/_deferred/\(code.lowercased())", referer: nil)
        #expect(claimed.status == 200 && claimed.header("Cache-Control") == "no-store")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(claimed.body.utf8)) as? [String: String])
        #expect(body["link"] == "sumafinance:/\(link)")
        #expect(body["created"].flatMap { try? Date($0, strategy: .iso8601) } != nil)
        #expect(try browser.request("GET", "/_deferred/\(code)", referer: nil).status == 404, "a second claim")

        try app.flushLinkCounts()
        let counts = try app.store.read { try $0.linkCounts.counts(app: "suma-finance") }.filter { $0.pattern == "/auth/register" }
        #expect(counts.first { $0.kind == "deep_link_fallback:code_given" }?.count == 1)
        #expect(counts.first { $0.kind == "deep_link_fallback:code_claimed" }?.count == 1)
        let events = try app.events().filter { $0.kind == "deep_link_fallback" }
        #expect(events.filter { $0.outcome == "code_given" }.count == 2, "each press in the session's log: \(events.map { $0.outcome ?? "" })")
    }

    @Test func aLinkHoldingATokenIsNeverKeptForAClaim() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        let link = try Self.resetLink(app)
        try browser.open(link)
        #expect(browser.page.heading == "New Password" && browser.page.button("Get a code to continue in the app") == nil)
        try browser.post("/_app-banner/code", ["csrf": browser.hidden("csrf"), "screen": link])
        #expect(try app.data.rowCount("deferred_links") == 0, "a posted ask keeps no link with its token either")
    }

    @Test func aCodeIsGivenOnlyToAPostFromThePage() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        try browser.open("/auth/login")
        let (form, _) = try #require(browser.page.button("Get a code to continue in the app"))
        let csrf = try #require(form.elements("input").first { $0["name"] == "csrf" }?["value"])
        let body = "csrf=\(URLEncoding.encode(csrf))&screen=%2Fauth%2Flogin"
        #expect(try browser.request("POST", "/_app-banner/code", referer: nil, body: body, extra: [("Origin", "https://evil.example")]).status == 403)
        #expect(try browser.request("POST", "/_app-banner/code", referer: nil, body: "screen=%2Fauth%2Flogin").status == 403, "no token")
        #expect(try app.data.rowCount("deferred_links") == 0 && app.data.rowCount("sessions") == 0)
        // Dismissed, the banner offers nothing: a post made before that is out of date.
        try browser.press("Not now")
        #expect(try browser.request("POST", "/_app-banner/code", referer: nil, body: body).status == 303)
        #expect(try app.data.rowCount("deferred_links") == 0)
    }

    @Test func anExpiredOrMalformedCodeNamesNoLink() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        try app.store.transaction { try $0.deferredLinks.keep(app: "suma-finance", code: "ABCD1234", link: "sumafinance://auth/login", now: 0, expires: 1) }
        #expect(try browser.request("GET", "/_deferred/ABCD-1234", referer: nil).status == 404, "an expired code")
        #expect(try browser.request("GET", "/_deferred/not-a-code", referer: nil).status == 404)
    }

    @Test func guessingCodesIsCutOff() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        let statuses = try (0..<12).map { index in try browser.request("GET", "/_deferred/AAAA-AA\(10 + index)", referer: nil) }
        #expect(statuses.prefix(10).allSatisfy { $0.status == 404 })
        #expect(statuses.last?.status == 429 && statuses.last?.header("Retry-After").flatMap(Int.init).map { $0 > 0 } == true)
    }

    /// Behind a reverse proxy every request comes from the proxy: with `--trusted-proxy`, the
    /// guesser it forwards for is cut off, not everyone; without it, a forwarded address is the
    /// client's own claim and changes nothing.
    @Test func behindATrustedProxyOnlyTheGuesserIsCutOff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func claims(_ instance: ServeProcess, _ clients: [String]) throws -> [Int] {
            try clients.enumerated().map { index, client in
                let head = "GET /suma-finance/_deferred/AAAA-AA\(10 + index) HTTP/1.1\r\nHost: 127.0.0.1:\(instance.port)\r\n"
                    + "Connection: close\r\nX-Forwarded-For: \(client)\r\n\r\n"
                return try LiveBrowser.exchange(Array(head.utf8), port: instance.port).status
            }
        }
        let guesser = Array(repeating: "203.0.113.7", count: 11)
        let behind = try ServeProcess(database: folder.appendingPathComponent("behind.sqlite").path,
                                      arguments: ["--prototype", "off", "--trusted-proxy", "127.0.0.1"])
        let statuses = try claims(behind, guesser)
        #expect(statuses.prefix(10).allSatisfy { $0 == 404 } && statuses.last == 429, "\(statuses)")
        #expect(try claims(behind, ["198.51.100.2", "2001:db8::1"]) == [404, 404], "others still claim")

        let exposed = try ServeProcess(database: folder.appendingPathComponent("exposed.sqlite").path,
                                       arguments: ["--prototype", "off", "--trusted-proxy", "10.0.0.0/8"])
        let varied = try claims(exposed, (0..<11).map { "198.51.100.\($0)" })
        #expect(varied.prefix(10).allSatisfy { $0 == 404 } && varied.last == 429, "a header from an untrusted peer is not believed: \(varied)")
    }

    @Test func aTrustedProxyMustBeAnAddress() throws {
        let binary = LiveApp.repository.appendingPathComponent(".build/debug/flowpages")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--trusted-proxy", "proxy.internal"]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains("--trusted-proxy takes an IPv4 or IPv6 address or a CIDR block") && text.contains("'proxy.internal'"), "\(text)")
    }

    @Test func dismissingTheBannerIsRememberedForTheSession() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        try browser.open("/auth/login")
        #expect(browser.page.root.all.contains { $0.hasClass("app-banner") })
        try browser.press("Not now")
        #expect(browser.page.heading == "Login" && !browser.page.root.all.contains { $0.hasClass("app-banner") }, "the same screen, without it")
        try browser.open("/auth/register")
        #expect(!browser.page.root.all.contains { $0.hasClass("app-banner") }, "and on the next page")
        #expect(browser.page.root.elements("meta").contains { $0["name"] == "apple-itunes-app" }, "Safari's own banner is Safari's to dismiss")
        #expect(try app.events().contains { $0.kind == "deep_link_fallback" && $0.outcome == "dismissed" })
    }

    @Test func pressesAreCountedByTheBrowsersPingPerLink() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        let (_, page) = try page(&browser, "/auth/login", agent: Self.iPhone)
        let ping = try #require(page.root.elements("a").first { $0.content == "Open in the app" }?["ping"])
        #expect(ping.hasPrefix("http://suma.finance/_app-banner/ping?"), "a ping is an absolute http(s) URL")
        let path = String(ping.dropFirst("http://suma.finance".count))
        #expect(try browser.request("POST", path, referer: nil, extra: [("Ping-To", "sumafinance://auth/login")]).status == 204)
        #expect(try browser.request("POST", path, referer: nil).status == 400, "only a browser's ping")
        try app.flushLinkCounts()
        let counts = try app.store.read { try $0.linkCounts.counts(app: "suma-finance") }.filter { $0.pattern == "/auth/login" }
        #expect(counts.first { $0.kind == "deep_link_fallback:banner_shown" }?.count == 1)
        #expect(counts.first { $0.kind == "deep_link_fallback:open_in_app" }?.count == 1)
    }

    @Test func aPrototypeShowsNoBannerUnlessAsked() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"])
        var browser = LiveBrowser(app, host: "suma.finance")
        let (_, page) = try page(&browser, "/auth/login", agent: Self.iPhone)
        #expect(!page.root.all.contains { $0.hasClass("app-banner") } && !page.root.elements("meta").contains { $0["name"] == "apple-itunes-app" })
        #expect(page.root.elements("meta").contains { $0["property"] == "og:title" }, "previews are there either way")
        #expect(try browser.request("POST", "/_app-banner/ping?outcome=store&pattern=%2Fauth%2Flogin", referer: nil, extra: [("Ping-To", "x")]).status == 404)
    }

    @Test(arguments: [
        ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true),
        ("Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", true),
        ("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", true),
        ("TelegramBot (like TwitterBot)", true),
        ("WhatsApp/2.23.20.0", true),
        ("Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36", false),
        (iPhone, false), (android, false), (desktop, false),
    ])
    func robotsAreToldFromPeople(agent: String, isRobot: Bool) {
        #expect(AppBanner.UserAgent(agent).isRobot == isRobot)
    }

    @Test func aSessionsBannerOutcomesAreItsEventsAndCountedOnce() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        try browser.open("/auth/login")
        try browser.press("Log In")  // a refused sign-in: the visitor now has a session, and the page again
        _ = try browser.request("GET", "/auth/login", referer: nil, extra: [("User-Agent", Self.iPhone)])
        // Logged with a change the page commits anyway (an arrival, a notice cleared); shown again, only counted.
        _ = try browser.request("GET", "/auth/register", referer: nil, extra: [("User-Agent", Self.iPhone)])
        _ = try browser.request("GET", "/auth/register", referer: nil, extra: [("User-Agent", Self.iPhone)])
        try app.flushLinkCounts()
        let events = try app.events().filter { $0.kind == "deep_link_fallback" }
        #expect(events.map(\.outcome) == ["banner_shown", "banner_shown"] && events.map(\.pattern) == ["/auth/login", "/auth/register"],
                "the refusal's page (clearing its notice) and the arrival on Register: \(events)")
        let counts = try app.store.read { try $0.linkCounts.counts(app: "suma-finance") }
        #expect(counts.first { $0.pattern == "/auth/login" && $0.kind == "deep_link_fallback:banner_shown" }?.count == 3,
                "each page shown counted once: one before the session, two in it")
        #expect(counts.first { $0.pattern == "/auth/register" && $0.kind == "deep_link_fallback:banner_shown" }?.count == 2)
        #expect(!counts.contains { $0.kind == "deep_link_fallback" }, "and none of them a link that fell back")
    }
}
