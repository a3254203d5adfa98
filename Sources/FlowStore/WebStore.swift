/// Everything the web layer keeps — sessions, events, accounts and attempt counts, app data, the
/// dev outbox, deep links, audits and usability tests — so an embedded file and a shared database serve it alike.
/// A backend implements one small protocol per concern (``SessionWrites``, ``EventWrites``,
/// ``AccountWrites``, ``AttemptWrites``, ``RecordWrites``, ``OutboxWrites``, ``LinkCountWrites``,
/// ``DeferredLinkWrites``, ``ReviewWrites``, ``UsabilityWrites``) over a connection, and hands them out here; the rules
/// every backend must keep are one test suite (`Tests/StoreContractTests`). What is built from
/// those protocols — signing in, counting an attempt, seeding, sweeping, reads outside a
/// transaction — is written once, in `WebStore+Accounts.swift`, `WebStore+Housekeeping.swift`
/// and `WebStore+Reads.swift`.
///
/// Times are milliseconds since 1970, always passed in: the caller owns the clock.
public protocol WebStore: Sendable {
    /// What a password hash costs here, and the gate that bounds how many run at once.
    var hasher: PasswordHasher { get }
    /// The server's secret, kept outside the database: what the store keeps codes, tokens and
    /// attempt counts under, and what the web layer signs with (device cookies).
    var key: StoreKey { get }
    /// Runs `body` with the reads of a connection lent to it; nothing it reads is written.
    func read<T>(_ body: (any StoreReads) throws -> T) throws -> T
    /// Runs `body` in one transaction: everything it writes is committed together when it
    /// returns, or nothing is when it throws.
    func transaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T
}

/// A documented fixture account of an app folder.
public struct FixtureAccount: Hashable, Sendable {
    public let email: String
    public let password: String
    public let profile: [String: String]
    public let verified: Bool

    public init(email: String, password: String, profile: [String: String] = [:], verified: Bool = true) {
        self.email = email
        self.password = password
        self.profile = profile
        self.verified = verified
    }
}
