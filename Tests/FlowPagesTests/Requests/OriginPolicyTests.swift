@testable import FlowPages
import FlowPagesTestSupport
import HTTPServer
import Testing

/// Which posts `OriginPolicy` lets through (issue 11): the request's own origin and the public
/// origins only, whatever the letter case, and `Origin: null` only when the browser vouches.
@Suite struct OriginPolicyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let fields: [(String, String)]
        let allowed: Bool
        var testDescription: String { fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + (allowed ? " → allowed" : " → 403") }

        init(_ fields: [(String, String)], _ allowed: Bool) {
            self.fields = fields
            self.allowed = allowed
        }
    }

    static let policy = OriginPolicy(publicOrigins: ["https://suma.finance", "HTTP://127.0.0.1:8081/"])

    @Test(arguments: [
        Case([], true),
        Case([("Origin", "http://localhost")], true),
        Case([("Origin", "HTTP://LocalHost:80")], true),
        Case([("Sec-Fetch-Site", "same-origin"), ("Origin", "http://localhost")], true),
        Case([("Sec-Fetch-Site", "none")], true),
        Case([("Origin", "null")], false),
        Case([("Origin", "null"), ("Sec-Fetch-Site", "cross-site")], false),
        Case([("Origin", "null"), ("Sec-Fetch-Site", "same-origin")], true),
        Case([("Origin", "https://localhost")], false),
        Case([("Origin", "https://localhost"), ("X-Forwarded-Proto", "https")], true),
        Case([("Origin", "https://localhost"), ("X-Forwarded-Proto", "HTTPS, http")], true),
        Case([("Origin", "http://localhost"), ("X-Forwarded-Proto", "https")], false),
        Case([("Sec-Fetch-Site", "cross-site"), ("Origin", "http://localhost")], false),
        Case([("Sec-Fetch-Site", "Cross-Site")], false),
        Case([("Sec-Fetch-Site", "SAME-SITE")], false),
        Case([("Sec-Fetch-Site", "same-site")], false),
        Case([("Sec-Fetch-Site", "sideways")], false),
        Case([("Origin", "http://evil.example")], false),
        Case([("Origin", "http://localhost:8080")], false),
        Case([("Origin", "http://localhost.evil.example")], false),
        Case([("Origin", "http://evil@localhost")], false),
        Case([("Origin", "localhost")], false),
        Case([("Origin", "https://suma.finance")], true),
        Case([("Origin", "https://SUMA.finance:443")], true),
        Case([("Origin", "http://suma.finance")], false),
        Case([("Origin", "http://127.0.0.1:8081")], true),
        Case([("Origin", "https://suma.finance"), ("Sec-Fetch-Site", "cross-site")], false),
    ])
    func postsFromOtherOriginsAreRefused(_ check: Case) throws {
        let request = try HTTPRequest(method: .post, target: "/suma-finance/_back", headers: HTTPHeaders(check.fields + [("Host", "localhost")]))
        let refusal: HTTPError?
        do {
            try Self.policy.check(request)
            refusal = nil
        } catch {
            refusal = error
        }
        #expect(check.allowed ? refusal == nil : refusal?.status == .forbidden)
    }

    @Test func aPostWithoutAHostNeedsAPublicOrigin() throws {
        let request = try HTTPRequest(method: .post, target: "/_back", version: .http1_0, headers: HTTPHeaders([("Origin", "http://localhost")]))
        #expect(throws: HTTPError.self) { try Self.policy.check(request) }
    }

    @Test(arguments: [
        ("https://Suma.Finance", "https://suma.finance"), ("https://suma.finance:443/", "https://suma.finance"),
        ("http://127.0.0.1:8081", "http://127.0.0.1:8081"), ("http://[::1]:80", "http://[::1]"), ("http://[::1]:8080", "http://[::1]:8080"),
        ("HTTP://SUMA.FINANCE:8443", "http://suma.finance:8443"), ("https://Bücher.Example", "https://bücher.example"),
    ])
    func originsAreComparedAsTuples(origin: String, normalized: String) {
        #expect(OriginPolicy.normalized(origin) == normalized)
    }

    @Test(arguments: ["suma.finance", "ftp://suma.finance", "https://suma.finance/app", "https://", "https://a:b", "https://a:+80",
                      "https://a:0", "https://a:65536", "https://user@a", "https://[::1", "https://a b", "http:x://a.b"])
    func whatIsNotAnOriginIsRefused(origin: String) {
        #expect(OriginPolicy.normalized(origin) == nil)
    }

    @Test func aForwardedHostPicksAnAppHostButNeverPassesTheOriginCheck() throws {
        let app = try LiveApp(appHosts: ["suma.finance": "suma-finance"])
        var browser = try SUMAFinanceWalkTests.atLogin(app)
        let forwarded = ("X-Forwarded-Host", "suma.finance, proxy.internal")
        let entry = try browser.request("GET", "/", referer: nil, extra: [forwarded])
        #expect(entry.status == 303 && entry.header("Location")?.hasPrefix("/auth/") == true, "the app at the root of suma.finance")
        let index = try browser.request("GET", "/", referer: nil, extra: [("X-Forwarded-Host", "evil.example")])
        #expect(index.status == 200 && index.body.contains("<h1>FlowPages</h1>"), "only an app host's name picks an app")
        let post = "csrf=\(browser.hidden("csrf"))&screen=%2Fauth%2Flogin"
        let foreign = try browser.request("POST", "/_action/create-account", referer: nil, body: post,
                                          extra: [forwarded, ("Origin", "http://evil.example")])
        #expect(foreign.status == 403)
        let forwardedName = try browser.request("POST", "/_action/create-account", referer: nil, body: post,
                                                extra: [forwarded, ("Origin", "http://proxy.internal")])
        #expect(forwardedName.status == 403, "a forwarded name is no origin of the app")
        let own = try browser.request("POST", "/_action/create-account", referer: nil, body: post,
                                      extra: [forwarded, ("Origin", "https://suma.finance")])
        #expect(own.status == 303 && own.header("Location") == "/auth/register", "an app host's origins are the app's")
    }
}
