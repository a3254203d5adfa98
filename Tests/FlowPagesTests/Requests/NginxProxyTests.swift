import FlowPagesTestSupport
import Foundation
import Testing

/// FlowPages behind a real nginx on loopback with nginx's default `proxy_pass`, which sends the
/// upstream's address as `Host`: the browser's posts carry nginx's origin, so they need
/// `--public-origin`; app hosts need `X-Forwarded-Host` (README, "Behind a reverse proxy").
@Suite(.serialized, .enabled(if: LiveNginx.isInstalled, "needs nginx: `bash Tests/run.sh` installs it (apt-get install nginx-light)"))
struct NginxProxyTests {
    /// A live app with `publicOrigins(nginxPort)`, and nginx in front of it. A port found free
    /// may be taken before nginx binds it, so this tries again.
    static func proxied(
        appHosts: [String: String] = [:], publicOrigins: (Int) -> [String] = { _ in [] }, directives: String = ""
    ) throws -> (LiveApp, LiveNginx) {
        var attempt = 0
        while true {
            attempt += 1
            let port = try LiveNginx.freePort()
            let app = try LiveApp(appHosts: appHosts, publicOrigins: publicOrigins(port))
            do {
                guard app.port != port else {
                    if attempt < 3 { continue }
                    throw LiveNginx.Failure("the server took nginx's free port \(port) three times")
                }
                return (app, try LiveNginx(port: port, upstream: app.port, directives: directives))
            } catch let error as LiveNginx.Failure where attempt < 3 && error.description.contains("Address already in use") {
                continue
            }
        }
    }

    /// A browser that talks to nginx, whose address is what it shows and sends as `Origin`.
    static func browser(_ app: LiveApp, through nginx: LiveNginx, host: String? = nil) -> LiveBrowser {
        var browser = LiveBrowser(app, host: host ?? "127.0.0.1:\(nginx.port)")
        browser.port = nginx.port
        return browser
    }

    @Test(arguments: [false, true])
    func postsThroughAHostRewritingProxyNeedThePublicOrigin(declared: Bool) throws {
        let (app, nginx) = try Self.proxied(publicOrigins: { declared ? ["http://127.0.0.1:\($0)"] : [] })
        defer { nginx.stop() }
        var browser = Self.browser(app, through: nginx)
        try browser.open(SUMAFinanceWalkTests.entry)
        #expect(browser.page.heading == "Welcome to SUMA Finance", "GETs pass either way")
        try browser.press("Skip")
        #expect(browser.last.status == (declared ? 200 : 403), "Origin http://127.0.0.1:\(nginx.port), Host 127.0.0.1:\(app.port)")
        #expect(declared ? browser.page.heading == "Login" : browser.last.body.contains("Posts from other sites are refused."))
    }

    @Test func anAppHostBehindAHostRewritingProxyIsFoundByXForwardedHost() throws {
        let suma = ["suma.finance": "suma-finance"]
        let (bare, plain) = try Self.proxied(appHosts: suma)
        defer { plain.stop() }
        var lost = Self.browser(bare, through: plain, host: "suma.finance")
        #expect(try lost.request("GET", "/auth/login", referer: nil).status == 404, "nginx's default loses the app host")

        let (app, nginx) = try Self.proxied(appHosts: suma, directives: "proxy_set_header X-Forwarded-Host $host;")
        defer { nginx.stop() }
        var browser = Self.browser(app, through: nginx, host: "suma.finance")
        try browser.open("/")
        try browser.press("Skip")
        #expect(browser.page.heading == "Login" && browser.url == "/auth/login", "served at the root of suma.finance")
        try browser.press("Create Account")
        #expect(browser.page.heading == "Create Account", "a post from http://suma.finance, the app host's own origin")
    }
}
