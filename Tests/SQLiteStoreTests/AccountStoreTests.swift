import SQLiteStore
import Testing

@Suite struct AccountStoreTests {
    func makeStore() throws -> AccountStore {
        AccountStore(database: try makeDatabase(), hasher: cheapHasher)
    }

    @Test func accountsAreUniquePerAppIgnoringCase() throws {
        let store = try makeStore()
        let account = try store.create(app: "suma", email: "new@example.com", password: "Secure123", profile: ["fullName": "Al Test"], now: 1)
        #expect(account.profile == ["fullName": "Al Test"])
        #expect(throws: AccountStore.AccountError.emailTaken) { try store.create(app: "suma", email: "NEW@example.com", password: "x") }
        #expect(try store.create(app: "rp", email: "new@example.com", password: "x").app == "rp")
        #expect(try store.account(app: "suma", email: "New@Example.com")?.id == account.id)
    }

    @Test func passwordsAreHashedAndChecked() throws {
        let store = try makeStore()
        let account = try store.create(app: "suma", email: "test@example.com", password: "password123")
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123")?.id == account.id)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "wrongpass1") == nil)
        #expect(try store.authenticate(app: "suma", email: "nobody@example.com", password: "password123") == nil)
        let stored = try store.database.read { try $0.queryFirst("SELECT password_hash FROM accounts") { $0.string(0) } } ?? nil
        #expect(stored?.hasPrefix("scrypt$10$8$1$") == true)
        #expect(stored?.contains("password123") == false)
        try store.setPassword(accountID: account.id, password: "NewSecure1")
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123") == nil)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "NewSecure1") != nil)
    }

    @Test func theRecommendedCostIsOWASPsAndVerifies() throws {
        let recommended = PasswordHasher.recommended
        #expect((recommended.logRounds, recommended.blockSize, recommended.parallelism) == (17, 8, 1))
        let hash = try recommended.hash("password123")
        #expect(hash.hasPrefix("scrypt$17$8$1$"))
        #expect(PasswordHasher.verify("password123", against: hash))
        #expect(!PasswordHasher.verify("password124", against: hash))
        #expect(!PasswordHasher.verify("password123", against: "scrypt$17$8$1$broken"))
        #expect(try recommended.hash("password123") != hash)
    }

    @Test func linkTokensAreSingleUseExpiringAndForOnePurpose() throws {
        let store = try makeStore()
        let account = try store.create(app: "suma", email: "a@example.com", password: "x")
        let token = try store.issue(.linkToken, purpose: "reset-password", accountID: account.id, lifetime: 1_000, now: 0)
        #expect(token.count == 43)
        #expect(try store.redeem(token: token, purpose: "verify-email", now: 10) == nil)
        #expect(try store.redeem(token: token, purpose: "reset-password", now: 10) == account.id)
        #expect(try store.redeem(token: token, purpose: "reset-password", now: 20) == nil)
        let late = try store.issue(.linkToken, purpose: "reset-password", accountID: account.id, lifetime: 1_000, now: 0)
        #expect(try store.redeem(token: late, purpose: "reset-password", now: 1_000) == nil)
        let hashes = try store.database.read { try $0.query("SELECT hash FROM tokens") { $0.bytes(0) } }
        #expect(!hashes.contains { String(decoding: $0, as: UTF8.self).contains(token) })
    }

    @Test func codesAreSixDigitsAndBelongToTheirAccount() throws {
        let store = try makeStore()
        let first = try store.create(app: "suma", email: "a@example.com", password: "x")
        let second = try store.create(app: "suma", email: "b@example.com", password: "x")
        let code = try store.issue(.code, purpose: "verify-email", accountID: first.id, lifetime: 60_000, now: 0)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        #expect(try !store.redeem(code: code, accountID: second.id, purpose: "verify-email", now: 1))
        #expect(try store.redeem(code: code, accountID: first.id, purpose: "verify-email", now: 1))
        #expect(try !store.redeem(code: code, accountID: first.id, purpose: "verify-email", now: 2))
        try store.markVerified(accountID: first.id)
        #expect(try store.account(app: "suma", email: "a@example.com")?.isVerified == true)
    }

    @Test func fixturesAreSeededOnce() throws {
        let store = try makeStore()
        let seeder = FixtureSeeder(accounts: store)
        let fixtures = [FixtureSeeder.FixtureAccount(email: "test@example.com", password: "password123", profile: ["fullName": "Test User"])]
        #expect(try seeder.seed(app: "suma", fixtures) == 1)
        #expect(try seeder.seed(app: "suma", fixtures) == 0)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123")?.isVerified == true)
    }

    @Test func theOutboxKeepsWhatWasSentNewestFirst() throws {
        let database = try makeDatabase()
        let outbox = OutboxStore(database: database)
        try outbox.send(app: "suma", to: "new@example.com", subject: "Verify your email", body: "Your code is 123456", now: 1)
        try outbox.send(app: "suma", to: "test@example.com", subject: "Reset your password", body: "Open the link",
                        link: "https://suma.finance/auth/reset-password?token=abc&email=test%40example.com", now: 2)
        try outbox.send(app: "coin", to: "x@example.com", subject: "Other app", body: "", now: 3)
        let messages = try outbox.messages(app: "suma")
        #expect(messages.map(\.subject) == ["Reset your password", "Verify your email"])
        #expect(messages.first?.link?.hasPrefix("https://suma.finance/auth/reset-password") == true)
    }
}
