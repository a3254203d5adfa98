import FlowStore
import Foundation

/// The prototype backend's accounts: unique email per app (compared by ``emailKey(_:)``),
/// profile fields, a verified flag, a fixture flag, a scrypt password hash, and single-use,
/// expiring, hashed tokens and codes.
public struct AccountStore: Sendable {
    public typealias Account = FlowStore.Account
    /// Why an account could not be created.
    public typealias AccountError = FlowStore.AccountError

    public let database: Database
    public let hasher: PasswordHasher
    /// What codes and link tokens are kept as HMACs under.
    let key: StoreKey

    public init(database: Database, key: StoreKey, hasher: PasswordHasher = .recommended) {
        self.database = database
        self.key = key
        self.hasher = hasher
    }

    /// How many wrong codes an account may type while a code is live; see ``SecretRules``.
    public static let maximumCodeAttempts = SecretRules.maximumCodeAttempts
    /// How many wrong codes an account may type for one purpose across codes that replace each other.
    public static let maximumCodeAttemptsAcrossCodes = SecretRules.maximumCodeAttemptsAcrossCodes

    /// What emails are compared by; see ``Account/emailKey(_:)``.
    public static func emailKey(_ email: String) -> String {
        Account.emailKey(email)
    }

    /// Creates an account; the email is unique per app by its ``emailKey(_:)``.
    /// - Parameter isFixture: Whether it is a documented fixture account (see ``FixtureSeeder``).
    /// - Throws: ``AccountError/emailTaken``, or ``PasswordHasher/Busy``.
    public func create(app: String, email: String, password: String, profile: [String: String] = [:], verified: Bool = false,
                       isFixture: Bool = false, now: Int64 = Timestamp.now()) throws -> Account {
        // Hashing is slow on purpose: do it before taking the write lock.
        let hash = try hasher.hash(password)
        return try database.write { connection in
            try create(app: app, email: email, passwordHash: hash, profile: profile, verified: verified, isFixture: isFixture, now: now, in: connection)
        }
    }

