import FlowPages
import FlowPagesTestSupport
import Foundation
import Testing

/// The link openers over real HTTP: each app's own at `/<app>/_open`, which shows any link it
/// cannot open as that app's invalid link, and the shared `/_open`, which hands a link to the
/// app that claims it and answers the rest with a page of the site.
@Suite struct LinkOpenerLiveTests {
    typealias Walk = SUMAFinanceWalkTests
    static let encoded = WebModelLiveTests.encoded

    @Test(arguments: ["not a url", "https://example.com/auth/login", "realityportal://listing/123", "ftp://suma.finance/auth/login", "",
                      "sumafinance://auth/nowhere"])
    func aLinkTheAppCannotOpenIsItsInvalidLinkOverTheCurrentScreen(link: String) throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try browser.press("Create Account")
        try browser.open("/suma-finance/_open?url=" + Self.encoded(link))
        #expect(browser.last.status == 200 && browser.page.alert?.title == "Invalid Link", "\(link): \(browser.last.status)")
        #expect(browser.page.heading == "Create Account", "nothing else changed: \(link)")
        try browser.press("Go to Login")
        #expect(browser.page.heading == "Login" && browser.page.alert == nil)
        #expect(try app.events().contains { $0.kind == "deep_link_failure" })
    }

    @Test func onAnAppsOwnHostTheOpenerIsThatApps() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"])
        var browser = LiveBrowser(app)
        browser.host = "suma.finance"
        try browser.open("/")
        try browser.press("Skip")
        #expect(browser.page.heading == "Login")
        try browser.open("/_open?url=" + Self.encoded("https://example.com/auth/login"))
        #expect(browser.last.status == 200 && browser.page.alert?.title == "Invalid Link" && browser.page.heading == "Login")
        try browser.press("Go to Login")
        try browser.open("/_open?url=" + Self.encoded("https://suma.finance/auth/forgot-password"))
        #expect(browser.page.heading == "Forgot Password" && browser.url == "/auth/forgot-password")
    }

    @Test func theAppsOpenerOpensItsOwnLinksInBothForms() throws {
        let app = try LiveApp()
        for link in ["sumafinance://auth/forgot-password", "https://suma.finance/auth/forgot-password"] {
            var browser = try Walk.atLogin(app)
            try browser.open("/suma-finance/_open?url=" + Self.encoded(link))
            #expect(browser.page.heading == "Forgot Password" && browser.page.alert == nil, "\(link)")
        }
    }

    @Test func theSharedOpenerAnswersALinkNoAppClaimsWithAPageOfTheSite() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        for link in ["not a url", "https://example.com/auth/login"] {
            try browser.open("/_open?url=" + Self.encoded(link))
            #expect(browser.last.status == 404 && browser.last.header("Content-Type")?.hasPrefix("text/html") == true, "\(link)")
            #expect(browser.page.heading == "Link not recognised" && browser.page.main?.content.contains(link) == true, "\(link)")
            #expect(browser.page.root.elements("a").contains { $0["href"] == "/suma-finance/" })
        }
        try browser.open("/_open?url=" + Self.encoded("sumafinance://auth/login"))
        #expect(browser.page.heading == "Login", "a link an app claims still opens there")
    }

    @Test func aVerificationLinkOffersTheCodeAndEitherWayVerifies() throws {
        let app = try LiveApp()
        for (index, typesCode) in [false, true].enumerated() {
            var registering = try Walk.atLogin(app)
            try Walk.registerUpToVerification(&registering, email: "linked\(index)@example.com")
            let mail = try #require(try app.lastMail())
            let link = try #require(mail.link)
            let code = try #require(mail.subject.split(separator: " ").last.map(String.init))
            var reader = LiveBrowser(app)
            try reader.open("/_open?url=" + Self.encoded(link))
            #expect(reader.page.heading == "Verify Email" && reader.page.main?.content.contains("linked\(index)@example.com") == true)
            #expect(reader.page.field(labelled: "Verification code")?["autocomplete"] == "one-time-code", "seed 000 §19: the code field")
            try reader.press("Verify Email", filling: typesCode ? ["Verification code": code] : [:])
            #expect(reader.page.heading == "Registration Success", "typed code: \(typesCode)")
        }
        var guessing = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&guessing, email: "guess@example.com")
        let link = try #require(try app.lastMail()?.link)
        var reader = LiveBrowser(app)
        try reader.open("/_open?url=" + Self.encoded(link))
        try reader.press("Verify Email", filling: ["Verification code": "000001"])
        #expect(reader.page.heading == "Verify Email" && reader.page.errors.first?.contains("not right") == true, "a wrong code is not the link")
    }
}
