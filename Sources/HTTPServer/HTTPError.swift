/// An error that knows its HTTP status. Thrown by handlers, it becomes a response with that
/// status and `message` as its body; nothing else about the server leaks out.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The status to answer with.
    public let status: HTTPStatus
    /// A message safe to show the client.
    public let message: String
    /// Fields the response must carry, such as `Allow` on a 405.
    public let headers: HTTPHeaders

    /// Creates an error; without a message the reason phrase is used.
    public init(_ status: HTTPStatus, _ message: String? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message ?? status.reason
        self.headers = headers
    }

    public var description: String { "\(status): \(message)" }
}
