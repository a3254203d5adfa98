/// The data an app ships with, for prototypes and tests.
public struct FixtureSet: Hashable, Sendable {
    public struct Account: Hashable, Sendable {
        public let email: String
        public let password: String
        public let verified: Bool
        public let profile: [String: String]
    }

    /// A documented code or token and whether it is accepted.
    public struct Secret: Hashable, Sendable {
        public let purpose: EffectPurpose
        public let value: String
        public let isValid: Bool
    }

    public let accounts: [Account]
    public let codes: [Secret]
    public let tokens: [Secret]

    /// No fixtures: what an app serves with when it is not a prototype.
    public static let none = FixtureSet(accounts: [], codes: [], tokens: [])
}
