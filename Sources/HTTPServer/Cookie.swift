/// A cookie to set on the client (RFC 6265 §4.1).
public struct Cookie: Hashable, Sendable {
    /// The `SameSite` attribute.
    public enum SameSite: String, Hashable, Sendable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public var name: String
    public var value: String
    public var path: String?
    /// Seconds until it expires; 0 deletes it.
    public var maxAge: Int?
    public var httpOnly: Bool
    public var secure: Bool
    public var sameSite: SameSite?

    /// Creates a cookie. Name and value must be cookie-safe (RFC 6265 §4.1.1): tokens and
    /// cookie-octets, as session ids are.
    public init(
        name: String, value: String, path: String? = "/", maxAge: Int? = nil,
        httpOnly: Bool = true, secure: Bool = false, sameSite: SameSite? = .lax
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// The `Set-Cookie` field value.
    public var headerValue: String {
        var parts = ["\(name)=\(value)"]
        if let path { parts.append("Path=\(path)") }
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        if let sameSite { parts.append("SameSite=\(sameSite.rawValue)") }
        return parts.joined(separator: "; ")
    }
}
