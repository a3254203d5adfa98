import Foundation
import HTTPServer

/// The host a request names, as the routers pick an app by it.
extension WebApplication {
    /// The Host header's name, lower-cased, without its port.
    static func hostName(_ request: HTTPRequest) -> String {
        hostName(of: request.headers["Host"] ?? "")
    }

    /// A `host[:port]`'s name, lower-cased, without its port.
    static func hostName(of authority: String) -> String {
        let host = authority.lowercased()
        if host.hasPrefix("[") { return String(host.prefix { $0 != "]" }) + "]" }
        return String(host.prefix { $0 != ":" })
    }

    /// The host name that picks an app host: the `Host`'s, or behind a reverse proxy that
    /// rewrites `Host`, the first `X-Forwarded-Host`'s when it names an app host and `Host` does
    /// not. A client could as well send that name as `Host`, so this only picks which app
    /// answers; posts are still checked against the request's own `Host` and the app's origins.
    static func appHostName<Value>(_ request: HTTPRequest, rooted: [String: Value]) -> String {
        let host = hostName(request)
        guard rooted[host] == nil, let forwarded = request.headers["X-Forwarded-Host"]?.split(separator: ",").first else { return host }
        let name = hostName(of: forwarded.trimmingCharacters(in: .whitespaces))
        return rooted[name] == nil ? host : name
    }
}
