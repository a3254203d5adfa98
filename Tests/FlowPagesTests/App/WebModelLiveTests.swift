import FlowPagesTestSupport
import Foundation
import Testing

/// The web model of DECISIONS.md walked in SUMA Finance over real HTTP (ACCEPTANCE-SUMA F2–F14),
/// and what the issue adds: validation, CSRF, sessions, restarts, the toolbar and error pages.
@Suite struct WebModelLiveTests {
    typealias Walk = SUMAFinanceWalkTests

    static let stepOne = ["Email address": "new@example.com", "Password": "Secure123", "Confirm password": "Secure123",
                          "I accept the Terms & Conditions and the Privacy Policy": "on"]

    @Test func f2BrowserBackThenTheSameActionAddsNoDuplicate() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try browser.press("Create Account")
        try browser.goBack()
        #expect(browser.page.heading == "Login" && browser.page.back == nil)
        try browser.press("Create Account")
        #expect(browser.page.heading == "Create Account")
        #expect(try browser.backChain() == ["Login"])
    }

    @Test func f3ReloadAfterAPostRepeatsNothing() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try browser.press("Create Account")
        try browser.press("Next", filling: Self.stepOne)
        #expect(browser.url == "/suma-finance/auth/register/personal-info", "the address bar holds the screen's GET URL")
        let before = try app.events().count
        for _ in 0..<3 { try browser.reload() }
        let after = try app.events().count
        #expect(browser.page.heading == "Personal Info" && after == before)
        try browser.press("Register", filling: ["Full name": "Al Test"])
        let mails = try app.mails().count
        try browser.reload()
        #expect(browser.page.heading == "Verify Email")
        #expect(try app.mails().count == mails, "no second mail")
        #expect(try browser.backChain() == ["Personal Info", "Create Account", "Login"])
    }

    @Test func f4BrowserBackOutOfAModalKeepsTheForm() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try browser.press("Create Account")
        try browser.press("Terms & Conditions", filling: ["Email address": "new@example.com"])
        #expect(browser.page.heading == "Terms & Conditions")
        try browser.goBack()
        #expect(browser.page.heading == "Create Account" && browser.page.field(labelled: "Email address")?["value"] == "new@example.com")
        try browser.reload()
        #expect(browser.page.heading == "Create Account", "the modal does not come back on reload")
        #expect(try browser.backChain() == ["Login"])
    }

    @Test func f7BrowserBackCannotCrossTheSignIn() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try Walk.logIn(&browser)
        #expect(browser.page.heading == "Home")
        for _ in 0..<2 where browser.history.count > 1 {
            try browser.goBack()
            #expect(browser.page.heading == "Home")
            try browser.reload()
            #expect(browser.page.heading == "Home" && browser.page.field(labelled: "Password") == nil)
        }
    }

    @Test func f8BrowserBackAfterLogoutShowsNoSignedInContent() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try Walk.logIn(&browser)
        try browser.press("Profile")
        #expect(browser.last.header("Cache-Control") == "no-store")
        try browser.press("Log Out")
        for _ in 0..<2 {
            try browser.goBack()
            #expect(browser.page.heading == "Login" && browser.page.main?.content.contains("You are signed in") == false)
        }
    }

    @Test func f11AStalePostIsRefusedWithANotice() throws {
        let app = try LiveApp()
        var tabA = try Walk.atLogin(app)
        try tabA.press("Create Account")
        try tabA.press("Next", filling: Self.stepOne)
        var tabB = tabA
        try tabB.press("Cancel")
        #expect(tabB.page.heading == "Login")
        try tabA.press("Register", filling: ["Full name": "Al Test", "Phone number": "555-0100", "Date of birth": "1990-04-01"])
        #expect(tabA.page.heading == "Login" && tabA.page.back == nil)
        #expect(tabA.page.toasts.contains { $0.contains("out of date") })
        #expect(try app.mails().isEmpty, "nothing was sent")
    }

    /// An action posted from a page that does not offer it — a post no page of the app makes —
    /// changes nothing and says the page was out of date.
    @Test func anActionItsPageDoesNotOfferChangesNothing() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        let login = browser.url
        try browser.post("/suma-finance/_action/send-reset-code", ["csrf": browser.hidden("csrf"), "screen": login, "email": "test@example.com"])
        #expect(browser.page.heading == "Login" && browser.page.toasts.contains { $0.contains("out of date") }, "\(browser.page.heading)")
        #expect(try app.mails().isEmpty, "no code was sent")
        try browser.press("Forgot Password?")
        try browser.press("Send Code", filling: ["Email address": "test@example.com"])
        #expect(try browser.page.heading == "Verification Code" && app.mails().count == 1, "from its own page it works")
    }

    @Test func f14TheHTTPContractOfANavigationPost() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        let response = try browser.request("POST", "/suma-finance/_action/create-account", referer: browser.url,
                                           body: "csrf=\(browser.hidden("csrf"))&screen=%2Fsuma-finance%2Fauth%2Flogin")
        #expect(response.status == 303 && response.header("Location") == "/suma-finance/auth/register")
        for _ in 0..<2 {
            let screen = try browser.request("GET", "/suma-finance/auth/register", referer: browser.url)
            #expect(screen.status == 200 && screen.header("Cache-Control") == "no-store")
        }
        try browser.open("/suma-finance/auth/register")
        #expect(try browser.backChain() == ["Login"])
    }

    @Test func everyValidationRuleFailsOnceWithLinkedErrors() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try browser.press("Create Account")
        let cases: [([String: String], String, String)] = [
            (["Email address": ""], "Email address", "Enter your email address."),
            (["Email address": "new@example"], "Email address", "Invalid email format. Enter an address like name@example.com."),
            (["Password": "short", "Confirm password": "short"], "Password", "Password too weak. Use at least 8 characters."),
            (["Confirm password": "Secure124"], "Confirm password", "The passwords do not match."),
            (["I accept the Terms & Conditions and the Privacy Policy": ""], "I accept the Terms & Conditions and the Privacy Policy",
             "Accept the Terms & Conditions and the Privacy Policy to continue."),
        ]
        for (change, label, message) in cases {
            var values = Self.stepOne
            values.merge(change) { _, new in new }
            try browser.press("Next", filling: values)
            let page = browser.page
            #expect(page.heading == "Create Account" && page.errors == [message], "\(label): \(page.errors)")
            let field = try #require(page.field(labelled: label))
            #expect(field["aria-invalid"] == "true" && field["autofocus"] == nil)
            #expect(page.root.all.filter { $0["autofocus"] != nil }.map { $0["class"] } == ["error-summary"], "focus lands on the error summary")
            let described = try #require(field["aria-describedby"]).split(separator: " ").map(String.init)
            #expect(described.contains { id in page.root.all.first { $0["id"] == id }?.content.contains(message) == true })
            #expect(page.root.elements("a").contains { $0["href"] == "#" + (field["id"] ?? "") }, "the summary links to the field")
            #expect(page.heading == "Create Account" && page.title.hasPrefix("Error: Create Account"), "GOV.UK's Error: prefix")
            if label != "Email address" { #expect(page.field(labelled: "Email address")?["value"] == "new@example.com") }
        }
        try browser.reload()
        #expect(browser.page.errors.isEmpty, "errors are shown once")
        try browser.press("Next", filling: Self.stepOne)
        try browser.press("Register", filling: ["Full name": "A"])
        #expect(browser.page.heading == "Personal Info" && browser.page.errors == ["Enter your full name, at least 2 characters."])
        try browser.press("Register", filling: ["Full name": "Al"])
        try browser.press("Verify", filling: ["Verification code": "12345"])
        #expect(browser.page.errors == ["The code has 6 digits."])
        try browser.press("Verify", filling: ["Verification code": "000000"])
        #expect(browser.page.heading == "Verify Email" && browser.page.errors.first?.contains("not right") == true)
        var taken = try Walk.atLogin(app)
        try taken.press("Create Account")
        try taken.press("Next", filling: Self.stepOne)
        #expect(taken.page.heading == "Personal Info" && taken.page.errors.isEmpty, "answered as a new registration, without telling it is taken")
        try taken.press("Register", filling: ["Full name": "Al"])
        try taken.press("Verify", filling: ["Verification code": "000000"])
        #expect(taken.page.heading == "Verify Email", "another session cannot take it")
    }

    @Test func deepLinksValidInvalidExpiredAndMissingAParameter() throws {
        let app = try LiveApp()
        // A verification link from the dev mailbox, opened in another browser.
        var registering = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&registering, email: "linked@example.com")
        let mail = try #require(try app.lastMail())
        let link = try #require(mail.link)
        #expect(link.hasPrefix("https://suma.finance/auth/verify-email?") && link.contains("email=linked%40example.com"))
        var reader = LiveBrowser(app)
        try reader.open("/_open?url=" + Self.encoded(link))
        #expect(reader.page.heading == "Verify Email" && reader.page.main?.content.contains("linked@example.com") == true)
        try reader.press("Verify Email")
        #expect(reader.page.heading == "Registration Success")

        let cases: [(String, String?)] = [
            ("sumafinance://auth/reset-password?token=abc123&email=test%40example.com", nil),
            ("https://suma.finance/auth/reset-password?token=abc123&email=test%40example.com", nil),
            ("sumafinance://auth/login", nil),
            ("sumafinance://auth/register?referral=friend", nil),
            ("sumafinance://auth/forgot-password", nil),
            ("sumafinance://auth/reset-password?token=expired&email=test%40example.com", "Reset link expired"),
            ("sumafinance://auth/verify-email?token=expired&email=test%40example.com", "Invalid verification link"),
            ("sumafinance://auth/reset-password?token=abc123", "Invalid Link"),
            ("sumafinance://auth/verify-email?email=test%40example.com", "Invalid Link"),
            ("sumafinance://auth/nowhere", "Invalid Link"),
            ("sumafinance://auth/reset-password?token=%3Cscript%3E&email=x", "Invalid Link"),
        ]
        for (link, alert) in cases {
            var browser = try Walk.atLogin(app)
            try browser.press("Create Account")
            try browser.open("/_open?url=" + Self.encoded(link))
            if let alert {
                #expect(browser.page.alert?.title == alert, "\(link)")
                #expect(browser.page.heading == "Create Account", "nothing else changed: \(link)")
                try browser.press("Go to Login")
                #expect(browser.page.heading == "Login" && browser.page.alert == nil)
            } else {
                #expect(browser.page.alert == nil, "\(link)")
                let expected = ["reset-password": "New Password", "login": "Login", "register": "Create Account", "forgot-password": "Forgot Password"]
                #expect(expected.contains { link.contains("auth/" + $0.key) && browser.page.heading == $0.value }, "\(link) → \(browser.page.heading)")
            }
        }
        var resetting = try Walk.atLogin(app)
        try resetting.open("/suma-finance/auth/reset-password?email=test%40example.com&token=abc123")
        try resetting.press("Reset Password", filling: ["New password": "Another99", "Confirm password": "Another99"])
        #expect(resetting.page.heading == "Login" && resetting.page.toasts.first?.contains("reset") == true)
        let kinds = try app.events().map(\.kind)
        #expect(["deep_link_opened", "deep_link_success", "deep_link_failure"].allSatisfy(kinds.contains))
    }

    @Test func postsWithoutTheTokenOrFromAnotherSiteChangeNothing() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        let screen = "screen=%2Fsuma-finance%2Fauth%2Flogin"
        let forged: [(String, [(String, String)])] = [
            (screen, []), ("csrf=forged&" + screen, []),
            ("csrf=\(browser.hidden("csrf"))&" + screen, [("Sec-Fetch-Site", "cross-site")]),
        ]
        for (body, headers) in forged {
            #expect(try browser.request("POST", "/suma-finance/_action/create-account", referer: nil, body: body, extra: headers).status == 403)
        }
        var other = browser
        other.host = "127.0.0.1:\(app.port)"
        let crossOrigin = try other.request("POST", "/suma-finance/_action/create-account", referer: nil,
                                            body: "csrf=\(browser.hidden("csrf"))&" + screen, extra: [("Origin", "http://evil.example")])
        #expect(crossOrigin.status == 403)
        try browser.open("/suma-finance/")
        #expect(browser.page.heading == "Login" && browser.page.back == nil)
    }

    @Test func twoCookieJarsNeverSeeEachOthersStateAndARestartKeepsBoth() throws {
        let app = try LiveApp()
        var first = try Walk.atLogin(app)
        try first.press("Create Account")
        try first.press("Next", filling: Self.stepOne)
        var second = LiveBrowser(app)
        try second.open("/suma-finance/")
        #expect(second.page.heading == "Welcome to SUMA Finance" && first.page.heading == "Personal Info")
        try app.restart()
        try first.open("/suma-finance/")
        #expect(first.page.heading == "Personal Info" && first.page.breadcrumbs == "Current location: Login, then Register, then Personal Info")
        try second.open("/suma-finance/")
        #expect(second.page.heading == "Welcome to SUMA Finance")
    }

    @Test func signingInAndOutGivesTheSessionANewIdAndKeepsItsEvents() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        let before = try #require(browser.cookies["fp_suma-finance"])
        try Walk.logIn(&browser)
        let signedIn = try #require(browser.cookies["fp_suma-finance"])
        #expect(signedIn != before && browser.page.heading == "Home")
        var attacker = LiveBrowser(app)
        attacker.cookies = ["fp_suma-finance": before]
        try attacker.open("/suma-finance/home")
        #expect(attacker.page.heading == "Login", "the id from before sign-in is worth nothing")
        try browser.press("Profile")
        try browser.press("Log Out")
        #expect(browser.cookies["fp_suma-finance"] != signedIn && browser.page.heading == "Login")
        try browser.open("/suma-finance/_events")
        #expect(browser.page.root.elements("td").contains { $0.content == "skip-onboarding" || $0.content == "welcome" }, "events before sign-in stay")
    }

    @Test func failingSubmitsShowTheErrorAlertsThenSupport() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try browser.press("Fail next submits: network error")
        for expected in ["Connection Failed", "Connection Failed", "Something Went Wrong"] {
            try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
            #expect(browser.page.alert?.title == expected)
            if expected == "Something Went Wrong" {
                #expect(browser.page.alert?.buttons == ["Try Again", "Contact Support"])
            } else {
                #expect(browser.page.alert?.buttons == ["Retry", "Cancel"])
                try browser.press("Retry")
            }
        }
        try browser.press("Try Again")
        try Walk.logIn(&browser)
        #expect(browser.page.heading == "Home", "the failures end after three")
        try browser.press("Reset this session")
        #expect(browser.page.heading == "Welcome to SUMA Finance", "a reset starts a new session")
    }

    @Test func associationFilesAppHostsIndexAndErrorPages() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"])
        var browser = LiveBrowser(app)
        let apple = try browser.request("GET", "/.well-known/apple-app-site-association", referer: nil)
        #expect(apple.status == 200 && apple.header("Content-Type") == "application/json")
        let aasa = try #require(try JSONSerialization.jsonObject(with: Data(apple.body.utf8)) as? [String: Any])
        let details = try #require((aasa["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        #expect(details.first?["appIDs"] as? [String] == ["ABCDE12345.com.suma.finance"])
        let paths = (details.first?["components"] as? [[String: String]])?.compactMap { $0["/"] } ?? []
        #expect(Set(paths) == ["/auth/login", "/auth/register", "/auth/verify-email", "/auth/forgot-password", "/auth/reset-password"])
        let android = try browser.request("GET", "/.well-known/assetlinks.json", referer: nil)
        let links = try #require(try JSONSerialization.jsonObject(with: Data(android.body.utf8)) as? [[String: Any]])
        #expect(android.header("Content-Type") == "application/json")
        #expect((links.first?["target"] as? [String: Any])?["package_name"] as? String == "com.suma.finance")

        try browser.open("/")
        #expect(browser.page.root.elements("a").contains { $0["href"] == "/suma-finance/" && $0.content == "SUMA Finance" })
        try browser.open("/suma-finance/no-such-screen")
        #expect(browser.last.status == 404 && browser.page.title.contains("SUMA Finance") && browser.page.heading == "Not Found")

        // Mounted at / on its own host, universal-link paths work verbatim.
        var hosted = LiveBrowser(app, host: "suma.finance")
        try hosted.open("/auth/reset-password?token=abc123&email=test%40example.com")
        #expect(hosted.url == "/auth/reset-password?email=test%40example.com&token=abc123" && hosted.page.heading == "New Password")
        // Seen without posting, the link left no session behind: the app starts afresh.
        try hosted.open("/")
        #expect(hosted.page.heading == "Welcome to SUMA Finance")
        try hosted.open("/nowhere")
        #expect(hosted.last.status == 404 && hosted.page.title.contains("SUMA Finance"))
    }

    @Test func withThePrototypeOffThereAreNoToolsMailboxEventLogOrFixtures() throws {
        let app = try LiveApp(prototype: false)
        var browser = try Walk.atLogin(app)
        #expect(!browser.page.root.all.contains { $0.hasClass("prototype-tools") })
        for page in ["/suma-finance/_mailbox", "/suma-finance/_events"] {
            try browser.open(page)
            #expect(browser.last.status == 404, "\(page)")
        }
        try browser.open("/suma-finance/auth/login")
        let tool = try browser.request("POST", "/suma-finance/_tools/expire", referer: browser.url,
                                       body: "csrf=\(browser.hidden("csrf"))&screen=%2Fsuma-finance%2Fauth%2Flogin")
        #expect(tool.status == 404)
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(browser.page.alert?.title == "Login Failed", "no fixture account")
        try browser.press("OK")
        try Walk.registerUpToVerification(&browser)
        try browser.press("Verify", filling: ["Verification code": "123456"])
        #expect(browser.page.heading == "Verify Email" && browser.page.errors.first?.contains("not right") == true, "no fixture code")
        var linked = LiveBrowser(app)
        try linked.open("/_open?url=" + Self.encoded("sumafinance://auth/reset-password?token=abc123&email=new%40example.com"))
        #expect(linked.page.alert?.title == "Reset link expired", "no fixture token")
    }

    static func encoded(_ link: String) -> String {
        link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? link
    }
}
