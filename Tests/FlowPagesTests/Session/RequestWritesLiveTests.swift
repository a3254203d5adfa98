import FlowPagesTestSupport
import FlowStore
import HTTPServer
import Testing

/// What a request writes (issue 35): every write transaction the store is asked for, whoever asks,
/// counted around each request — SQLite, or PostgreSQL when the suite runs there. A screen GET
/// writes at most once, and not at all when the screen it shows and the one-shot notices it
/// clears are as stored; a post writes once (a sign-in may count its attempt first: twice).
@Suite struct RequestWritesLiveTests {
    /// The writes `body` causes.
    static func writes(_ app: LiveApp, _ body: () throws -> Void) rethrows -> Int {
        let before = app.data.writes
        try body()
        return app.data.writes - before
    }

    @Test func aScreenGETWritesOnlyWhatItChangesAndAPostOnce() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        #expect(try Self.writes(app) { try browser.open("/swiftuiflow-demo/") } == 0, "a visitor writes nothing")
        #expect(try Self.writes(app) { try browser.press("Log In") } <= 2, "a sign-in: its attempt, then the post with its page")
        #expect(try Self.writes(app) { try browser.reload() } == 0, "the same screen again")
        #expect(try Self.writes(app) { try browser.press("Push Light Red") } == 1, "the post; the page it leads to writes nothing")
        #expect(try Self.writes(app) { try browser.open("/swiftuiflow-demo/red/lighter") } == 1, "a typed address moves the screen: once")
        #expect(try Self.writes(app) { try browser.goBack() } == 1, "the browser's Back moves it back: once")
        #expect(try Self.writes(app) { try browser.reload() } == 0)
        #expect(try Self.writes(app) { try browser.press("Back to Red") } == 1)
        #expect(try Self.writes(app) { try browser.press("Open a Medium Sheet") } == 1)
        #expect(try Self.writes(app) { try browser.reload() } == 0, "a sheet drawn over the screen beneath reads it, writes nothing")
        #expect(try Self.writes(app) { try browser.press("Close") } == 1)
    }

    @Test func aPageThatClearsItsNoticesWritesOnce() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open("/suma-finance/auth/login")
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "wrong"])
        #expect(browser.page.alert != nil, "a refused sign-in says so")
        #expect(try Self.writes(app) { try browser.press("OK") } == 1, "the answer, and the page after it")
        // A form's errors are shown once: the post keeps them, the page shows them and leaves them.
        #expect(try Self.writes(app) { try browser.press("Log In", filling: ["Email address": "", "Password": ""]) } <= 2,
                "the refusal (its attempt counted first), then a page that clears its notices in no write of its own")
        #expect(!browser.page.errors.isEmpty)
        #expect(try Self.writes(app) { try browser.reload() } == 0, "shown once")
        #expect(browser.page.errors.isEmpty)
        // The post's errors still waiting (its 303 not followed) when an address is typed: the
        // move and the clearing are one write.
        let (form, _) = try #require(browser.page.button("Log In"))
        let fields = form.elements("input").compactMap { input in input["name"].map { ($0, input["value"] ?? "") } }
        let body = fields.map { "\(URLEncoding.encode($0.0))=\(URLEncoding.encode($0.1))" }.joined(separator: "&")
        #expect(try browser.request("POST", form["action"] ?? "", referer: browser.url, body: body).status == 303)
        #expect(try Self.writes(app) { try browser.open("/suma-finance/auth/register") } == 1)
        #expect(try Self.writes(app) { try browser.reload() } == 0, "shown once, then nothing is left to clear")
    }

    /// Posts the form of the button `label` with `fields` (by their names) and returns where its
    /// 303 leads, without following it.
    static func postOnly(_ browser: inout LiveBrowser, _ label: String, _ fields: [String: String] = [:]) throws -> String {
        let (form, _) = try #require(browser.page.button(label))
        var values = Dictionary(form.elements("input").compactMap { input in input["name"].map { ($0, input["value"] ?? "") } },
                                uniquingKeysWith: { first, _ in first })
        values.merge(fields) { _, given in given }
        let body = values.map { "\(URLEncoding.encode($0.key))=\(URLEncoding.encode($0.value))" }.joined(separator: "&")
        let response = try browser.request("POST", form["action"] ?? "", referer: browser.url, body: body)
        #expect(response.status == 303, "\(label): \(response.status)")
        return response.header("Location") ?? ""
    }

    @Test func aPostHeldForUnsavedChangesWritesOnce() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try CoinWalkTests.openCanvas(&browser)
        #expect(try Self.writes(app) { try browser.press("Close", filling: ["COIN name": "Renamed COIN"]) } == 1,
                "the state that asks first, in the one commit; the page that asks writes nothing")
        #expect(CoinWalkTests.alert(browser.page) == CoinWalkTests.alertTitle)
    }

    @Test func aPostWithItsEffectsWritesOnce() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(RealityPortalWalkTests.entry)
        try browser.click("Sunny Loft with Terrace")
        try browser.press("Ask the Agent")
        try RealityPortalWalkTests.logIn(&browser)
        var location = ""
        #expect(try Self.writes(app) { location = try Self.postOnly(&browser, "Send Inquiry", ["message": "Is there a cellar?"]) } == 1,
                "the inquiry, its mail, its events and the session, in one transaction")
        #expect(try Self.writes(app) { try browser.open(location) } == 1, "the page that shows its toast, and clears it")
        #expect(browser.page.toasts == ["Your inquiry was sent. The agent usually replies within a day."])
        #expect(try Self.writes(app) { try browser.reload() } == 0)
    }

    @Test func aLinkOpenedWritesOnceAndAgainNothing() throws {
        let app = try LiveApp()
        var browser = try RealityPortalWalkTests.signedInOnAccount(app)
        let link = "/reality-portal/_open?url=" + "realityportal://listing/1".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(try Self.writes(app) { try browser.open(link) } == 1, "the link's move and its events, then the page it leads to")
        #expect(try Self.writes(app) { try browser.open(link) } == 0, "opened again: counted, not written")
        #expect(try Self.writes(app) { try browser.reload() } == 0)
    }

    @Test func aFallbackPageWithItsBannerWritesNothingShownAgain() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"], prototype: false)
        var browser = LiveBrowser(app, host: "suma.finance")
        try browser.open("/auth/login")
        try browser.press("Log In")
        let agent = [("User-Agent", AppBannerTests.iPhone)]
        #expect(try Self.writes(app) { _ = try browser.request("GET", "/auth/login", referer: nil, extra: agent) } <= 1)
        #expect(try Self.writes(app) { _ = try browser.request("GET", "/auth/login", referer: nil, extra: agent) } == 0,
                "the banner shown again on the same screen is counted in memory, not written")
    }

    /// A response that commits a change of the session changes a cookie (the session's id when
    /// it is new or rotated, else its version), so a browser keeps no page from before it in its
    /// back/forward cache and its Back asks the server; one that changes nothing sets none.
    @Test func everyCommittedChangeChangesACookieAndNothingElseDoes() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open("/swiftuiflow-demo/")
        try browser.press("Log In")
        let signedIn = browser.cookies
        try browser.press("Push Light Red")
        #expect(browser.cookies["fp_swiftuiflow-demo_v"] != nil && browser.cookies != signedIn)
        let pushed = browser.cookies
        let again = try browser.request("GET", browser.url, referer: browser.url)
        #expect(again.status == 200 && again.header("Set-Cookie") == nil, "the same page again: no cookie")
        try browser.goBack()
        #expect(browser.page.heading == "Red" && browser.cookies["fp_swiftuiflow-demo_v"] != pushed["fp_swiftuiflow-demo_v"])
    }
}
