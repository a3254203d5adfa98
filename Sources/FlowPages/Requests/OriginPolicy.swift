import Foundation
import HTTPServer

/// Which origins may post to an app: the request's own (its scheme and `Host`) and the public
/// origins configured for it, such as the address a Host-rewriting reverse proxy answers on.
///
/// Origins are compared as RFC 6454 tuples (scheme, host, port), case-insensitively and with
/// default ports left out, so `HTTPS://Suma.Finance:443` is `https://suma.finance`.
public struct OriginPolicy: Sendable, Equatable {
    /// The origins accepted whatever the request's `Host`, serialized as `scheme://host[:port]`.
    public let publicOrigins: Set<String>
    /// The `https` public origins whose host and port no `http` one shares: a request naming
    /// one of them reached the browser's side over TLS.
    private let httpsOnlyOrigins: Set<String>

    /// Creates a policy; origins that are not `http` or `https` origins are left out (check them
    /// with ``normalized(_:)`` first).
    /// - Parameters:
    ///   - publicOrigins: The `--public-origin`s.
    ///   - appHosts: Host names served as the app's root, whose `https://` and `http://` origins
    ///     are accepted too (saying nothing of which one a browser uses).
    init(publicOrigins: [String] = [], appHosts: [String] = []) {
        let configured = Set(publicOrigins.compactMap(Self.normalized))
        self.publicOrigins = configured.union(appHosts.flatMap { ["https://" + $0, "http://" + $0] }.compactMap(Self.normalized))
        httpsOnlyOrigins = configured.filter { origin in
            origin.hasPrefix("https://") && !configured.contains("http://" + origin.dropFirst("https://".count))
        }
    }

    /// Refuses a post that a browser says came from another site.
    ///
    /// The rules of Go 1.25's `CrossOriginProtection`: a browser's Fetch Metadata decides first —
    /// only `Sec-Fetch-Site: same-origin` (or `none`, a person's own action) may post; then
    /// `Origin`, when sent, must be a public origin or the request's own. Requests without
    /// either field pass: they are not from a browser, which sends at least one. This alone
    /// guards a stranger's post from a public page (``PublicPages``), which carries no token; a
    /// stored session's posts carry its CSRF token as well.
    /// - Throws: ``HTTPError`` 403.
    func check(_ request: HTTPRequest) throws(HTTPError) {
        let site = Self.fetchSite(of: request)
        if let site, site != "same-origin", site != "none" {
            throw Self.refusal
        }
        guard let origin = request.headers["Origin"] else { return }
        if origin == "null" {
            // Fetch §4.1 serializes a same-origin form post's origin as `null` when its page's
            // referrer policy is `no-referrer`, as token pages' is; the browser's own
            // `Sec-Fetch-Site` then vouches for it. Sandboxed frames and data: URLs send `null` too.
            guard site == "same-origin" else { throw Self.refusal }
            return
        }
        guard let origin = Self.normalized(origin) else { throw Self.refusal }
        if publicOrigins.contains(origin) { return }
        guard origin == Self.origin(of: request) else { throw Self.refusal }
    }

    /// Whether a GET is a navigation from one of the app's own pages, or typed or bookmarked
    /// (`Sec-Fetch-Site` same-origin or none) — never a link or a form of another site. A
    /// browser that sends no Fetch Metadata is believed only without a `Referer` or with one
    /// of the request's own origin. Writes an app declares for opening a screen run only then.
    static func isOwnNavigation(_ request: HTTPRequest) -> Bool {
        if let site = Self.fetchSite(of: request) {
            return site == "same-origin" || site == "none"
        }
        guard let referer = request.headers["Referer"] else { return true }
        // Browsers send a Referer serialized as an origin is (lower case, no default port): a
        // prefix says whether it is one of ours, without parsing a URL on every page.
        guard let origin = Self.origin(of: request) else { return false }
        let from = referer.lowercased()
        return from == origin || from.hasPrefix(origin + "/")
    }

