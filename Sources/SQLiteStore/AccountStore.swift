import Foundation

/// The prototype backend's accounts: unique email per app, profile fields, a verified flag, a
/// scrypt password hash, and single-use, expiring, hashed tokens and codes.
public struct AccountStore: Sendable {
    public struct Account: Hashable, Sendable {
        public let id: Int
        public let app: String
        public let email: String
        public let profile: [String: String]
        public let isVerified: Bool
    }

    /// Why an account could not be created.
    public enum AccountError: Error, Hashable, Sendable {
        case emailTaken
    }

    public let database: Database
    public let hasher: PasswordHasher

    public init(database: Database, hasher: PasswordHasher = .recommended) {
        self.database = database
        self.hasher = hasher
    }

    /// Creates an account; the email is unique per app, case-insensitively.
    public func create(app: String, email: String, password: String, profile: [String: String] = [:], verified: Bool = false, now: Int64 = Timestamp.now()) throws -> Account {
        // Hashing is slow on purpose: do it before taking the write lock.
        let hash = try hasher.hash(password)
        let profileText = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        do {
            let id = try database.write { connection in
                try connection.execute("INSERT INTO accounts (app, email, password_hash, profile, verified, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                                       [.text(app), .text(email), .text(hash), .text(profileText), .bool(verified), .integer(now)])
                return connection.lastInsertedRowID
            }
            return Account(id: id, app: app, email: email, profile: profile, isVerified: verified)
        } catch let error as SQLiteError where error.code.primary == .constraint {
            throw AccountError.emailTaken
        }
    }

    /// The account for `email`, if any.
    public func account(app: String, email: String) throws -> Account? {
        try database.read { connection in
            try connection.queryFirst("SELECT id, email, profile, verified FROM accounts WHERE app = ? AND email = ?", [.text(app), .text(email)]) {
                try Self.account($0, app: app)
            }
        }
    }

    /// The account with this id, if any.
    public func account(id: Int) throws -> Account? {
        try database.read { connection in
            try connection.queryFirst("SELECT id, email, profile, verified, app FROM accounts WHERE id = ?", [.integer(Int64(id))]) {
                try Self.account($0, app: $0.string(4) ?? "")
            }
        }
    }

    /// Adds `values` to the account's profile, replacing those of the same names.
    public func updateProfile(accountID: Int, merging values: [String: String]) throws {
        try database.write { connection in
            let stored = try connection.queryFirst("SELECT profile FROM accounts WHERE id = ?", [.integer(Int64(accountID))]) { $0.string(0) } ?? nil
            var profile = try JSONDecoder().decode([String: String].self, from: Data((stored ?? "{}").utf8))
            profile.merge(values) { _, new in new }
            let text = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
            try connection.execute("UPDATE accounts SET profile = ? WHERE id = ?", [.text(text), .integer(Int64(accountID))])
        }
    }

    /// The account whose password matches, or nil. Without an account a dummy hash is still
    /// checked, so the time taken does not tell whether the email exists.
    public func authenticate(app: String, email: String, password: String) throws -> Account? {
        let found = try database.read { connection in
            try connection.queryFirst("SELECT id, email, profile, verified, password_hash FROM accounts WHERE app = ? AND email = ?", [.text(app), .text(email)]) {
                (try Self.account($0, app: app), $0.string(4) ?? "")
            }
        }
        guard let (account, hash) = found else {
            _ = PasswordHasher.verify(password, against: Self.dummyHash)
            return nil
        }
        return PasswordHasher.verify(password, against: hash) ? account : nil
    }

    /// Replaces the password.
    public func setPassword(accountID: Int, password: String) throws {
        let hash = try hasher.hash(password)
        try database.write { connection in
            try connection.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", [.text(hash), .integer(Int64(accountID))])
        }
    }

    /// Marks the email as verified.
    public func markVerified(accountID: Int) throws {
        try database.write { connection in
            try connection.execute("UPDATE accounts SET verified = 1 WHERE id = ?", [.integer(Int64(accountID))])
        }
    }

    /// What kind of secret to issue.
    public enum SecretKind: Sendable {
        /// A 256-bit token for a link.
        case linkToken
        /// A 6-digit code to type.
        case code
    }

    /// Issues a secret for `purpose` (such as `verify-email` or `reset-password`), valid for
    /// `lifetime` milliseconds; only its hash is stored.
    public func issue(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64 = Timestamp.now()) throws -> String {
        let secret = kind == .linkToken ? Secret.token() : Secret.code()
        try database.write { connection in
            try connection.execute("INSERT OR REPLACE INTO tokens (hash, account_id, purpose, expires_at) VALUES (?, ?, ?, ?)",
                                   [.blob(Self.tokenHash(secret, accountID: kind == .code ? accountID : nil)), .integer(Int64(accountID)), .text(purpose), .integer(now + lifetime)])
        }
        return secret
    }

    /// Uses a link token: the account it was issued to, once, if unexpired and for `purpose`.
    public func redeem(token: String, purpose: String, now: Int64 = Timestamp.now()) throws -> Int? {
        try redeem(hash: Self.tokenHash(token, accountID: nil), purpose: purpose, now: now)
    }

    /// The account a link token was issued to, if it is unused, unexpired and for `purpose`,
    /// without using it: a link is checked when opened and used when its form is sent.
    public func holder(ofToken token: String, purpose: String, now: Int64 = Timestamp.now()) throws -> Int? {
        try database.read { connection in
            try connection.queryFirst("SELECT account_id FROM tokens WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
                                      [.blob(Self.tokenHash(token, accountID: nil)), .text(purpose), .integer(now)]) { $0.int(0) }
        }
    }

    /// Uses a code typed for a known account: true once, if unexpired and for `purpose`.
    public func redeem(code: String, accountID: Int, purpose: String, now: Int64 = Timestamp.now()) throws -> Bool {
        try redeem(hash: Self.tokenHash(code, accountID: accountID), purpose: purpose, now: now) == accountID
    }

    private func redeem(hash: [UInt8], purpose: String, now: Int64) throws -> Int? {
        try database.write { connection in
            // Marking it used in the same statement that checks it makes it single-use under races.
            let changed = try connection.execute(
                "UPDATE tokens SET used_at = ? WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
                [.integer(now), .blob(hash), .text(purpose), .integer(now)]
            )
            guard changed == 1 else { return nil }
            return try connection.queryFirst("SELECT account_id FROM tokens WHERE hash = ?", [.blob(hash)]) { $0.int(0) }
        }
    }

    /// Codes are only 6 digits, so they are hashed with their account: the same code issued to
    /// two people never collides.
    private static func tokenHash(_ secret: String, accountID: Int?) -> [UInt8] {
        Secret.hash(accountID.map { "\($0):\(secret)" } ?? secret)
    }

    private static func account(_ row: Row, app: String) throws -> Account {
        let profile = try JSONDecoder().decode([String: String].self, from: Data((row.string(2) ?? "{}").utf8))
        return Account(id: row.int(0), app: app, email: row.string(1) ?? "", profile: profile, isVerified: row.int(3) == 1)
    }

    /// A valid hash of nothing anyone knows, at the recommended cost, for timing-safe misses.
    private static let dummyHash = (try? PasswordHasher.recommended.hash(Secret.token())) ?? ""
}
