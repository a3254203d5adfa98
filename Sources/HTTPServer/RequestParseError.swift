/// A request the parser refuses. The connection answers with `status` and closes, since the
/// framing of anything after a malformed request cannot be trusted (RFC 9112 §11.2).
public struct RequestParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The status to answer with.
    public let status: HTTPStatus
    /// What was wrong, for the log and the response body.
    public let reason: String

    init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    static func bad(_ reason: String) -> RequestParseError {
        RequestParseError(.badRequest, reason)
    }

    public var description: String { "\(status): \(reason)" }
}
