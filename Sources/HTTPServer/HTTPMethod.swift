/// A request method (RFC 9110 §9): an open set of tokens, with the standard ones as constants.
public struct HTTPMethod: Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent, case-sensitive (RFC 9110 §9.1).
    public let rawValue: String

    /// Creates a method from its token.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let get = HTTPMethod("GET")
    public static let head = HTTPMethod("HEAD")
    public static let post = HTTPMethod("POST")
    public static let put = HTTPMethod("PUT")
    public static let delete = HTTPMethod("DELETE")
    public static let patch = HTTPMethod("PATCH")
    public static let options = HTTPMethod("OPTIONS")
    public static let trace = HTTPMethod("TRACE")
    public static let connect = HTTPMethod("CONNECT")

    /// The methods this server knows; any other is answered 501 (RFC 9110 §9.1).
    public static let known: Set<HTTPMethod> = [.get, .head, .post, .put, .delete, .patch, .options, .trace, .connect]
}