    /// Creates an account with a hash from ``PasswordHasher/hash(_:)`` inside a caller's write
    /// transaction. - Throws: ``AccountError/emailTaken``.
    public func create(app: String, email: String, passwordHash: String, profile: [String: String] = [:], verified: Bool = false,
                       isFixture: Bool = false, mailbox: String? = nil, now: Int64, in connection: SQLiteConnection) throws -> Account {
        let profileText = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        do {
            try connection.execute(
                """
                INSERT INTO accounts (app, email, email_key, password_hash, profile, verified, is_fixture, mailbox, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(app), .text(email), .text(Self.emailKey(email)), .text(passwordHash), .text(profileText), .bool(verified), .bool(isFixture),
                 .string(mailbox), .integer(now)]
            )
        } catch where error.code.primary == .constraint {
            throw AccountError.emailTaken
        }
        return Account(id: connection.lastInsertedRowID, app: app, email: email, profile: profile, isVerified: verified, isFixture: isFixture,
                       mailbox: mailbox)
    }

    /// The account for `email` (or an email with the same ``emailKey(_:)``), if any.
    public func account(app: String, email: String) throws -> Account? {
        try database.read { connection in try account(app: app, email: email, in: connection) }
    }

    /// The account for `email`, read with a caller's connection.
    public func account(app: String, email: String, in connection: SQLiteConnection) throws -> Account? {
        try connection.queryFirst("SELECT \(Self.columns) FROM accounts WHERE app = ? AND email_key = ?", [.text(app), .text(Self.emailKey(email))], Self.account)
    }

    /// The account with this id, if any.
    public func account(id: Int) throws -> Account? {
        try database.read { connection in try account(id: id, in: connection) }
    }

    /// The account with this id, read with a caller's connection.
    public func account(id: Int, in connection: SQLiteConnection) throws -> Account? {
        try connection.queryFirst("SELECT \(Self.columns) FROM accounts WHERE id = ?", [.integer(Int64(id))], Self.account)
    }

    /// Marks the accounts of `emails` as fixtures: an app's documented accounts, in a database
    /// seeded before fixtures were marked. Returns how many were newly marked.
    @discardableResult
    public func markFixtures(app: String, emails: [String]) throws -> Int {
        guard !emails.isEmpty else { return 0 }
        return try database.write { connection in
            try emails.reduce(0) { marked, email in
                marked + (try connection.execute("UPDATE accounts SET is_fixture = 1 WHERE app = ? AND email_key = ? AND is_fixture = 0",
                                                 [.text(app), .text(Self.emailKey(email))]))
            }
        }
    }

    /// Adds `values` to the account's profile, replacing those of the same names.
    public func updateProfile(accountID: Int, merging values: [String: String]) throws {
        try database.write { connection in try updateProfile(accountID: accountID, merging: values, in: connection) }
    }

    /// Adds to the profile inside a caller's write transaction.
    public func updateProfile(accountID: Int, merging values: [String: String], in connection: SQLiteConnection) throws {
        let stored = try connection.queryFirst("SELECT profile FROM accounts WHERE id = ?", [.integer(Int64(accountID))]) { $0.string(0) } ?? nil
        var profile = try JSONDecoder().decode([String: String].self, from: Data((stored ?? "{}").utf8))
        profile.merge(values) { _, new in new }
        let text = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        try connection.execute("UPDATE accounts SET profile = ? WHERE id = ?", [.text(text), .integer(Int64(accountID))])
    }

    /// Replaces the whole profile.
    public func setProfile(accountID: Int, _ profile: [String: String]) throws {
        let text = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        try database.write { try $0.execute("UPDATE accounts SET profile = ? WHERE id = ?", [.text(text), .integer(Int64(accountID))]) }
    }

    /// The account whose password matches, or nil. Without an account (or with a fixture
    /// account when `allowingFixtures` is false, as for an app serving real people) a dummy hash
    /// is still checked, so the time taken does not tell whether the email exists.
    /// - Throws: ``PasswordHasher/Busy`` when too many passwords are being checked.
    public func authenticate(app: String, email: String, password: String, allowingFixtures: Bool = true) throws -> Account? {
        guard let (account, hash) = try credentials(app: app, email: email), allowingFixtures || !account.isFixture else {
            _ = try hasher.verify(password, against: hasher.unmatchableHash)
            return nil
        }
        return try hasher.verify(password, against: hash) ? account : nil
    }

    /// The account of `email` with its password's hash (empty when a migration voided it).
    public func credentials(app: String, email: String) throws -> (Account, String)? {
        try database.read { connection in
            try connection.queryFirst("SELECT \(Self.columns), password_hash FROM accounts WHERE app = ? AND email_key = ?", [.text(app), .text(Self.emailKey(email))]) {
                (try Self.account($0), $0.string(7) ?? "")
            }
        }
    }

    /// Replaces the password.
    public func setPassword(accountID: Int, password: String) throws {
        let hash = try hasher.hash(password)
        try database.write { connection in try setPasswordHash(accountID: accountID, hash, in: connection) }
    }

    /// Replaces the password's hash inside a caller's write transaction.
    public func setPasswordHash(accountID: Int, _ hash: String, in connection: SQLiteConnection) throws {
        try connection.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", [.text(hash), .integer(Int64(accountID))])
    }

    /// Marks the email as verified.
    public func markVerified(accountID: Int) throws {
        try database.write { connection in try markVerified(accountID: accountID, in: connection) }
    }

    /// Marks the email as verified inside a caller's write transaction.
    public func markVerified(accountID: Int, in connection: SQLiteConnection) throws {
        try connection.execute("UPDATE accounts SET verified = 1 WHERE id = ?", [.integer(Int64(accountID))])
    }

    /// What kind of secret to issue.
    public typealias SecretKind = FlowStore.SecretKind

    /// Issues a secret for `purpose` (such as `verify-email` or `reset-password`), valid for
    /// `lifetime` milliseconds; only its hash is stored. It voids the account's unused secrets of
    /// the same kind and purpose: only the newest mail works.
    public func issue(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64 = Timestamp.now()) throws -> String {
        try database.write { connection in try issue(kind, purpose: purpose, accountID: accountID, lifetime: lifetime, now: now, in: connection) }
    }

    /// Issues a secret inside a caller's write transaction.
    public func issue(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64, in connection: SQLiteConnection) throws -> String {
        let secret = kind == .linkToken ? Secret.token() : Secret.code()
        let (account, purposeText, kindText) = (SQLiteValue.integer(Int64(accountID)), SQLiteValue.text(purpose), SQLiteValue.text(kind.rawValue))
        // A new code carries the wrong attempts of the live ones it voids, so asking for codes
        // again and again buys at most maximumCodeAttemptsAcrossCodes guesses.
        let earlier = try connection.queryFirst(
            "SELECT COALESCE(MAX(attempts + earlier_attempts), 0) FROM tokens WHERE account_id = ? AND purpose = ? AND (kind = ? OR kind IS NULL) AND used_at IS NULL AND expires_at > ?",
            [account, purposeText, kindText, .integer(now)]) { $0.int(0) } ?? 0
        // Secrets issued before kinds were stored (kind NULL) count as either kind.
        try connection.execute("DELETE FROM tokens WHERE account_id = ? AND purpose = ? AND (kind = ? OR kind IS NULL) AND used_at IS NULL",
                               [account, purposeText, kindText])
        try connection.execute("INSERT OR REPLACE INTO tokens (hash, account_id, purpose, expires_at, kind, earlier_attempts) VALUES (?, ?, ?, ?, ?, ?)",
                               [.blob(tokenHash(secret, accountID: kind == .code ? accountID : nil)), account, purposeText,
                                .integer(now + lifetime), kindText, .integer(Int64(earlier))])
        return secret
    }

    /// Uses a link token: the account it was issued to, once, if unexpired and for `purpose`.
    public func redeem(token: String, purpose: String, now: Int64 = Timestamp.now()) throws -> Int? {
        try database.write { connection in try redeem(token: token, purpose: purpose, now: now, in: connection) }
    }

    /// Uses a link token inside a caller's write transaction.
    public func redeem(token: String, purpose: String, now: Int64, in connection: SQLiteConnection) throws -> Int? {
        let hash = tokenHash(token, accountID: nil)
        // Marking it used in the same statement that checks it makes it single-use under races.
        let changed = try connection.execute(
            "UPDATE tokens SET used_at = ? WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
            [.integer(now), .blob(hash), .text(purpose), .integer(now)]
        )
        guard changed == 1, let account = try connection.queryFirst("SELECT account_id FROM tokens WHERE hash = ?", [.blob(hash)], { $0.int(0) }) else {
            return nil
        }
        try voidOthers(accountID: account, purpose: purpose, now: now, in: connection)
        return account
    }

    /// The account a link token was issued to, if it is unused, unexpired and for `purpose`,
    /// without using it: a link is checked when opened and used when its form is sent.
    public func holder(ofToken token: String, purpose: String, now: Int64 = Timestamp.now()) throws -> Int? {
        try database.read { connection in try holder(ofToken: token, purpose: purpose, now: now, in: connection) }
    }

    /// The holder of a token, read with a caller's connection.
    public func holder(ofToken token: String, purpose: String, now: Int64, in connection: SQLiteConnection) throws -> Int? {
        try connection.queryFirst("SELECT account_id FROM tokens WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
                                  [.blob(tokenHash(token, accountID: nil)), .text(purpose), .integer(now)]) { $0.int(0) }
    }

    /// Uses a code typed for a known account: true once, if unexpired, for `purpose`, and typed
    /// before ``maximumCodeAttempts`` wrong ones. A wrong code uses up an attempt of the
    /// account's live codes for `purpose`, so six digits cannot be guessed.
    public func redeem(code: String, accountID: Int, purpose: String, now: Int64 = Timestamp.now()) throws -> Bool {
        try database.write { connection in try redeem(code: code, accountID: accountID, purpose: purpose, now: now, in: connection) }
    }

    /// Uses a typed code inside a caller's write transaction.
    public func redeem(code: String, accountID: Int, purpose: String, now: Int64, in connection: SQLiteConnection) throws -> Bool {
        let changed = try connection.execute(
            "UPDATE tokens SET used_at = ? WHERE hash = ? AND account_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? AND attempts < ? AND attempts + earlier_attempts < ?",
            [.integer(now), .blob(tokenHash(code, accountID: accountID)), .integer(Int64(accountID)), .text(purpose), .integer(now),
             .integer(Int64(Self.maximumCodeAttempts)), .integer(Int64(Self.maximumCodeAttemptsAcrossCodes))]
        )
        guard changed == 0 else {
            try voidOthers(accountID: accountID, purpose: purpose, now: now, in: connection)
            return true
        }
        try connection.execute(
            "UPDATE tokens SET attempts = attempts + 1 WHERE account_id = ? AND purpose = ? AND (kind = 'code' OR kind IS NULL) AND used_at IS NULL AND expires_at > ?",
            [.integer(Int64(accountID)), .text(purpose), .integer(now)]
        )
        return false
    }

    private func tokenHash(_ secret: String, accountID: Int?) -> [UInt8] {
        SecretRules.storedHash(of: secret, accountID: accountID, key: key)
    }

    /// Marks every other unused secret of the account for `purpose` used: one mail's code and
    /// link are one proof, good once.
    private func voidOthers(accountID: Int, purpose: String, now: Int64, in connection: SQLiteConnection) throws {
        try connection.execute("UPDATE tokens SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL",
                               [.integer(now), .integer(Int64(accountID)), .text(purpose)])
    }

    /// Gives every account its ``emailKey(_:)``, once, when the column is added (a migration's
    /// SQL cannot fold Unicode). Accounts registered before as look-alikes of an older one keep
    /// a key no email has (it has spaces), so sign-in and "already exists" find the older one.
    static func assignEmailKeys(_ connection: SQLiteConnection) throws {
        let accounts = try connection.query("SELECT id, app, email FROM accounts ORDER BY id") { ($0.int(0), $0.string(1) ?? "", $0.string(2) ?? "") }
        var taken: Set<[String]> = []
        for (id, app, email) in accounts {
            var key = emailKey(email)
            if !taken.insert([app, key]).inserted { key += " (look-alike of an older account, id \(id))" }
            try connection.execute("UPDATE accounts SET email_key = ? WHERE id = ?", [.text(key), .integer(Int64(id))])
        }
    }

    private static let columns = "id, email, profile, verified, app, is_fixture, mailbox"

    private static func account(_ row: Row) throws -> Account {
        let profile = try JSONDecoder().decode([String: String].self, from: Data((row.string(2) ?? "{}").utf8))
        return Account(id: row.int(0), app: row.string(4) ?? "", email: row.string(1) ?? "", profile: profile, isVerified: row.int(3) == 1,
                       isFixture: row.int(5) == 1, mailbox: row.string(6))
    }

}
