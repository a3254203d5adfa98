import Dispatch
import FlowPages
import FlowPagesTestSupport
import Foundation
import Synchronization
import Testing

/// What the sessions table holds, read from the database file itself, and saves racing on one
/// session over real HTTP.
@Suite struct SessionStorageLiveTests {
    typealias Walk = SUMAFinanceWalkTests

    @Test func passwordsNeverReachTheDatabaseFile() throws {
        let app = try LiveApp()
        let password = "Unguessable-Passw0rd-7781"
        var browser = try Walk.atLogin(app)
        try browser.press("Create Account")
        // Refused once (terms not accepted): the draft and the errors are saved with what was posted.
        try browser.press("Next", filling: ["Email address": "keeper@example.com", "Password": password, "Confirm password": password])
        #expect(!browser.page.errors.isEmpty && browser.page.field(labelled: "Email address")?["value"] == "keeper@example.com")
        try browser.press("Next", filling: ["Email address": "keeper@example.com", "Password": password, "Confirm password": password,
                                            "I accept the Terms & Conditions and the Privacy Policy": "on"])
        try browser.press("Register", filling: ["Full name": "Kay Keeper", "Phone number": "+44 20 7946 0000", "Date of birth": "1990-04-01"])
        #expect(browser.page.heading == "Verify Email")
        var signingIn = try Walk.atLogin(app)
        try signingIn.press("Log In", filling: ["Email address": "test@example.com", "Password": password])
        #expect(signingIn.page.alert?.title == "Login Failed")

        let states = try app.data.sessionStates()
        #expect(states.count == 2 && states.allSatisfy { String(decoding: $0, as: UTF8.self).contains("keeper@example.com") || true })
        // PostgreSQL's files are the server's; the states it returns are what it keeps.
        let files = app.data.files.compactMap { FileManager.default.contents(atPath: $0) }
        #expect(!files.isEmpty || TestStore.backend == .postgres)
        #expect(!states.contains { Data($0).range(of: Data(password.utf8)) != nil }, "a stored state holds the password")
        for (index, bytes) in files.enumerated() {
            #expect(bytes.range(of: Data(password.utf8)) == nil, "file \(index) holds the password in plain text")
        }
        #expect(states.contains { String(decoding: $0, as: UTF8.self).contains("keeper@example.com") }, "the email draft is stored: the search would find text")
    }

    @Test func twoTabsPostingAtOnceNeverLoseASave() throws {
        let app = try LiveApp()
        let browser = try Walk.atLogin(app)
        let before = try #require(try app.data.sessionVersion())
        let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let body = "csrf=\(browser.hidden("csrf"))&screen=%2Fsuma-finance%2Fauth%2Flogin"
        let request = LiveBrowser.post("/suma-finance/_action/forgot-password", body: body, cookie: cookie, port: app.port)
        let (port, perTab) = (app.port, 25)
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<perTab {
                let status = (try? LiveBrowser.exchange(request, port: port))?.status ?? 0
                statuses.withLock { $0.append(status) }
            }
        }
        let answered = statuses.withLock { $0 }
        let saved = answered.count { $0 == 303 }
        // A post that lost the race three times in a row is told to reload (409); none is lost silently.
        #expect(answered.count == 2 * perTab && answered.allSatisfy { $0 == 303 || $0 == 409 }, "\(answered.filter { $0 != 303 })")
        #expect(saved >= perTab, "most posts are saved on a retry: \(saved) of \(answered.count)")
        let after = try #require(try app.data.sessionVersion())
        #expect(after == before + saved, "every post answered 303 was saved once, none overwritten: \(before) → \(after)")
    }

    /// DECISIONS 2 after a sign-in in another tab: the session's id and CSRF secret changed;
    /// the form, known by the secret before, is answered "out of date", never 403.
    @Test func aTabOpenedBeforeSignInIsOutOfDateAfterItNotForbidden() throws {
        let app = try LiveApp()
        let tabA = try Walk.atLogin(app)
        var signingIn = tabA
        var tabB = tabA
        try Walk.logIn(&signingIn)
        #expect(signingIn.page.heading == "Home" && signingIn.cookies != tabA.cookies, "signing in gave the session a new id")
        tabB.cookies = signingIn.cookies
        try tabB.press("Create Account")
        #expect(tabB.last.status == 200, "answered \(tabB.last.status)")
        #expect(tabB.page.heading == "Home" && tabB.page.toasts.contains { $0.contains("out of date") }, "\(tabB.page.heading) \(tabB.page.toasts)")
    }

    /// Signing in gives the session a new CSRF token: a form shown before — whose token may have
    /// been seen by someone else — changes nothing after it, even where its screen is still shown.
    @Test func aFormShownBeforeSignInChangesNothingAfterIt() throws {
        typealias RP = RealityPortalWalkTests
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(RP.entry)
        try browser.selectTab("search")
        try browser.selectTab("home")
        let shownBefore = browser
        try browser.selectTab("account")
        try RP.logIn(&browser)
        #expect(browser.page.heading == "Account" && browser.hidden("csrf") != shownBefore.hidden("csrf"), "a new token with the new id")
        var stale = shownBefore
        stale.cookies = browser.cookies
        try stale.selectTab("search")
        #expect(stale.last.status == 200 && stale.page.heading == "Account", "the Home page's tab bar did nothing: \(stale.page.heading)")
        #expect(stale.page.toasts.contains { $0.contains("out of date") }, "\(stale.page.toasts)")
        // A token no page of this session showed is refused outright.
        try stale.post(RP.entry + "_tab/search", ["csrf": String(repeating: "A", count: 43), "screen": RP.entry])
        #expect(stale.last.status == 403)
    }

    /// A visitor's two tabs, both opened before anything was posted: the first post stores the
    /// session under a new id with a secret of its own; the other tab's form is then out of date,
    /// not a forgery.
    @Test func aSecondTabOfANewVisitorIsOutOfDateAfterTheFirstPost() throws {
        typealias RP = RealityPortalWalkTests
        let app = try LiveApp()
        var tabA = LiveBrowser(app)
        try tabA.open(RP.entry)
        var tabB = tabA
        try tabA.selectTab("search")
        #expect(tabA.page.heading == "Search" && tabA.cookies != tabB.cookies, "the first post stored the session under a new id")
        tabB.cookies = tabA.cookies
        try tabB.selectTab("favorites")
        #expect(tabB.last.status == 200 && tabB.page.toasts.contains { $0.contains("out of date") }, "\(tabB.last.status) \(tabB.page.toasts)")
        #expect(tabB.page.heading == "Search", "the old page's tab bar did nothing: \(tabB.page.heading)")
    }

    /// A tab left open while the person signs in and out again in another (two new ids, two new
    /// tokens) is told its page was out of date, as after one — not refused as a forgery.
    @Test func aFormShownBeforeASignInAndASignOutIsOutOfDate() throws {
        typealias RP = RealityPortalWalkTests
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(RP.entry)
        try browser.selectTab("search")
        let shownBefore = browser
        try browser.selectTab("account")
        try RP.logIn(&browser)
        try browser.press("Log Out")
        #expect(browser.page.toasts.contains { $0.contains("logged out") || $0.contains("Logged out") }, "\(browser.page.toasts)")
        var stale = shownBefore
        stale.cookies = browser.cookies
        try stale.selectTab("home")
        #expect(stale.last.status == 200 && stale.page.toasts.contains { $0.contains("out of date") }, "\(stale.last.status) \(stale.page.toasts)")
        #expect(stale.page.heading == browser.page.heading, "the old page's tab bar did nothing: \(stale.page.heading)")
    }
}
