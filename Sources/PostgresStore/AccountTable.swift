import FlowStore
import Foundation

/// The prototype backend's accounts: unique email per app (compared by ``Account/emailKey(_:)``),
/// profile fields, a verified flag, a fixture flag, a scrypt password hash, and single-use,
/// expiring, hashed link tokens and codes (``SecretRules``).
struct AccountTable: AccountWrites {
    let connection: PostgresConnection
    /// What codes and link tokens are kept as HMACs under.
    let key: StoreKey

    /// Creates an account. `ON CONFLICT` rather than a caught unique violation: a failed
    /// statement would abort the whole unit of work.
    /// - Throws: ``AccountError/emailTaken``.
    func create(app: String, email: String, passwordHash: String, profile: [String: String], verified: Bool, isFixture: Bool, mailbox: String?,
                now: Int64) throws -> Account {
        let profileText = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        let id = try connection.queryFirst(
            """
            INSERT INTO accounts (app, email, email_key, password_hash, profile, verified, is_fixture, created_at, mailbox)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (app, email_key) DO NOTHING RETURNING id
            """,
            [.text(app), .text(email), .text(Account.emailKey(email)), .text(passwordHash), .text(profileText), .boolean(verified),
             .boolean(isFixture), .integer(now), .string(mailbox)]
        ) { $0.int(0) }
        guard let id else { throw AccountError.emailTaken }
        return Account(id: id, app: app, email: email, profile: profile, isVerified: verified, isFixture: isFixture, mailbox: mailbox)
    }

    func account(app: String, email: String) throws -> Account? {
        try connection.queryFirst("SELECT \(Self.columns) FROM accounts WHERE app = $1 AND email_key = $2",
                                  [.text(app), .text(Account.emailKey(email))], Self.account)
    }

    func account(id: Int) throws -> Account? {
        try connection.queryFirst("SELECT \(Self.columns) FROM accounts WHERE id = $1", [.int(id)], Self.account)
    }

    /// The account of `email` with its password's hash.
    func credentials(app: String, email: String) throws -> (account: Account, passwordHash: String)? {
        try connection.queryFirst("SELECT \(Self.columns), password_hash FROM accounts WHERE app = $1 AND email_key = $2",
                                  [.text(app), .text(Account.emailKey(email))]) { (try Self.account($0), $0.string(7) ?? "") }
    }

    /// Marks the accounts of `emails` as fixtures; returns how many were newly marked.
    func markFixtures(app: String, emails: [String]) throws -> Int {
        try emails.reduce(0) { marked, email in
            marked + (try connection.execute("UPDATE accounts SET is_fixture = true WHERE app = $1 AND email_key = $2 AND NOT is_fixture",
                                             [.text(app), .text(Account.emailKey(email))]))
        }
    }

    func updateProfile(accountID: Int, merging values: [String: String]) throws {
        // Locked for the read and write, so two instances merging at once lose neither's fields.
        let stored = try connection.queryFirst("SELECT profile FROM accounts WHERE id = $1 FOR UPDATE", [.int(accountID)]) { $0.string(0) } ?? nil
        var profile = try JSONDecoder().decode([String: String].self, from: Data((stored ?? "{}").utf8))
        profile.merge(values) { _, new in new }
        let text = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        try connection.execute("UPDATE accounts SET profile = $1 WHERE id = $2", [.text(text), .int(accountID)])
    }

    /// Replaces the whole profile.
    func setProfile(accountID: Int, _ profile: [String: String]) throws {
        let text = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        try connection.execute("UPDATE accounts SET profile = $1 WHERE id = $2", [.text(text), .int(accountID)])
    }

    func setPasswordHash(accountID: Int, _ hash: String) throws {
        try connection.execute("UPDATE accounts SET password_hash = $1 WHERE id = $2", [.text(hash), .int(accountID)])
    }

    func markVerified(accountID: Int) throws {
        try connection.execute("UPDATE accounts SET verified = true WHERE id = $1", [.int(accountID)])
    }

