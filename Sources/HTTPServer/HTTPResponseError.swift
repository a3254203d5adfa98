/// An error that knows its whole response, status and body (a redirect to sign in, a form
/// answered again with its mistakes). Thrown by a handler, it is turned into that response at
/// the one boundary, ``Router``, which then runs ``Router/finish`` on it as on every response.
public protocol HTTPResponseError: Error {
    /// The response that answers `request`.
    func response(for request: HTTPRequest) -> HTTPResponse
}
