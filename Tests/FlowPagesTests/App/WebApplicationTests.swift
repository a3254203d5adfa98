import FlowDefinition
@testable import FlowPages
import Foundation
import HTTPServer

import Testing
import FlowPagesTestSupport

/// The web model of DECISIONS.md, through the router with a cookie jar: screen GETs navigate,
/// posts are checked and answered 303, stale posts reconcile or are refused, sessions persist.
@Suite struct WebApplicationTests {
    /// A browser: keeps the app's cookie and the last page's form fields.
    struct Browser {
        let router: Router
        var cookies: [String: String] = [:]
        var origin = "http://localhost"

        mutating func send(_ method: HTTPMethod, _ target: String, form: [String: String] = [:], headers: [(String, String)] = []) throws -> HTTPResponse {
            var fields = headers + [("Host", "localhost")]
            if !cookies.isEmpty { fields.append(("Cookie", cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))) }
            var body: [UInt8] = []
            if method == .post {
                fields.append(("Content-Type", "application/x-www-form-urlencoded"))
                fields.append(("Origin", origin))
                body = Array(form.map { "\(URLEncoding.encode($0.key))=\(URLEncoding.encode($0.value))" }.joined(separator: "&").utf8)
            }
            let response = router.respond(to: try HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: body))
            for value in response.headers.values("Set-Cookie") {
                let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                cookies[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
            }
            return response
        }

        mutating func get(_ target: String) throws -> HTTPResponse { try send(.get, target) }

        /// Follows redirects like a browser, returning the final page and its URL.
        mutating func open(_ target: String) throws -> (url: String, page: String) {
            var url = target
            for _ in 0..<5 {
                let response = try get(url)
                guard response.status == .seeOther || response.status == .movedPermanently, let location = response.headers["Location"] else {
                    return (url, String(decoding: response.body, as: UTF8.self))
                }
                url = location
            }
            Issue.record("too many redirects")
            return (url, "")
        }

        /// Posts a form of `page` to `action` with the page's hidden fields, then follows the 303.
        mutating func submit(_ action: String, from page: String, extra: [String: String] = [:]) throws -> (status: HTTPStatus, url: String, page: String) {
            var form = extra
            form["csrf"] = Self.hidden("csrf", in: page)
            form["screen"] = Self.hidden("screen", in: page)
            let response = try send(.post, action, form: form)
            guard response.status == .seeOther, let location = response.headers["Location"] else {
                return (response.status, action, String(decoding: response.body, as: UTF8.self))
            }
            let (url, next) = try open(location)
            return (.seeOther, url, next)
        }

