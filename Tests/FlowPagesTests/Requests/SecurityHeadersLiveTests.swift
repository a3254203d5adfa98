import FlowPagesTestSupport
import Foundation
import HTTPServer
import Testing

/// Issue 11's security headers, as a browser receives them from a real server: nosniff on every
/// response, a Content-Security-Policy on every HTML page, and no Referer from a page whose URL
/// carries a token.
@Suite struct SecurityHeadersLiveTests {
    typealias Walk = SUMAFinanceWalkTests

    static let policy = "default-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    @Test func aScreenCarriesThePolicyAndForbidsSniffing() throws {
        let app = try LiveApp()
        let browser = try Walk.atLogin(app)
        #expect(browser.last.header("Content-Security-Policy") == Self.policy)
        #expect(browser.last.header("X-Content-Type-Options") == "nosniff")
        #expect(browser.last.header("Referrer-Policy") == "strict-origin-when-cross-origin")
    }

    /// Issue 45: behind a TLS proxy that passes the browser's `Host` on but not the scheme, an
    /// https public origin for that host makes the session's cookies `Secure`; the same server
    /// reached at its own address, which no https origin names, sets them without.
    @Test(arguments: [("proto.example.com", true), ("127.0.0.1", false)])
    func sessionCookiesAreSecureAtAnHTTPSPublicOrigin(host: String, secure: Bool) throws {
        let app = try LiveApp(publicOrigins: ["https://proto.example.com"])
        var browser = LiveBrowser(app, host: host)
        let entry = try browser.request("GET", Walk.entry, referer: nil)
        try browser.open(try #require(entry.header("Location")))
        let (form, button) = try #require(browser.page.button("Skip"))
        let values = form.elements("input").compactMap { input in input["name"].map { "\($0)=\(URLEncoding.encode(input["value"] ?? ""))" } }
        let post = try browser.request("POST", try #require(button["formaction"] ?? form["action"]), referer: browser.url, body: values.joined(separator: "&"))
        #expect(post.status == 303)
        for response in [entry, post] {
            let cookies = response.headers.filter { $0.0.lowercased() == "set-cookie" }.map(\.1)
            #expect(!cookies.isEmpty && cookies.allSatisfy { $0.contains("; Secure") == secure }, "\(cookies)")
        }
    }

    @Test func theIndexAndAnAppsNotFoundPageCarryThePolicy() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        for target in ["/", "/suma-finance/no-such-screen"] {
            let response = try browser.request("GET", target, referer: nil)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true, "\(target)")
            #expect(response.header("Content-Security-Policy") == Self.policy, "\(target)")
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(target)")
        }
    }

    @Test func errorPagesThatEchoTheRequestEscapeIt() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        let routed = try browser.request("GET", "/nowhere/%3Cscript%3Ealert(1)%3C%2Fscript%3E", referer: nil)
        #expect(routed.status == 404 && !routed.body.contains("<script>") && routed.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(routed.header("Content-Type")?.hasPrefix("text/html") == true && routed.header("Content-Security-Policy") == Self.policy)
        #expect(routed.header("X-Content-Type-Options") == "nosniff")
        // Refused before any router sees it, by the connection itself.
        let refused = try browser.request("GET", "/%zz%3Cscript%3E", referer: nil)
        #expect(refused.status == 400 && refused.header("X-Content-Type-Options") == "nosniff")
    }

    @Test func staticFilesForbidSniffing() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        let css = try browser.request("GET", "/flowpages.css", referer: nil)
        #expect(css.status == 200 && css.header("Content-Type")?.hasPrefix("text/css") == true)
        #expect(css.header("X-Content-Type-Options") == "nosniff")
        let revalidated = try browser.request("GET", "/flowpages.css", referer: nil, extra: [("If-None-Match", css.header("ETag") ?? "")])
        #expect(revalidated.status == 304 && revalidated.header("X-Content-Type-Options") == "nosniff")
    }

    @Test func theResetPasswordLinkPageSendsNoReferrerAndItsFormStillPosts() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try browser.open("/suma-finance/auth/reset-password?email=test%40example.com&token=abc123")
        #expect(browser.page.heading == "New Password" && browser.url.contains("token=abc123"))
        #expect(browser.last.header("Referrer-Policy") == "no-referrer")
        #expect(browser.last.header("Content-Security-Policy") == Self.policy)
        // Under `no-referrer` a browser sends this same-origin post with `Origin: null` (Fetch
        // §4.1) and vouches for it with `Sec-Fetch-Site`.
        try browser.press("Reset Password", filling: ["New password": "Another99", "Confirm password": "Another99"],
                          headers: [("Origin", "null"), ("Sec-Fetch-Site", "same-origin")])
        #expect(browser.page.heading == "Login" && browser.page.toasts.first?.contains("reset") == true)
        #expect(browser.last.header("Referrer-Policy") == "strict-origin-when-cross-origin")
    }

    @Test func theLinkOpenerSendsNoReferrer() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        let link = "https://suma.finance/auth/verify-email?token=abc123&email=test%40example.com"
        let opened = try browser.request("GET", "/_open?url=" + link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, referer: nil)
        #expect(opened.header("Referrer-Policy") == "no-referrer")
    }
}