    /// `Sec-Fetch-Site`, lower-cased. (Field values come without their surrounding spaces and
    /// tabs, RFC 9112 §5; Foundation's trimming cost a page 1.8 % of its time.)
    private static func fetchSite(of request: HTTPRequest) -> String? {
        request.headers["Sec-Fetch-Site"]?.lowercased()
    }

    /// The origin a request was addressed to: its scheme (``scheme(of:)``) and `Host`, or with
    /// `forwardedHost` the first `X-Forwarded-Host` when there is one — the browser's, which a
    /// proxy that rewrites `Host` passes on. Only for URLs written into the answer to the
    /// request itself: a client may send any `X-Forwarded-Host`, so posts are never judged by it.
    static func origin(of request: HTTPRequest, forwardedHost: Bool = false) -> String? {
        let forwarded = forwardedHost
            ? request.headers["X-Forwarded-Host"]?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } : nil
        guard let host = forwarded ?? request.headers["Host"] else { return nil }
        return normalized(scheme(of: request) + "://" + host)
    }

    /// An origin as `scheme://host[:port]`, lower-cased and without its scheme's default port;
    /// nil for anything else (another scheme, a path, user info, a bad port).
    public static func normalized(_ origin: String) -> String? {
        // Read on every page that links to itself absolutely: ASCII, as origins are, is
        // lower-cased byte by byte, and the separator found without Foundation.
        let text = origin.utf8.allSatisfy { $0 < 0x80 }
            ? String(decoding: origin.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            : origin.lowercased()
        guard let separator = Self.schemeSeparator(in: text) else { return nil }
        let scheme = text[..<separator.lowerBound]
        let defaultPort = switch scheme {
        case "http": "80"
        case "https": "443"
        default: ""
        }
        guard !defaultPort.isEmpty else { return nil }
        var authority = text[separator.upperBound...]
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        var host = authority
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(where: { "/?#@ \t\\".contains($0) }) else { return nil }
        if let digits = port {
            guard let number = Int(digits), digits.allSatisfy({ $0.isASCII && $0.isNumber }), (1...65535).contains(number) else { return nil }
            port = String(number) == defaultPort ? nil : Substring(String(number))
        }
        return "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    /// Where `://` is in `text`.
    private static func schemeSeparator(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let colon = utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            let rest = utf8[utf8.index(after: colon)...]
            if rest.starts(with: "//".utf8) { return colon..<utf8.index(colon, offsetBy: 3) }
            index = utf8.index(after: colon)
        }
        return nil
    }

    /// Whether the browser sent the request over https, so its cookies are `Secure`: a TLS proxy
    /// says so in `X-Forwarded-Proto` (``scheme(of:)``), or the request names an https-only
    /// public origin's host, in `Host` or, from a proxy that rewrites `Host`, the first
    /// `X-Forwarded-Host`. A client naming such a host over plain HTTP only keeps its own
    /// cookie from being sent back over plain HTTP.
    func isHTTPS(_ request: HTTPRequest) -> Bool {
        if Self.scheme(of: request) == "https" { return true }
        guard !httpsOnlyOrigins.isEmpty else { return false }
        let forwarded = request.headers["X-Forwarded-Host"]?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
        return [request.headers["Host"], forwarded].contains { host in
            host.flatMap { Self.normalized("https://" + $0) }.map(httpsOnlyOrigins.contains) ?? false
        }
    }

    /// The scheme the browser used: `https` behind a TLS proxy that says so in
    /// `X-Forwarded-Proto` (its first value, for a chain of proxies), `http` otherwise.
    static func scheme(of request: HTTPRequest) -> String {
        let first = request.headers["X-Forwarded-Proto"]?.split(separator: ",").first.map { String($0).trimmingCharacters(in: .whitespaces).lowercased() }
        return first == "https" ? "https" : "http"
    }

    private static let refusal = HTTPError(.forbidden, "Posts from other sites are refused.")
}