    /// Issues a secret, voiding the account's unused ones of the same kind and purpose; a new
    /// code carries the wrong attempts of the live ones it voids.
    func issue(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64) throws -> String {
        let secret = kind == .linkToken ? Secret.token() : Secret.code()
        let identity: [PostgresValue] = [.int(accountID), .text(purpose), .text(kind.rawValue)]
        let earlier = try connection.queryFirst(
            """
            SELECT COALESCE(MAX(attempts + earlier_attempts), 0) FROM secrets
            WHERE account_id = $1 AND purpose = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $4
            """,
            identity + [.integer(now)]) { $0.int(0) } ?? 0
        try connection.execute("DELETE FROM secrets WHERE account_id = $1 AND purpose = $2 AND kind = $3 AND used_at IS NULL", identity)
        try connection.execute(
            """
            INSERT INTO secrets (hash, account_id, purpose, kind, expires_at, earlier_attempts) VALUES ($4, $1, $2, $3, $5, $6)
            ON CONFLICT (hash) DO UPDATE SET account_id = excluded.account_id, purpose = excluded.purpose, kind = excluded.kind,
                expires_at = excluded.expires_at, used_at = NULL, attempts = 0, earlier_attempts = excluded.earlier_attempts
            """,
            identity + [.bytes(SecretRules.storedHash(of: secret, accountID: kind == .code ? accountID : nil, key: key)), .integer(now + lifetime), .int(earlier)]
        )
        return secret
    }

    /// Uses a link token: the account it was issued to, once. Checked and marked in one
    /// statement, so two instances redeeming at once cannot both succeed.
    func redeem(token: String, purpose: String, now: Int64) throws -> Int? {
        let account = try connection.queryFirst(
            "UPDATE secrets SET used_at = $1 WHERE hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1 RETURNING account_id",
            [.integer(now), .bytes(SecretRules.storedHash(of: token, accountID: nil, key: key)), .text(purpose)]
        ) { $0.int(0) }
        if let account { try voidOthers(accountID: account, purpose: purpose, now: now) }
        return account
    }

    /// Marks every other unused secret of the account for `purpose` used: one mail's code and
    /// link are one proof, good once.
    private func voidOthers(accountID: Int, purpose: String, now: Int64) throws {
        try connection.execute("UPDATE secrets SET used_at = $1 WHERE account_id = $2 AND purpose = $3 AND used_at IS NULL",
                               [.integer(now), .int(accountID), .text(purpose)])
    }

    func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int? {
        try connection.queryFirst("SELECT account_id FROM secrets WHERE hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3",
                                  [.bytes(SecretRules.storedHash(of: token, accountID: nil, key: key)), .text(purpose), .integer(now)]) { $0.int(0) }
    }

    /// Uses a typed code: true once; a wrong one uses up an attempt of the account's live codes.
    func redeem(code: String, accountID: Int, purpose: String, now: Int64) throws -> Bool {
        let changed = try connection.execute(
            """
            UPDATE secrets SET used_at = $1 WHERE hash = $2 AND account_id = $3 AND purpose = $4 AND used_at IS NULL AND expires_at > $1
            AND attempts < $5 AND attempts + earlier_attempts < $6
            """,
            [.integer(now), .bytes(SecretRules.storedHash(of: code, accountID: accountID, key: key)), .int(accountID), .text(purpose),
             .int(SecretRules.maximumCodeAttempts), .int(SecretRules.maximumCodeAttemptsAcrossCodes)]
        )
        guard changed == 0 else {
            try voidOthers(accountID: accountID, purpose: purpose, now: now)
            return true
        }
        try connection.execute(
            "UPDATE secrets SET attempts = attempts + 1 WHERE account_id = $1 AND purpose = $2 AND kind = 'code' AND used_at IS NULL AND expires_at > $3",
            [.int(accountID), .text(purpose), .integer(now)]
        )
        return false
    }

    private static let columns = "id, email, profile, verified, app, is_fixture, mailbox"

    private static func account(_ row: PostgresRow) throws -> Account {
        let profile = try JSONDecoder().decode([String: String].self, from: Data((row.string(2) ?? "{}").utf8))
        return Account(id: row.int(0), app: row.string(4) ?? "", email: row.string(1) ?? "", profile: profile, isVerified: row.bool(3),
                       isFixture: row.bool(5), mailbox: row.string(6))
    }
}
