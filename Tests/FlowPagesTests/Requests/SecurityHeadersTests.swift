@testable import FlowPages
import FlowPagesTestSupport
import Foundation
import HTTPServer
import Testing

/// The Referrer-Policy's choice through the router, for an app whose token travels in the path.
@Suite struct SecurityHeadersTests {
    /// `PageModelTests.app` with a route whose path holds its token, mounted at `/suma/` and at
    /// the root of `suma.finance`.
    static func makeApplication() throws -> WebApplication {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        let layout = LiveApp.repository.appendingPathComponent("Views/_layout")
        try FileManager.default.createDirectory(at: views.appendingPathComponent("suma"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: layout, to: views.appendingPathComponent("_layout"))
        let app = PageModelTests.app.replacingOccurrences(of: "<routes>", with: """
            <routes>
            <route name="confirm" path="/auth/confirm/{token}" title="Confirm" owner="auth" deep-link="true">
              <param name="token"/>
            </route>
            """)
        try Data(app.utf8).write(to: views.appendingPathComponent("suma/app.xml"))
        for name in ["login", "register", "personal-info", "terms", "home", "profile", "confirm"] {
            let screen = "{{extends \"_layout/app\"}}{{#block \"content\"}}<p>The \(name) screen.</p>{{/block}}"
            try Data(screen.utf8).write(to: views.appendingPathComponent("suma/\(name).html"))
        }
        let web = try WebApplication(views: views.path, publicFolder: views.appendingPathComponent("_layout").path, store: TestStore.fresh("web").store,
                                     appHosts: ["suma.finance": "suma"])
        #expect(web.problems.isEmpty, "\(web.problems)")
        return web
    }

    @Test(arguments: [
        ("localhost", "/suma/auth/confirm/abc123", "no-referrer"),
        ("suma.finance", "/auth/confirm/abc123", "no-referrer"),
        ("localhost", "/suma/auth/login?token=abc123", "no-referrer"),
        ("localhost", "/suma/auth/login?tokens=abc123", "strict-origin-when-cross-origin"),
        ("localhost", "/suma/auth/login", "strict-origin-when-cross-origin"),
        ("suma.finance", "/auth/login", "strict-origin-when-cross-origin"),
        ("localhost", "/nowhere/auth/confirm/abc123", "strict-origin-when-cross-origin"),
    ])
    func aTokenInTheURLSilencesTheReferer(host: String, target: String, policy: String) throws {
        let web = try Self.makeApplication()
        let response = web.router.respond(to: try HTTPRequest(method: .get, target: target, headers: HTTPHeaders([("Host", host)])))
        #expect(response.headers["Referrer-Policy"] == policy)
    }
}