        static func hidden(_ name: String, in page: String) -> String? {
            guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
            let rest = page[range.upperBound...]
            return String(rest[..<rest.firstIndex(of: "\"")!]).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// An app whose first screen has the app's root URL: its entry shows that screen instead of
    /// redirecting to itself for ever (as imported Android graphs did).
    @Test func anAppWhoseFirstScreenIsAtTheRootServesItAtItsEntry() throws {
        let (web, _) = try Self.makeApplication(rootedLogin: true)
        var browser = Browser(router: web.router)
        let response = try browser.get("/suma/")
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self).contains("<title>Login"))
        // Posts and their redirects come back to it.
        let (_, login) = try browser.open("/suma/")
        let (_, register) = try browser.open("/suma/auth/register")
        #expect(try browser.submit("/suma/_back", from: register).url == "/suma/")
        #expect(Browser.hidden("screen", in: login) == "/suma/")
    }

    static func makeApplication(data: TestStore? = nil, rootedLogin: Bool = false) throws -> (WebApplication, TestStore) {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        let layout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Views/_layout")
        try FileManager.default.createDirectory(at: views.appendingPathComponent("suma"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: layout, to: views.appendingPathComponent("_layout"))
        let app = PageModelTests.app.replacingOccurrences(of: "<sign-in ", with: """
            <link-scheme name="sumatest"/>
            <sign-in 
            """).replacingOccurrences(of: "owner=\"auth\" step=\"1 of 3\"/>", with: "owner=\"auth\" step=\"1 of 3\" deep-link=\"true\"/>")
            .replacingOccurrences(of: "path=\"/auth/login\"", with: rootedLogin ? "path=\"/\"" : "path=\"/auth/login\"")
            .replacingOccurrences(of: "<actions>", with: """
            <actions>
            <action id="create-account"><navigate route="register"/></action>
            <action id="next"><navigate route="personal-info"/></action>
            <action id="cancel"><navigate route="login"/></action>
            """)
        try Data(app.utf8).write(to: views.appendingPathComponent("suma/app.xml"))
        for name in ["login", "register", "personal-info", "terms", "home", "profile"] {
            // Every screen offers the actions the tests post: one a page does not offer is refused.
            let buttons = ["create-account", "next", "cancel"].map { "{{> _layout/button action=actions.\($0) label=\"\($0)\"}}" }.joined()
            let screen = "{{extends \"_layout/app\"}}{{#block \"content\"}}<p>The \(name) screen.</p>\(buttons){{/block}}"
            try Data(screen.utf8).write(to: views.appendingPathComponent("suma/\(name).html"))
        }
        let publicFolder = views.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        let data = try data?.reopened() ?? TestStore.fresh("web")
        return (try WebApplication(views: views.path, publicFolder: publicFolder.path, store: data.store), data)
    }

    @Test func theEntryShowsTheStartAndSetsASessionCookie() throws {
        let (web, _) = try Self.makeApplication()
        var browser = Browser(router: web.router)
        let entry = try browser.get("/suma/")
        #expect(entry.status == .seeOther && entry.headers["Location"] == "/suma/auth/login")
        let cookie = try #require(entry.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("fp_suma=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
        let login = try browser.get("/suma/auth/login")
        #expect(login.status == .ok && login.headers["Cache-Control"] == "no-store")
        #expect(String(decoding: login.body, as: UTF8.self).contains("<title>Login – SUMA Finance</title>"))
        let index = String(decoding: try browser.get("/").body, as: UTF8.self)
        #expect(index.contains("<a href=\"/suma/\">SUMA Finance</a>"))
    }

    @Test func screenGETsNavigateAndPostsAnswer303() throws {
        let (web, _) = try Self.makeApplication()
        var browser = Browser(router: web.router)
        _ = try browser.open("/suma/")
        let (_, register) = try browser.open("/suma/auth/register")
        #expect(register.contains("Back<span class=\"visually-hidden\"> to Login</span>"))
        let next = try browser.submit("/suma/_action/next", from: register)
        #expect(next.status == .seeOther && next.url == "/suma/auth/register/personal-info")
        #expect(next.page.contains("aria-label=\"Current location: Login, then Register, then Personal Info\""))
        let back = try browser.submit("/suma/_back", from: next.page)
        #expect(back.url == "/suma/auth/register")
        // The browser's Back: a GET of an earlier screen pops the server's stack too.
        _ = try browser.submit("/suma/_action/next", from: back.page)
        let (url, page) = try browser.open("/suma/auth/login")
        #expect(url == "/suma/auth/login" && !page.contains("class=\"back\""))
    }

    @Test func aGuardedScreenWhileSignedOutRedirectsToSignIn() throws {
        let (web, _) = try Self.makeApplication()
        var browser = Browser(router: web.router)
        // A visitor not yet stored is shown the sign-in where they asked (FirstVisitLiveTests).
        let (_, start) = try browser.open("/suma/auth/login")
        _ = try browser.submit("/suma/_action/next", from: start)
        let (url, _) = try browser.open("/suma/profile")
        #expect(url == "/suma/auth/login")
    }

    @Test func postsWithoutTheTokenOrFromAnotherSiteAreRefusedAndChangeNothing() throws {
        let (web, database) = try Self.makeApplication()
        var browser = Browser(router: web.router)
        let (_, register) = try browser.open("/suma/auth/register")
        let screen = Browser.hidden("screen", in: register) ?? ""
        #expect(try browser.send(.post, "/suma/_back", form: ["screen": screen]).status == .forbidden)
        #expect(try browser.send(.post, "/suma/_back", form: ["screen": screen, "csrf": "forged"]).status == .forbidden)
        browser.origin = "http://evil.example"
        #expect(try browser.submit("/suma/_back", from: register).status == .forbidden)
        browser.origin = "http://localhost"
        #expect(try browser.send(.post, "/suma/_back", form: ["csrf": Browser.hidden("csrf", in: register) ?? ""], headers: [("Sec-Fetch-Site", "cross-site")]).status == .forbidden)
        // Refused posts write nothing: the visitor still has no session.
        #expect(try Self.sessionCount(database) == 0)
    }

    static func sessionCount(_ data: TestStore) throws -> Int {
        try data.sessionCount()
    }

    @Test func aStalePostIsRefusedWithANoticeAndAnOlderPageStillOnTheStackReconciles() throws {
        let (web, _) = try Self.makeApplication()
        var tabA = Browser(router: web.router)
        let (_, register) = try tabA.open("/suma/auth/register")
        let personal = try tabA.submit("/suma/_action/next", from: register).page
        // Tab B, same session: Cancel back to Login.
        var tabB = tabA
        _ = try tabB.submit("/suma/_action/cancel", from: personal)
        // Tab A still shows Personal Info, which is no longer in the session: refused.
        let stale = try tabA.submit("/suma/_back", from: personal)
        #expect(stale.url == "/suma/auth/login")
        #expect(stale.page.contains("This page was out of date, so nothing was changed."))
        #expect(!stale.page.contains("class=\"back\""))
        // An older page that is still on the stack reconciles first: no duplicate screens.
        let (_, again) = try tabA.open("/suma/auth/register")
        let ahead = try tabA.submit("/suma/_action/next", from: again).page
        let fromRegister = try tabA.submit("/suma/_action/next", from: again)
        #expect(fromRegister.url == "/suma/auth/register/personal-info")
        #expect(fromRegister.page.contains("Current location: Login, then Register, then Personal Info") && ahead.contains("Personal Info"))
    }

    @Test func reloadingChangesNothingAndARestartKeepsTheSession() throws {
        let (web, database) = try Self.makeApplication()
        var browser = Browser(router: web.router)
        let (_, register) = try browser.open("/suma/auth/register")
        // The first post stores the session.
        #expect(try browser.submit("/suma/_action/next", from: register).url == "/suma/auth/register/personal-info")
        let before = try database.store.read { try $0.events.events(app: "suma", from: 0, to: Int64.max) }.count
        for _ in 0..<3 { #expect(try browser.get("/suma/auth/register/personal-info").status == .ok) }
        #expect(try database.store.read { try $0.events.events(app: "suma", from: 0, to: Int64.max) }.count == before)
        let (restarted, _) = try Self.makeApplication(data: database)
        var same = Browser(router: restarted.router, cookies: browser.cookies)
        let (url, page) = try same.open("/suma/")
        #expect(url == "/suma/auth/register/personal-info" && page.contains("Back<span class=\"visually-hidden\"> to Create Account</span>"))
    }

    /// A visitor without a session cookie writes nothing, however many screens and deep links
    /// they open (a crawler, a link preview): screens are worked out in memory, deep links are
    /// counted per link pattern and day and written in batches.
    @Test func visitorsWithoutASessionWriteNothingUntilTheyPost() throws {
        let (web, database) = try Self.makeApplication()
        let eventsBefore = try database.store.read { try $0.events.events(app: "suma", from: 0, to: Int64.max) }.count
        // Each opens the link twice: typed, and by the opener, whose redirect lands on it.
        for _ in 0..<3 {
            var crawler = Browser(router: web.router)
            #expect(try crawler.open("/suma/auth/register").url == "/suma/auth/register")
            _ = try crawler.send(.head, "/suma/auth/register")
            _ = try crawler.open("/_open?url=" + URLEncoding.encode("sumatest://auth/register"))
            _ = try crawler.open("/_open?url=" + URLEncoding.encode("sumatest://auth/nowhere"))
        }
        #expect(try Self.sessionCount(database) == 0)
        #expect(try database.store.read { try $0.events.events(app: "suma", from: 0, to: Int64.max) }.count == eventsBefore)
        #expect(try database.store.read { try $0.linkCounts.counts(app: "suma") }.isEmpty)
        try web.linkCounters.flush()
        let counts = try database.store.read { try $0.linkCounts.counts(app: "suma") }.map { "\($0.pattern) \($0.kind) \($0.count)" }
        #expect(counts.sorted() == ["(unknown) deep_link_failure 3", "(unknown) deep_link_opened 3", "/auth/register deep_link_opened 6", "/auth/register deep_link_success 6"])
        // The first post stores the session, reconciled to the screen it was made on.
        var visitor = Browser(router: web.router)
        let (_, register) = try visitor.open("/suma/auth/register")
        #expect(try Self.sessionCount(database) == 0)
        #expect(try visitor.submit("/suma/_action/next", from: register).url == "/suma/auth/register/personal-info")
        #expect(try Self.sessionCount(database) == 1)
    }

    @Test func twoCookieJarsNeverSeeEachOthersState() throws {
        let (web, _) = try Self.makeApplication()
        var first = Browser(router: web.router)
        var second = Browser(router: web.router)
        _ = try first.open("/suma/auth/register")
        let (url, _) = try second.open("/suma/")
        #expect(url == "/suma/auth/login")
    }
}
