import FlowStore
import Foundation

/// The prototype backend's accounts: unique email per app (compared by ``Account/emailKey(_:)``),
/// profile fields, a verified flag, a fixture flag, a scrypt password hash, and single-use,
/// expiring, hashed tokens and codes; on one connection (``SQLiteWebStore``).
struct AccountStore: AccountWrites {
    let connection: SQLiteConnection
    /// What codes and link tokens are kept as HMACs under.
    let key: StoreKey

    /// Creates an account with a hash from ``PasswordHasher/hash(_:)``.
    /// - Throws: ``AccountError/emailTaken``.
    func create(app: String, email: String, passwordHash: String, profile: [String: String], verified: Bool, isFixture: Bool, mailbox: String?,
                now: Int64) throws -> Account {
        let profileText = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        do {
            try connection.execute(
                """
                INSERT INTO accounts (app, email, email_key, password_hash, profile, verified, is_fixture, mailbox, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(app), .text(email), .text(Account.emailKey(email)), .text(passwordHash), .text(profileText), .bool(verified), .bool(isFixture),
                 .string(mailbox), .integer(now)]
            )
        } catch where error.code.primary == .constraint {
            throw AccountError.emailTaken
        }
        return Account(id: connection.lastInsertedRowID, app: app, email: email, profile: profile, isVerified: verified, isFixture: isFixture,
                       mailbox: mailbox)
    }

    /// The account for `email` (or an email with the same ``Account/emailKey(_:)``), if any.
    func account(app: String, email: String) throws -> Account? {
        try connection.queryFirst("SELECT \(Self.columns) FROM accounts WHERE app = ? AND email_key = ?", [.text(app), .text(Account.emailKey(email))], Self.account)
    }

    /// The account with this id, if any.
    func account(id: Int) throws -> Account? {
        try connection.queryFirst("SELECT \(Self.columns) FROM accounts WHERE id = ?", [.integer(Int64(id))], Self.account)
    }

    /// Marks the accounts of `emails` as fixtures: an app's documented accounts, in a database
    /// seeded before fixtures were marked. Returns how many were newly marked.
    @discardableResult
    func markFixtures(app: String, emails: [String]) throws -> Int {
        try emails.reduce(0) { marked, email in
            marked + (try connection.execute("UPDATE accounts SET is_fixture = 1 WHERE app = ? AND email_key = ? AND is_fixture = 0",
                                             [.text(app), .text(Account.emailKey(email))]))
        }
    }

    /// Adds `values` to the account's profile, replacing those of the same names.
    func updateProfile(accountID: Int, merging values: [String: String]) throws {
        let stored = try connection.queryFirst("SELECT profile FROM accounts WHERE id = ?", [.integer(Int64(accountID))]) { $0.string(0) } ?? nil
        var profile = try JSONDecoder().decode([String: String].self, from: Data((stored ?? "{}").utf8))
        profile.merge(values) { _, new in new }
        let text = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        try connection.execute("UPDATE accounts SET profile = ? WHERE id = ?", [.text(text), .integer(Int64(accountID))])
    }

    /// Replaces the whole profile.
    func setProfile(accountID: Int, _ profile: [String: String]) throws {
        let text = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        try connection.execute("UPDATE accounts SET profile = ? WHERE id = ?", [.text(text), .integer(Int64(accountID))])
    }

    /// The account of `email` with its password's hash (empty when a migration voided it).
    func credentials(app: String, email: String) throws -> (account: Account, passwordHash: String)? {
        try connection.queryFirst("SELECT \(Self.columns), password_hash FROM accounts WHERE app = ? AND email_key = ?", [.text(app), .text(Account.emailKey(email))]) {
            (try Self.account($0), $0.string(7) ?? "")
        }
    }

    /// Replaces the password's hash.
    func setPasswordHash(accountID: Int, _ hash: String) throws {
        try connection.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", [.text(hash), .integer(Int64(accountID))])
    }

    /// Marks the email as verified.
    func markVerified(accountID: Int) throws {
        try connection.execute("UPDATE accounts SET verified = 1 WHERE id = ?", [.integer(Int64(accountID))])
    }

    func issue(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64) throws -> String {
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

    func redeem(token: String, purpose: String, now: Int64) throws -> Int? {
        let hash = tokenHash(token, accountID: nil)
        // Marking it used in the same statement that checks it makes it single-use under races.
        let changed = try connection.execute(
            "UPDATE tokens SET used_at = ? WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
            [.integer(now), .blob(hash), .text(purpose), .integer(now)]
        )
        guard changed == 1, let account = try connection.queryFirst("SELECT account_id FROM tokens WHERE hash = ?", [.blob(hash)], { $0.int(0) }) else {
            return nil
        }
        try voidOthers(accountID: account, purpose: purpose, now: now)
        return account
    }

    func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int? {
        try connection.queryFirst("SELECT account_id FROM tokens WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
                                  [.blob(tokenHash(token, accountID: nil)), .text(purpose), .integer(now)]) { $0.int(0) }
    }

    func redeem(code: String, accountID: Int, purpose: String, now: Int64) throws -> Bool {
        let changed = try connection.execute(
            "UPDATE tokens SET used_at = ? WHERE hash = ? AND account_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? AND attempts < ? AND attempts + earlier_attempts < ?",
            [.integer(now), .blob(tokenHash(code, accountID: accountID)), .integer(Int64(accountID)), .text(purpose), .integer(now),
             .integer(Int64(SecretRules.maximumCodeAttempts)), .integer(Int64(SecretRules.maximumCodeAttemptsAcrossCodes))]
        )
        guard changed == 0 else {
            try voidOthers(accountID: accountID, purpose: purpose, now: now)
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
    private func voidOthers(accountID: Int, purpose: String, now: Int64) throws {
        try connection.execute("UPDATE tokens SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL",
                               [.integer(now), .integer(Int64(accountID)), .text(purpose)])
    }

    /// Gives every account its ``Account/emailKey(_:)``, once, when the column is added (a migration's
    /// SQL cannot fold Unicode). Accounts registered before as look-alikes of an older one keep
    /// a key no email has (it has spaces), so sign-in and "already exists" find the older one.
    static func assignEmailKeys(_ connection: SQLiteConnection) throws {
        let accounts = try connection.query("SELECT id, app, email FROM accounts ORDER BY id") { ($0.int(0), $0.string(1) ?? "", $0.string(2) ?? "") }
        var taken: Set<[String]> = []
        for (id, app, email) in accounts {
            var key = Account.emailKey(email)
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
