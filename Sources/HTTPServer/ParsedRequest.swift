/// A request as the parser frames it: head fields checked, body complete and de-chunked.
public struct ParsedRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// The request target, in origin form (`/path?query`), or `*`.
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Whether the connection stays open after the response (RFC 9112 §9.3).
    public var keepAlive: Bool
}

/// What the parser has found in the bytes so far.
public enum ParseOutput: Sendable, Equatable {
    /// A head asking `Expect: 100-continue` is complete; send `100 Continue` and wait for the body.
    case expectContinue
    /// A whole request.
    case request(ParsedRequest)
}
