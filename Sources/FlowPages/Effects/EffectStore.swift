import FlowStore

/// What an effect may do to the store inside the request's transaction, and only what its
/// ``EffectAccess`` declares: a call outside it throws ``EffectAccessDenied``. Not copyable and
/// lent `borrowing` to ``Effect/perform(_:prepared:state:context:in:)``, so an effect cannot keep
/// it past the call; the transaction it wraps is never handed out.
public struct EffectStore: ~Copyable, AccountReads {
    private let transaction: any StoreTransaction
    private let access: EffectAccess
    private let effect: String

    init(_ transaction: any StoreTransaction, access: EffectAccess, effect: String) {
        self.transaction = transaction
        self.access = access
        self.effect = effect
    }

    // MARK: Accounts and profiles

    public func account(app: String, email: String) throws -> Account? {
        try reading(.accounts, or: .profile)
        return try transaction.accounts.account(app: app, email: email)
    }

    public func account(id: Int) throws -> Account? {
        try reading(.accounts, or: .profile)
        return try transaction.accounts.account(id: id)
    }

    public func credentials(app: String, email: String) throws -> (account: Account, passwordHash: String)? {
        try reading(.accounts)
        return try transaction.accounts.credentials(app: app, email: email)
    }

    /// Creates an unverified account that is no fixture, its mail kept in `mailbox`.
    /// - Throws: ``AccountError/emailTaken``.
    public func createAccount(app: String, email: String, passwordHash: String, mailbox: String, now: Int64) throws -> Account {
        try writing(.accounts)
        return try transaction.accounts.create(app: app, email: email, passwordHash: passwordHash, mailbox: mailbox, now: now)
    }

    public func setPasswordHash(accountID: Int, _ hash: String) throws {
        try writing(.accounts)
        try transaction.accounts.setPasswordHash(accountID: accountID, hash)
    }

    public func markVerified(accountID: Int) throws {
        try writing(.accounts)
        try transaction.accounts.markVerified(accountID: accountID)
    }

    public func updateProfile(accountID: Int, merging values: [String: String]) throws {
        try writing(.profile)
        try transaction.accounts.updateProfile(accountID: accountID, merging: values)
    }

    /// The session's copy of a fixture account (``FixtureAccountCopy``): its profile and password.
    func accountCopy(app: String, scope: RecordScope) throws -> StoredRecord? {
        try reading(.profile, or: .accounts)
        guard case .accountCopy = scope else { return nil }
        return try transaction.records.find(app: app, collection: FixtureAccountCopy.collection, scope: scope, id: FixtureAccountCopy.recordID)
    }

    func updateAccountCopy(app: String, scope: RecordScope, values: [String: RecordValue], now: Int64) throws -> Bool {
        try writing(.profile, or: .accounts)
        guard case .accountCopy = scope else { return false }
        return try transaction.records.update(app: app, collection: FixtureAccountCopy.collection, scope: scope, id: FixtureAccountCopy.recordID,
                                              values: values, now: now)
    }

    // MARK: Secrets, attempts, mail, other sessions

    public func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int? {
        try reading(.secrets)
        return try transaction.accounts.tokenHolder(token, purpose: purpose, now: now)
    }

    /// See ``AccountWrites/issue(_:purpose:accountID:lifetime:now:)``.
    public func issue(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64) throws -> String {
        try writing(.secrets)
        return try transaction.accounts.issue(kind, purpose: purpose, accountID: accountID, lifetime: lifetime, now: now)
    }

    public func redeem(token: String, purpose: String, now: Int64) throws -> Int? {
        try writing(.secrets)
        return try transaction.accounts.redeem(token: token, purpose: purpose, now: now)
    }

    public func redeem(code: String, accountID: Int, purpose: String, now: Int64) throws -> Bool {
        try writing(.secrets)
        return try transaction.accounts.redeem(code: code, accountID: accountID, purpose: purpose, now: now)
    }

    /// Forgets the attempts counted under `keys` (see ``AttemptWrites/clear(_:)``).
    public func clearAttempts(_ keys: [AttemptKey]) throws {
        try writing(.attempts)
        try transaction.attempts.clear(keys)
    }

    /// Takes back this request's attempt under each of `keys` (see ``AttemptWrites/refund(_:)``).
    public func refundAttempts(_ keys: [AttemptKey]) throws {
        try writing(.attempts)
        try transaction.attempts.refund(keys)
    }

    /// Records a mail for the dev mailbox `mailbox`; sent only if the request commits.
    public func sendMail(app: String, mailbox: String?, to recipient: String, subject: String, body: String, link: String?, now: Int64) throws {
        try writing(.outbox)
        try transaction.outbox.send(app: app, mailbox: mailbox, to: recipient, subject: subject, body: body, link: link, now: now)
    }

    /// Ends the other sessions signed in as `userID`, as a password reset does.
    public func endSessions(app: String, userID: String, except: String?) throws {
        try writing(.sessions)
        try transaction.sessions.end(app: app, userID: userID, except: except)
    }

    // MARK: Access

    /// Reading is allowed by declaring the data read, or written.
    private func reading(_ data: EffectAccess.Data, or other: EffectAccess.Data? = nil) throws {
        let declared = access.reads.union(access.writes)
        guard declared.contains(data) || other.map(declared.contains) == true else {
            throw EffectAccessDenied(effect: effect, data: data, isWrite: false)
        }
    }

    private func writing(_ data: EffectAccess.Data, or other: EffectAccess.Data? = nil) throws {
        guard access.writes.contains(data) || other.map(access.writes.contains) == true else {
            throw EffectAccessDenied(effect: effect, data: data, isWrite: true)
        }
    }
}

/// An effect touched data its ``EffectAccess`` does not declare: a mistake in the effect, which
/// the request answers with a server error (nothing of it is kept).
public struct EffectAccessDenied: Error, Hashable, CustomStringConvertible {
    public let effect: String
    public let data: EffectAccess.Data
    public let isWrite: Bool

    public var description: String {
        "the effect '\(effect)' \(isWrite ? "wrote" : "read") \(data.rawValue) without declaring it in its access"
    }
}
