/// A response: status, header fields and the whole body.
///
/// The server adds `Content-Length`, `Date`, `Connection`, `X-Request-Id` and
/// `X-Content-Type-Options` when it sends it.
public struct HTTPResponse: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body; dropped when sent for `HEAD` or with a status that forbids one.
    public var body: [UInt8]

    /// Creates a response.
    public init(_ status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a body of the given content type.
    public init(_ status: HTTPStatus = .ok, contentType: String, body: [UInt8]) {
        self.init(status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }

    /// A plain-text response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// A redirect to `location`, by default `303 See Other` (Post/Redirect/Get).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        HTTPResponse(status, headers: HTTPHeaders([("Location", location)]))
    }

    /// Adds a `Set-Cookie` field.
    public mutating func setCookie(_ cookie: Cookie) {
        headers.add("Set-Cookie", cookie.headerValue)
    }
}
