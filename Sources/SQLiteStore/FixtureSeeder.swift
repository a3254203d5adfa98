import FlowStore

/// Seeds an app's documented fixture accounts, idempotently: running it again changes nothing.
/// They are marked as fixtures, so an app serving real people can refuse them (their passwords
/// are public).
public struct FixtureSeeder: Sendable {
    /// A fixture account.
    public typealias FixtureAccount = FlowStore.FixtureAccount

    public let accounts: AccountStore

    public init(accounts: AccountStore) {
        self.accounts = accounts
    }

    /// Creates the accounts that do not exist yet, and marks those that do as fixtures, with the
    /// profile the folder documents, and its password where a migration emptied it (every tester
    /// has their own copy of a fixture account's changes, so one changed in the shared account
    /// was changed before copies were kept, and is put back); returns how many were created.
    @discardableResult
    public func seed(app: String, _ fixtures: [FixtureAccount]) throws -> Int {
        var created = 0
        for fixture in fixtures {
            if let (account, hash) = try accounts.credentials(app: app, email: fixture.email) {
                // Only an emptied hash is set again: checking the password would cost a hash at every start.
                if hash.isEmpty { try accounts.setPassword(accountID: account.id, password: fixture.password) }
                if account.profile != fixture.profile { try accounts.setProfile(accountID: account.id, fixture.profile) }
                continue
            }
            do {
                _ = try accounts.create(app: app, email: fixture.email, password: fixture.password, profile: fixture.profile,
                                        verified: fixture.verified, isFixture: true)
                created += 1
            } catch AccountStore.AccountError.emailTaken {
                // Another process seeded it meanwhile: that is the same outcome.
            }
        }
        try accounts.markFixtures(app: app, emails: fixtures.map(\.email))
        return created
    }
}
