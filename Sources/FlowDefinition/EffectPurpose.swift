/// What a code or link token of the prototype backend is for (`<effect purpose="…">`, a fixture
/// `<code purpose="…">`): a code issued for one purpose never redeems another. A purpose also
/// names the deep-linkable route its mailed link opens.
public struct EffectPurpose: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Proving an email address is the person's: the code of a registration.
    public static let verifyEmail = EffectPurpose(rawValue: "verify-email")
    /// Setting a new password without the old one.
    public static let resetPassword = EffectPurpose(rawValue: "reset-password")

    public var description: String { rawValue }
}
