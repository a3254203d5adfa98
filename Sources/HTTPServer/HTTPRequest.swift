/// A complete request as a handler sees it: head decoded, body read in full.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The request target as sent, such as `/listing/123?tab=photos`.
    public var target: String
    /// The path, still percent-encoded, as routes with placeholders want it.
    public var rawPath: String
    /// The path, percent-decoded.
    public var path: String
    /// The query items, decoded, in order.
    public var query: [(name: String, value: String)]
    /// The protocol version.
    public var version: HTTPVersion
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body (empty without one).
    public var body: [UInt8]
    /// The values of the route's `{name}` placeholders, by name, each percent-decoded from its
    /// own path segment; set by ``Router`` before the handler runs, and empty for other routes.
    public var parameters: [String: String] = [:]
    /// This request's id, also sent back as `X-Request-Id` and written to the access log.
    public var id: String
    /// The client's address as the per-address limits count it (an IPv6 client's /64): the
    /// peer's, or behind one of ``ServerConfiguration/trustedProxies`` the one it forwarded for.
    /// Empty for a request not read from a socket.
    public var clientAddress = ""

    /// Creates a request, decoding `target` into its path and query.
    /// - Throws: ``HTTPError`` 400 when the target is not an origin-form path with valid percent-encoding.
    public init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], id: String = "-"
    ) throws(HTTPError) {
        let (rawPath, rawQuery) = Self.split(target)
        guard rawPath.first == "/" else {
            throw HTTPError(.badRequest, "The request target must be a path.")
        }
        guard let path = URLEncoding.decode(rawPath.utf8), !path.utf8.contains(0) else {
            throw HTTPError(.badRequest, "The path has an invalid percent-encoding.")
        }
        guard let query = rawQuery.map({ URLEncoding.decodeForm($0.utf8) }) ?? [] else {
            throw HTTPError(.badRequest, "The query has an invalid percent-encoding.")
        }
        self.method = method
        self.target = target
        self.rawPath = String(rawPath)
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.id = id
    }

    /// The first value of query item `name`.
    public func query(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    private static func split(_ target: String) -> (Substring, Substring?) {
        guard let mark = target.firstIndex(of: "?") else { return (target[...], nil) }
        return (target[..<mark], target[target.index(after: mark)...])
    }
}
