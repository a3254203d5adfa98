/// A prototype account: unique email per app, profile fields, verified and fixture flags.
public struct Account: Hashable, Sendable {
    public let id: Int
    public let app: String
    /// The email as it was registered.
    public let email: String
    public let profile: [String: String]
    public let isVerified: Bool
    /// Whether it is one of an app's documented fixture accounts, whose password is public.
    public let isFixture: Bool
    /// The dev mailbox its mail is kept in: the data key of the session that registered it. Nil
    /// for fixtures, whose mail goes to whichever tester asked for it, and for accounts made
    /// before mailboxes were kept.
    public let mailbox: String?

    public init(id: Int, app: String, email: String, profile: [String: String], isVerified: Bool, isFixture: Bool, mailbox: String? = nil) {
        self.id = id
        self.app = app
        self.email = email
        self.profile = profile
        self.isVerified = isVerified
        self.isFixture = isFixture
        self.mailbox = mailbox
    }
}

/// What kind of single-use secret to issue.
public enum SecretKind: String, Sendable {
    /// A 256-bit token for a link.
    case linkToken = "link"
    /// A 6-digit code to type.
    case code
}

/// Why an account could not be created.
public enum AccountError: Error, Hashable, Sendable {
    case emailTaken
}
