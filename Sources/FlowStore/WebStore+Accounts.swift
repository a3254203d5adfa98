extension WebStore {
    /// The account whose password matches, or nil; as slow as a password hash on purpose, and
    /// bounded. Without an account (or with a fixture account when fixtures are refused, as for
    /// an app serving real people) a hash no password matches is still checked, so the time
    /// taken does not tell whether the email exists.
    /// - Throws: ``PasswordHasher/Busy`` when too many passwords are being checked.
    public func authenticate(app: String, email: String, password: String, allowingFixtures: Bool) throws -> Account? {
        let found = try read { try $0.accounts.credentials(app: app, email: email) }
        guard let found, allowingFixtures || !found.account.isFixture else {
            _ = try hasher.verify(password, against: hasher.unmatchableHash)
            return nil
        }
        return try hasher.verify(password, against: found.passwordHash) ? found.account : nil
    }

    /// Counts one attempt under each of `keys`, in order, in one transaction of its own, before
    /// anything is checked (``AttemptLimit``): committed whatever the attempt then does, and seen
    /// at once by every instance. An attempt one limit refuses is counted by none: the keys after
    /// it are not looked at and those before it are taken back, so nothing is written for it — a
    /// guesser refused by its address's limit spends nothing of the accounts it names.
    /// - Throws: ``TooManyAttempts`` with the wait of the first key that says it came too soon.
    public func countAttempt(_ keys: [AttemptKey], now: Int64) throws {
        try transaction { transaction in
            for key in keys {
                let wait = try transaction.attempts.count(key, now: now)
                // Thrown inside the transaction, which rolls back what the keys before wrote.
                if wait > 0 { throw TooManyAttempts(wait: wait) }
            }
        }
    }

    /// Creates an app's documented fixture accounts when missing and marks every account of
    /// `fixtureEmails` as a fixture (its password is public), idempotently; instances starting
    /// together do it one after the other. An existing one gets the documented profile back, and
    /// its password where a migration emptied it (every tester keeps their own copy of a fixture
    /// account's changes, so one made in the account itself predates the copies). Passwords are
    /// hashed before the transaction.
    public func seedFixtures(app: String, accounts fixtures: [FixtureAccount], fixtureEmails: [String]) throws {
        let found = try read { reads in try fixtures.map { (fixture: $0, found: try reads.accounts.credentials(app: app, email: $0.email)) } }
        // Only a missing or emptied hash is made: checking a password would cost a hash at every start.
        let hashes = try found.map { fixture, found -> String? in
            guard found?.passwordHash.isEmpty ?? true else { return nil }
            return try hasher.hash(fixture.password)
        }
        try transaction { transaction in
            try transaction.lock("seed:\(app)")
            for ((fixture, _), hash) in zip(found, hashes) {
                guard let (account, stored) = try transaction.accounts.credentials(app: app, email: fixture.email) else {
                    _ = try transaction.accounts.create(app: app, email: fixture.email, passwordHash: hash ?? hasher.hash(fixture.password),
                                                        profile: fixture.profile, verified: fixture.verified, isFixture: true, mailbox: nil, now: 0)
                    continue
                }
                if stored.isEmpty, let hash { try transaction.accounts.setPasswordHash(accountID: account.id, hash) }
                if account.profile != fixture.profile { try transaction.accounts.setProfile(accountID: account.id, fixture.profile) }
            }
            try transaction.accounts.markFixtures(app: app, emails: fixtureEmails + fixtures.map(\.email))
        }
    }

    /// Writes an app folder's fixture records, idempotently: missing ones are added, and those
    /// no one has changed take the folder's values again; a record someone changed is kept.
    /// Account-scoped records go to their fixture account (seeded first).
    public func seedRecords(app: String, _ fixtures: [FixtureRecord]) throws {
        try transaction { transaction in
            try transaction.lock("seed:\(app)")
            for (index, fixture) in fixtures.enumerated() {
                var scope = RecordScope.app
                if let email = fixture.accountEmail {
                    guard let account = try transaction.accounts.account(app: app, email: email) else { continue }
                    scope = .account(account.id)
                }
                try transaction.records.seed(app: app, fixture, scope: scope, sequence: index - fixtures.count)
            }
            try transaction.records.raiseCounters(app: app)
        }
    }
}
