/// The accounts a store keeps, changed inside a ``StoreTransaction``. Passwords arrive hashed
/// (``PasswordHasher``): hashing is slow on purpose and never runs inside a transaction.
public protocol AccountWrites: AccountReads {
    /// Creates an account, its mail kept in the dev mailbox `mailbox` (the registering session's
    /// data key); the email is unique per app by its ``Account/emailKey(_:)``.
    /// - Throws: ``AccountError/emailTaken``.
    func create(app: String, email: String, passwordHash: String, profile: [String: String], verified: Bool, isFixture: Bool, mailbox: String?,
                now: Int64) throws -> Account
    func setPasswordHash(accountID: Int, _ hash: String) throws
    func markVerified(accountID: Int) throws
    /// Adds `values` to the account's profile, replacing those of the same names.
    func updateProfile(accountID: Int, merging values: [String: String]) throws
    /// Replaces the whole profile.
    func setProfile(accountID: Int, _ profile: [String: String]) throws
    /// Marks the accounts of `emails` as documented fixtures (their passwords are public); returns
    /// how many there are.
    @discardableResult
    func markFixtures(app: String, emails: [String]) throws -> Int
    /// Issues a secret for `purpose`, valid for `lifetime` ms, voiding the account's unused
    /// secrets of the same kind and purpose; only its hash is stored.
    func issue(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64) throws -> String
    /// Uses a link token: the account it was issued to, once. Every other secret of the account
    /// for `purpose` (the code of the same mail) is void from then on.
    func redeem(token: String, purpose: String, now: Int64) throws -> Int?
    /// Uses a typed code: true once, voiding the account's other secrets for `purpose` (the
    /// link of the same mail); a wrong one uses up an attempt of the account's live codes.
    func redeem(code: String, accountID: Int, purpose: String, now: Int64) throws -> Bool
}

extension AccountWrites {
    /// Creates an unverified account that is no fixture, as registering does.
    public func create(app: String, email: String, passwordHash: String, mailbox: String, now: Int64) throws -> Account {
        try create(app: app, email: email, passwordHash: passwordHash, profile: [:], verified: false, isFixture: false, mailbox: mailbox, now: now)
    }
}
