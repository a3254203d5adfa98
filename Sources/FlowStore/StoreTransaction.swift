/// The writes of one unit of work, and the reads that decide them, inside one transaction of a
/// ``WebStore``. Valid only inside the closure that received it.
public protocol StoreTransaction: AccountReads, RecordReads, RecordWrites {
    // MARK: Sessions

    /// Starts a session with the secret its CSRF tokens derive from (and `previousSecrets`, those
    /// of pages a visitor was shown before) and the key its own copy of session-scoped data is
    /// kept under, and who is signed in in `state` (`userID`, so a password reset can end it);
    /// returns its new id (256 random bits) for the cookie.
    func createSession(app: String, state: [UInt8], userID: String?, csrfSecret: String, previousSecrets: [String], dataKey: String, now: Int64) throws
        -> String
    /// Saves `state` if the session is still at `expectedVersion`; a lost race is reported, never
    /// overwritten. `screenSince` is when its screen was opened, given when the screen changed.
    func saveSession(id: String, state: [UInt8], expectedVersion: Int, screenSince: Int64?, now: Int64) throws -> SaveOutcome
    /// Saves `state` under a new id and a new CSRF secret if the session is still at
    /// `expectedVersion` (sign-in, sign-out: `userID` is who is signed in now), keeping
    /// `previousSecrets` as the secrets it had; its events stay its own. Returns the outcome and,
    /// when saved, the new id.
    func rotateSession(id: String, state: [UInt8], userID: String?, expectedVersion: Int, csrfSecret: String, previousSecrets: [String],
                       screenSince: Int64?, now: Int64) throws
        -> (SaveOutcome, String?)
    /// Ends every session of `app` signed in as `userID` but the one with id `except`, with its
    /// copies of app data, as a password reset does.
    func endSessions(app: String, userID: String, except: String?) throws
    /// Appends events of a session (nil: of no session), with the daily counts they add
    /// (``EventCounts``) and the deep-link counts.
    func appendEvents(_ events: [StoredEvent], session: String?) throws

    // MARK: Accounts

    /// Creates an unverified account with a hash from ``WebStore/hashPassword(_:)``, its mail
    /// kept in the dev mailbox `mailbox` (the registering session's data key).
    /// - Throws: ``AccountError/emailTaken``.
    func createAccount(app: String, email: String, passwordHash: String, mailbox: String, now: Int64) throws -> Account
    func setPasswordHash(accountID: Int, _ hash: String) throws
    func markVerified(accountID: Int) throws
    /// Adds `values` to the account's profile, replacing those of the same names.
    func updateProfile(accountID: Int, merging values: [String: String]) throws
    /// Issues a secret for `purpose`, valid for `lifetime` ms, voiding the account's unused
    /// secrets of the same kind and purpose; only its hash is stored.
    func issueSecret(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64) throws -> String
    /// Uses a link token: the account it was issued to, once. Every other secret of the account
    /// for `purpose` (the code of the same mail) is void from then on.
    func redeemToken(_ token: String, purpose: String, now: Int64) throws -> Int?
    /// Uses a typed code: true once, voiding the account's other secrets for `purpose` (the
    /// link of the same mail); a wrong one uses up an attempt of the account's live codes.
    func redeemCode(_ code: String, accountID: Int, purpose: String, now: Int64) throws -> Bool
    /// Forgets the attempts counted under `keys`: a sign-in that succeeded, a password reset.
    func clearAttempts(_ keys: [AttemptKey]) throws
    /// Takes back the one attempt this request counted under each of `keys`, as it succeeded: a
    /// limit counts failures (and attempts still being checked), so an office behind one address
    /// signing in all morning is never held back, while each wrong guess still counts.
    func refundAttempt(_ keys: [AttemptKey]) throws

    // MARK: Outbox

    /// Records a mail for the dev mailbox `mailbox` (a session's data key; nil: no one's).
    func sendMail(app: String, mailbox: String?, to recipient: String, subject: String, body: String, link: String?, now: Int64) throws
}

extension StoreTransaction {
    /// Starts a session no page was shown for before.
    public func createSession(app: String, state: [UInt8], csrfSecret: String, dataKey: String, now: Int64) throws -> String {
        try createSession(app: app, state: state, userID: nil, csrfSecret: csrfSecret, previousSecrets: [], dataKey: dataKey, now: now)
    }

    /// Saves `state` on the same screen as before.
    public func saveSession(id: String, state: [UInt8], expectedVersion: Int, now: Int64) throws -> SaveOutcome {
        try saveSession(id: id, state: state, expectedVersion: expectedVersion, screenSince: nil, now: now)
    }

    /// Saves `state` under a new id and CSRF secret, on the same screen as before.
    public func rotateSession(id: String, state: [UInt8], userID: String?, expectedVersion: Int, csrfSecret: String, previousSecrets: [String],
                              now: Int64) throws -> (SaveOutcome, String?) {
        try rotateSession(id: id, state: state, userID: userID, expectedVersion: expectedVersion, csrfSecret: csrfSecret,
                          previousSecrets: previousSecrets, screenSince: nil, now: now)
    }
}
