import FlowDefinition
import HTTPServer
import Navigation

/// The security policy fields FlowPages adds to every response it gives (the server itself adds
/// `X-Content-Type-Options: nosniff`): a Content-Security-Policy on HTML, and a Referrer-Policy
/// that keeps the URL of a page carrying a token out of every `Referer`.
package struct SecurityHeaders: Sendable {
    /// Pages load only this server's stylesheet, post only to it, and are never framed; no
    /// inline style or script is needed, since there is none.
    package static let contentSecurityPolicy = "default-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    /// The path patterns with a placeholder named `token`, with the path prefix of their app.
    private let tokenPaths: [(prefix: String, pattern: PathPattern)]

    /// The policy for `apps`, each mounted at `/<app-id>` and possibly at the root of a host.
    init(apps: [AppDefinition]) {
        var paths: [(String, PathPattern)] = []
        for app in apps {
            for path in app.navigation.routes.flatMap({ [$0.path] + $0.aliases }) {
                guard let pattern = try? PathPattern(path), pattern.parameterNames.contains("token") else { continue }
                paths += [("/" + app.id, pattern), ("", pattern)]
            }
        }
        tokenPaths = paths
    }

    /// `response` with the policy's fields for `request`.
    func apply(to response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        var response = response
        if let type = response.headers["Content-Type"], type.lowercased().hasPrefix("text/html") {
            response.headers.set("Content-Security-Policy", Self.contentSecurityPolicy)
        }
        response.headers.set("Referrer-Policy", carriesToken(request) ? "no-referrer" : "strict-origin-when-cross-origin")
        return response
    }

    /// Whether the request's URL holds a secret a `Referer` would hand on: a `token` in its
    /// query or its path, or a link passed to an opener (`/_open?url=…?token=…`, or an app's own
    /// `/<app>/_open`).
    func carriesToken(_ request: HTTPRequest) -> Bool {
        if request.query.contains(where: { $0.name == "token" }) || request.path.hasSuffix(ReservedPath.opener.path) { return true }
        return tokenPaths.contains { prefix, pattern in
            guard request.rawPath.hasPrefix(prefix) else { return false }
            return pattern.match(request.rawPath.dropFirst(prefix.count))?["token"] != nil
        }
    }
}
