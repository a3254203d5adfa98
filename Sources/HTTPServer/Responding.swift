/// What a server asks, for each request, how it will be answered: a ``Router``, or something
/// that picks one per request (FlowPages' views that reload when their files change).
public protocol Responding: Sendable {
    /// Routes `request` without answering it yet: whether the answer may block, and the answer.
    func responder(for request: HTTPRequest) -> Router.Responder
}

extension Router: Responding {}
