import Dispatch
import FlowStore
import Foundation
import SQLiteStore
import Testing

@Suite struct AccountStoreTests {
    @Test func accountsAreUniquePerAppIgnoringCase() throws {
        let store = try makeStore()
        let account = try store.newAccount(app: "suma", email: "new@example.com", password: "Secure123", profile: ["fullName": "Al Test"], now: 1)
        #expect(account.profile == ["fullName": "Al Test"])
        #expect(throws: AccountError.emailTaken) { try store.newAccount(app: "suma", email: "NEW@example.com", password: "x") }
        #expect(try store.newAccount(app: "rp", email: "new@example.com", password: "x").app == "rp")
        #expect(try store.accounts.account(app: "suma", email: "New@Example.com")?.id == account.id)
    }

    @Test func aBusyHasherRefusesSignInsAndSignUpsWritingNothing() throws {
        let gate = HashingGate(width: 1, queueLimit: 0, maximumWait: 10)
        let hasher = PasswordHasher(logRounds: 10, blockSize: 8, parallelism: 1, gate: gate)
        let store = try makeStore(hasher: hasher)
        _ = try store.newAccount(app: "suma", email: "test@example.com", password: "password123", verified: true)
        let (taken, release, done) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        Thread.detachNewThread {
            _ = try? gate.run {
                taken.signal()
                release.wait()
            }
            done.signal()
        }
        taken.wait()
        #expect(throws: PasswordHasher.Busy.queueFull) { try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: true) }
        #expect(throws: PasswordHasher.Busy.queueFull, "an unknown email is checked against a dummy hash, at the same cost") {
            try store.authenticate(app: "suma", email: "nobody@example.com", password: "password123", allowingFixtures: true)
        }
        #expect(throws: PasswordHasher.Busy.queueFull) { try store.newAccount(app: "suma", email: "new@example.com", password: "Secure123") }
        #expect(try store.accounts.account(app: "suma", email: "new@example.com") == nil, "nothing was written")
        release.signal()
        done.wait()
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: true) != nil)
    }

    @Test func passwordsAreHashedAndChecked() throws {
        let store = try makeStore()
        let account = try store.newAccount(app: "suma", email: "test@example.com", password: "password123")
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: true)?.id == account.id)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "wrongpass1", allowingFixtures: true) == nil)
        #expect(try store.authenticate(app: "suma", email: "nobody@example.com", password: "password123", allowingFixtures: true) == nil)
        let stored = try store.database.read { try $0.queryFirst("SELECT password_hash FROM accounts") { $0.string(0) } } ?? nil
        #expect(stored?.hasPrefix("scrypt$10$8$1$") == true)
        #expect(stored?.contains("password123") == false)
        let newHash = try store.hasher.hash("NewSecure1")
        try store.transaction { try $0.accounts.setPasswordHash(accountID: account.id, newHash) }
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: true) == nil)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "NewSecure1", allowingFixtures: true) != nil)
    }

    @Test func theRecommendedCostIsOWASPsAndVerifies() throws {
        let recommended = PasswordHasher.recommended
        #expect((recommended.logRounds, recommended.blockSize, recommended.parallelism) == (17, 8, 1))
        let hash = try recommended.hash("password123")
        #expect(hash.hasPrefix("scrypt$17$8$1$"))
        #expect(try recommended.verify("password123", against: hash))
        #expect(try !recommended.verify("password124", against: hash))
        #expect(try !recommended.verify("password123", against: "scrypt$17$8$1$broken"))
        #expect(try recommended.hash("password123") != hash)
    }

    @Test func linkTokensAreSingleUseExpiringAndForOnePurpose() throws {
        let store = try makeStore()
        let account = try store.newAccount(app: "suma", email: "a@example.com", password: "x")
        let token = try store.transaction { try $0.accounts.issue(.linkToken, purpose: "reset-password", accountID: account.id, lifetime: 1_000, now: 0) }
        #expect(token.count == 43)
        #expect(try store.transaction { try $0.accounts.redeem(token: token, purpose: "verify-email", now: 10) } == nil)
        #expect(try store.transaction { try $0.accounts.redeem(token: token, purpose: "reset-password", now: 10) } == account.id)
        #expect(try store.transaction { try $0.accounts.redeem(token: token, purpose: "reset-password", now: 20) } == nil)
        let late = try store.transaction { try $0.accounts.issue(.linkToken, purpose: "reset-password", accountID: account.id, lifetime: 1_000, now: 0) }
        #expect(try store.transaction { try $0.accounts.redeem(token: late, purpose: "reset-password", now: 1_000) } == nil)
        let hashes = try store.database.read { try $0.query("SELECT hash FROM tokens") { $0.bytes(0) } }
        #expect(!hashes.contains { String(decoding: $0, as: UTF8.self).contains(token) })
    }

    @Test func codesAreSixDigitsAndBelongToTheirAccount() throws {
        let store = try makeStore()
        let first = try store.newAccount(app: "suma", email: "a@example.com", password: "x")
        let second = try store.newAccount(app: "suma", email: "b@example.com", password: "x")
        let code = try store.transaction { try $0.accounts.issue(.code, purpose: "verify-email", accountID: first.id, lifetime: 60_000, now: 0) }
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        #expect(try !store.transaction { try $0.accounts.redeem(code: code, accountID: second.id, purpose: "verify-email", now: 1) })
        #expect(try store.transaction { try $0.accounts.redeem(code: code, accountID: first.id, purpose: "verify-email", now: 1) })
        #expect(try !store.transaction { try $0.accounts.redeem(code: code, accountID: first.id, purpose: "verify-email", now: 2) })
        try store.transaction { try $0.accounts.markVerified(accountID: first.id) }
        #expect(try store.accounts.account(app: "suma", email: "a@example.com")?.isVerified == true)
    }

    @Test func aCodeIsVoidAfterFiveWrongAttemptsEvenForTheRightCode() throws {
        let store = try makeStore()
        let account = try store.newAccount(app: "suma", email: "a@example.com", password: "x")
        let code = try store.transaction { try $0.accounts.issue(.code, purpose: "reset-password", accountID: account.id, lifetime: 60_000, now: 0) }
        let wrong = code == "111111" ? "222222" : "111111"
        for attempt in 1...SecretRules.maximumCodeAttempts {
            #expect(try !store.transaction { try $0.accounts.redeem(code: wrong, accountID: account.id, purpose: "reset-password", now: Int64(attempt)) })
        }
        #expect(try !store.transaction { try $0.accounts.redeem(code: code, accountID: account.id, purpose: "reset-password", now: 10) })

        let again = try store.transaction { try $0.accounts.issue(.code, purpose: "reset-password", accountID: account.id, lifetime: 60_000, now: 20) }
        for attempt in 1..<SecretRules.maximumCodeAttempts {
            #expect(try !store.transaction { try $0.accounts.redeem(code: again == wrong ? code : wrong, accountID: account.id, purpose: "reset-password", now: 20 + Int64(attempt)) })
        }
        #expect(try store.transaction { try $0.accounts.redeem(code: again, accountID: account.id, purpose: "reset-password", now: 30) }, "four wrong, then the right one works")
    }

    @Test func newCodesBuyNoMoreThanTwentyGuessesWhileTheOldOnesLive() throws {
        let store = try makeStore()
        let account = try store.newAccount(app: "suma", email: "a@example.com", password: "x")
        var now: Int64 = 0
        for _ in 1...(SecretRules.maximumCodeAttemptsAcrossCodes / SecretRules.maximumCodeAttempts) {
            let code = try store.transaction { try $0.accounts.issue(.code, purpose: "reset-password", accountID: account.id, lifetime: 60_000, now: now) }
            let wrong = code == "111111" ? "222222" : "111111"
            for _ in 1...SecretRules.maximumCodeAttempts {
                now += 1
                #expect(try !store.transaction { try $0.accounts.redeem(code: wrong, accountID: account.id, purpose: "reset-password", now: now) })
            }
        }
        let last = try store.transaction { try $0.accounts.issue(.code, purpose: "reset-password", accountID: account.id, lifetime: 60_000, now: now) }
        #expect(try !store.transaction { try $0.accounts.redeem(code: last, accountID: account.id, purpose: "reset-password", now: now + 1) }, "twenty wrong: even the right code is refused")
        let later = try store.transaction { try $0.accounts.issue(.code, purpose: "reset-password", accountID: account.id, lifetime: 60_000, now: now + 60_000) }
        #expect(try store.transaction { try $0.accounts.redeem(code: later, accountID: account.id, purpose: "reset-password", now: now + 60_001) }, "once the old codes have expired, a new one works")
    }

    @Test func aNewSecretVoidsTheOlderOnesOfItsKindAndPurpose() throws {
        let store = try makeStore()
        let account = try store.newAccount(app: "suma", email: "a@example.com", password: "x")
        let oldCode = try store.transaction { try $0.accounts.issue(.code, purpose: "verify-email", accountID: account.id, lifetime: 60_000, now: 0) }
        let oldLink = try store.transaction { try $0.accounts.issue(.linkToken, purpose: "verify-email", accountID: account.id, lifetime: 60_000, now: 0) }
        let otherPurpose = try store.transaction { try $0.accounts.issue(.linkToken, purpose: "reset-password", accountID: account.id, lifetime: 60_000, now: 0) }
        let newCode = try store.transaction { try $0.accounts.issue(.code, purpose: "verify-email", accountID: account.id, lifetime: 60_000, now: 1) }
        #expect(try store.read { try $0.accounts.tokenHolder(oldLink, purpose: "verify-email", now: 2) } == account.id, "a new code leaves the link")
        let newLink = try store.transaction { try $0.accounts.issue(.linkToken, purpose: "verify-email", accountID: account.id, lifetime: 60_000, now: 2) }
        #expect(try store.transaction { try $0.accounts.redeem(token: oldLink, purpose: "verify-email", now: 3) } == nil)
        if oldCode != newCode {
            #expect(try !store.transaction { try $0.accounts.redeem(code: oldCode, accountID: account.id, purpose: "verify-email", now: 3) })
        }
        #expect(try store.transaction { try $0.accounts.redeem(code: newCode, accountID: account.id, purpose: "verify-email", now: 4) })
        #expect(try store.transaction { try $0.accounts.redeem(token: newLink, purpose: "verify-email", now: 4) } == nil, "the code of the same mail was used: its link is void")
        #expect(try store.transaction { try $0.accounts.redeem(token: otherPurpose, purpose: "reset-password", now: 4) } == account.id)
    }

    /// Each pair looks the same to a person, so it is one account.
    @Test(arguments: [
        ("jos\u{E9}@example.com", "jose\u{301}@example.com"),
        ("test@example.com", "\u{FF54}\u{FF45}\u{FF53}\u{FF54}@example.com"),
        ("test@example.com", "TEST@Example.COM"),
        ("\u{3A3}\u{39F}\u{3A6}\u{399}\u{391}@example.com", "\u{3C3}\u{3BF}\u{3C6}\u{3B9}\u{3B1}@example.com"),
        ("jos\u{E9}@example.com", "JOSE\u{301}@EXAMPLE.COM"),
    ])
    func lookAlikeEmailsAreOneAccount(first: String, second: String) throws {
        let store = try makeStore()
        let account = try store.newAccount(app: "suma", email: first, password: "password123", verified: true)
        #expect(throws: AccountError.emailTaken) { try store.newAccount(app: "suma", email: second, password: "x") }
        #expect(try store.accounts.account(app: "suma", email: second)?.id == account.id)
        #expect(try store.authenticate(app: "suma", email: second, password: "password123", allowingFixtures: true)?.id == account.id)
        #expect(try store.accounts.account(id: account.id)?.email == first, "the email is kept as registered")
        #expect(Account.emailKey(first) == Account.emailKey(second))
    }

    @Test func fixtureAccountsAreMarkedAndRefusedWhenFixturesAreOff() throws {
        let store = try makeStore()
        try store.seedFixtures(app: "suma", accounts: [FixtureAccount(email: "test@example.com", password: "password123")], fixtureEmails: [])
        #expect(try store.accounts.account(app: "suma", email: "test@example.com")?.isFixture == true)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: true) != nil)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: false) == nil)

        // Seeded before fixtures were marked: marked by its declared email.
        let legacy = try store.newAccount(app: "suma", email: "demo@example.com", password: "demo1234", verified: true)
        #expect(try store.authenticate(app: "suma", email: "demo@example.com", password: "demo1234", allowingFixtures: false)?.id == legacy.id)
        #expect(try store.transaction { try $0.accounts.markFixtures(app: "suma", emails: ["DEMO@example.com", "test@example.com"]) } == 1)
        #expect(try store.authenticate(app: "suma", email: "demo@example.com", password: "demo1234", allowingFixtures: false) == nil)
        let real = try store.newAccount(app: "suma", email: "real@example.com", password: "Secure123")
        #expect(try store.authenticate(app: "suma", email: "real@example.com", password: "Secure123", allowingFixtures: false)?.id == real.id)
    }

    @Test func fixturesAreSeededOnce() throws {
        let store = try makeStore()
        let fixtures = [FixtureAccount(email: "test@example.com", password: "password123", profile: ["fullName": "Test User"])]
        try store.seedFixtures(app: "suma", accounts: fixtures, fixtureEmails: [])
        let first = try #require(try store.accounts.account(app: "suma", email: "test@example.com"))
        try store.seedFixtures(app: "suma", accounts: fixtures, fixtureEmails: [])
        #expect(try store.database.read { try $0.queryFirst("SELECT COUNT(*) FROM accounts") { $0.int(0) } } == 1)
        #expect(try store.accounts.account(app: "suma", email: "test@example.com") == first)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: true)?.isVerified == true)
    }

    @Test func theOutboxKeepsWhatWasSentNewestFirstInEachMailbox() throws {
        let store = try makeStore()
        try store.transaction { try $0.outbox.send(app: "suma", mailbox: "tester-a", to: "new@example.com", subject: "Verify your email", body: "Your code is 123456", link: nil, now: 1) }
        try store.transaction { try $0.outbox.send(app: "suma", mailbox: "tester-a", to: "test@example.com", subject: "Reset your password", body: "Open the link",
                        link: "https://suma.finance/auth/reset-password?token=abc&email=test%40example.com", now: 2) }
        try store.transaction { try $0.outbox.send(app: "suma", mailbox: "tester-b", to: "test@example.com", subject: "Someone else's code", body: "", link: nil, now: 3) }
        try store.transaction { try $0.outbox.send(app: "coin", mailbox: "tester-a", to: "x@example.com", subject: "Other app", body: "", link: nil, now: 4) }
        let messages = try store.read { try $0.outbox.messages(app: "suma", mailbox: "tester-a", limit: 100) }
        #expect(messages.map(\.subject) == ["Reset your password", "Verify your email"])
        #expect(messages.first?.link?.hasPrefix("https://suma.finance/auth/reset-password") == true)
        #expect(try store.read { try $0.outbox.messages(app: "suma", mailbox: "tester-b", limit: 100) }.map(\.subject) == ["Someone else's code"])
        #expect(try store.read { try $0.outbox.messages(app: "suma", mailbox: nil, limit: 100) }.count == 3, "without a mailbox: all of the app's")
    }
}
