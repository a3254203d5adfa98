import Dispatch
import FlowStore
import Foundation
import Synchronization
import Testing

/// The storage contract: every rule the web layer relies on of its store — sessions (compare-and-
/// swap, expiry, rotation), accounts and secrets (single use, limited tries, fixtures), attempt
/// limits, records (scopes, copies), events and their counts, the outbox, link counts and deferred
/// links — written once and run against each backend: SQLite, and PostgreSQL when the run has a
/// server (`Tests/run.sh` starts one). A third backend implements ``WebStore`` and joins
/// ``StoreBackend``. Two "instances" are two stores over one database (for SQLite, one file).
@Suite struct StoreContractTests {
    func createSession(_ store: any WebStore, now: Int64 = 1_000) throws -> String {
        try store.transaction { try $0.sessions.create(app: "suma", state: Array("start".utf8), csrfSecret: "secret", dataKey: "key", now: now) }
    }

    @Test(arguments: StoreBackend.available) func attemptsMadeAtOnceOnTwoInstancesAreCountedOnce(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let key = AttemptKey(.signInPerAccount, app: "suma", "test@example.com")
        let allowed = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            if (try? (index % 2 == 0 ? first : second).countAttempt([key], now: 1_000)) != nil { allowed.add(1, ordering: .relaxed) }
        }
        #expect(allowed.load(ordering: .relaxed) == AttemptLimit.signInPerAccount.free, "one count, whichever instance answers")
        #expect(throws: TooManyAttempts.self) { try first.countAttempt([key], now: 1_001) }
        try second.transaction { try $0.attempts.clear([key]) }
        try first.countAttempt([key], now: 1_002)
    }
    @Test(arguments: StoreBackend.available) func aSessionStartedOnOneInstanceContinuesOnAnother(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let id = try createSession(first)
        let seen = try #require(try second.read { try $0.sessions.load(id: id, now: 2_000) })
        #expect(seen.state == Array("start".utf8) && seen.version == 1 && seen.csrfSecret == "secret" && seen.dataKey == "key")
        #expect(try second.transaction { try $0.sessions.save(id: id, state: Array("next".utf8), expectedVersion: 1, now: 3_000) } == .saved(version: 2))
        #expect(try first.read { try $0.sessions.load(id: id, now: 4_000) }?.state == Array("next".utf8))
        #expect(try first.read { try $0.sessions.load(id: id, now: 4_000 + SessionRecord.idleLifetime + 1) } == nil, "expired after its idle lifetime")
    }
    @Test(arguments: StoreBackend.available) func concurrentSavesFromTwoInstancesNeverLoseAWrite(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let id = try createSession(first)
        let saved = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let store = index == 0 ? first : second
            for step in 0..<40 {
                // Read, then save from what was read, as a request does; a lost race reads again.
                while true {
                    guard let version = try? store.read({ try $0.sessions.load(id: id, now: 5_000) })?.version,
                          let outcome = try? store.transaction({ try $0.sessions.save(id: id, state: Array("\(index)-\(step)".utf8), expectedVersion: version, now: 5_000) })
                    else { continue }
                    if case .saved = outcome {
                        saved.add(1, ordering: .relaxed)
                        break
                    }
                }
            }
        }
        #expect(saved.load(ordering: .relaxed) == 80)
        #expect(try first.read { try $0.sessions.load(id: id, now: 5_000) }?.version == 81, "every save moved the version once: none overwrote another")
    }
    @Test(arguments: StoreBackend.available) func aSaveThatLostTheRaceKeepsNothingElseOfItsUnitOfWork(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let id = try createSession(first)
        _ = try second.transaction { try $0.sessions.save(id: id, state: [1], expectedVersion: 1, now: 2_000) }
        struct Conflict: Error {}
        #expect(throws: Conflict.self) {
            try first.transaction { transaction in
                try transaction.events.append([StoredEvent(time: 2_000, app: "suma", kind: "screen_view", screen: "login")], session: id)
                try transaction.outbox.send(app: "suma", mailbox: "box", to: "a@example.com", subject: "Code", body: "123456", link: nil, now: 2_000)
                guard case .saved = try transaction.sessions.save(id: id, state: [2], expectedVersion: 1, now: 2_000) else { throw Conflict() }
            }
        }
        #expect(try first.read { try $0.events.events(session: id) }.isEmpty && first.read { try $0.outbox.messages(app: "suma", mailbox: nil, limit: 10) }.isEmpty, "events and mail went with the lost save")
    }
    @Test(arguments: StoreBackend.available) func rotatingASessionMovesItsEventsAndRetiresTheOldId(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let id = try createSession(store)
        try store.transaction { try $0.events.append([StoredEvent(time: 1_000, app: "suma", kind: "screen_view", screen: "login")], session: id) }
        let (outcome, newID) = try store.transaction { try $0.sessions.rotate(id: id, state: [9], userID: nil, expectedVersion: 1, csrfSecret: "rotated",
                                                                                   previousSecrets: ["before", "long-before"], now: 2_000) }
        #expect(outcome == .saved(version: 2))
        let rotated = try #require(newID)
        #expect(try other.read { try $0.sessions.load(id: id, now: 2_000) } == nil && other.read { try $0.sessions.load(id: rotated, now: 2_000) }?.state == [9])
        #expect(try other.read { try $0.sessions.load(id: rotated, now: 2_000) }?.previousCSRFSecrets == ["before", "long-before"])
        #expect(try other.read { try $0.events.events(session: rotated) }.map(\.kind) == ["screen_view"])
        #expect(try store.transaction { try $0.sessions.save(id: id, state: [1], expectedVersion: 2, now: 2_000) } == .missing)
    }
    @Test(arguments: StoreBackend.available) func aTakenEmailRefusesTheAccountAndTheUnitOfWorkGoesOn(backend: StoreBackend) throws {
        let (store, _) = try backend.instances()
        let id = try createSession(store)
        let hash = try store.hasher.hash("password123")
        let outcome = try store.transaction { transaction -> SaveOutcome in
            _ = try transaction.accounts.create(app: "suma", email: "Test@Example.com", passwordHash: hash, mailbox: "box", now: 1_000)
            #expect(throws: AccountError.emailTaken) {
                try transaction.accounts.create(app: "suma", email: "test@example.com", passwordHash: hash, mailbox: "box", now: 1_000)
            }
            // On PostgreSQL a failed statement would abort the transaction; the refusal is not one.
            return try transaction.sessions.save(id: id, state: [2], expectedVersion: 1, now: 1_000)
        }
        #expect(outcome == .saved(version: 2))
        #expect(try store.authenticate(app: "suma", email: "TEST@example.com", password: "password123", allowingFixtures: true)?.email == "Test@Example.com")
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "wrong", allowingFixtures: true) == nil)
    }
    @Test(arguments: StoreBackend.available) func secretsAreSingleUseAndCodesHaveLimitedTries(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let account = try store.transaction { try $0.accounts.create(app: "suma", email: "a@example.com", passwordHash: "x", mailbox: "box", now: 0) }
        let token = try store.transaction { try $0.accounts.issue(.linkToken, purpose: "reset-password", accountID: account.id, lifetime: 60_000, now: 1_000) }
        #expect(try other.accounts.tokenHolder(token, purpose: "reset-password", now: 2_000) == account.id)
        #expect(try other.accounts.tokenHolder(token, purpose: "verify-email", now: 2_000) == nil)
        #expect(try other.transaction { try $0.accounts.redeem(token: token, purpose: "reset-password", now: 2_000) } == account.id)
        #expect(try store.transaction { try $0.accounts.redeem(token: token, purpose: "reset-password", now: 2_000) } == nil, "once")
        let code = try store.transaction { try $0.accounts.issue(.code, purpose: "verify-email", accountID: account.id, lifetime: 60_000, now: 1_000) }
        let wrong = code == "000000" ? "111111" : "000000"
        for _ in 0..<SecretRules.maximumCodeAttempts {
            #expect(try other.transaction { try $0.accounts.redeem(code: wrong, accountID: account.id, purpose: "verify-email", now: 2_000) } == false)
        }
        #expect(try store.transaction { try $0.accounts.redeem(code: code, accountID: account.id, purpose: "verify-email", now: 2_000) } == false, "void after five wrong tries")
        let again = try store.transaction { try $0.accounts.issue(.code, purpose: "verify-email", accountID: account.id, lifetime: 60_000, now: 3_000) }
        #expect(try store.transaction { try $0.accounts.redeem(code: again, accountID: account.id, purpose: "verify-email", now: 4_000) } == true)
    }
    @Test(arguments: StoreBackend.available) func tentativeWritesAreTakenBackAndTheRestOfTheUnitOfWorkIsKept(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let id = try store.transaction { try $0.sessions.create(app: "desk", state: [0], csrfSecret: "s", dataKey: "k", now: 0) }
        struct Refused: Error {}
        let kept = try store.transaction { transaction in
            let refused = try transaction.tentatively({
                _ = try transaction.records.insert(app: "desk", collection: "notes", scope: .app, values: ["title": .string("Refused")], now: 1)
                return false
            }, keeping: { $0 })
            #expect(throws: Refused.self) {
                try transaction.tentatively({
                    _ = try transaction.records.insert(app: "desk", collection: "notes", scope: .app, values: ["title": .string("Thrown")], now: 1)
                    throw Refused()
                }, keeping: { _ in true })
            }
            let accepted = try transaction.tentatively({
                try transaction.records.insert(app: "desk", collection: "notes", scope: .app, values: ["title": .string("Kept")], now: 1)
            }, keeping: { _ in true })
            // A refusal is saved in the same commit as what stays.
            _ = try transaction.sessions.save(id: id, state: [refused ? 1 : 2], expectedVersion: 1, now: 2)
            return accepted
        }
        #expect(try other.records.list(app: "desk", collection: "notes", scope: .app).map { $0.values["title"] } == [.string("Kept")])
        #expect(try other.records.find(app: "desk", collection: "notes", scope: .app, id: kept) != nil)
        #expect(try other.read { try $0.sessions.load(id: id, now: 3) }?.state == [2])
    }
    @Test(arguments: StoreBackend.available) func recordsKeepEachScopeAndASessionsCopyOverlaysTheFixtures(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        try store.seedRecords(app: "desk", [
            FixtureRecord(collection: "notes", id: "1", values: ["title": .string("First"), "done": .boolean(false)]),
            FixtureRecord(collection: "notes", id: "2", values: ["title": .string("Second"), "done": .boolean(true)]),
        ])
        try other.seedRecords(app: "desk", [FixtureRecord(collection: "notes", id: "1", values: ["title": .string("First"), "done": .boolean(false)])])
        let mine = RecordScope.session("mine")
        let written = try store.transaction { transaction in
            (try transaction.records.update(app: "desk", collection: "notes", scope: mine, id: "1", values: ["title": .string("Mine")], now: 1),
             try transaction.records.delete(app: "desk", collection: "notes", scope: mine, id: "2", now: 1),
             try transaction.records.insert(app: "desk", collection: "notes", scope: mine, values: ["title": .string("New")], now: 1))
        }
        #expect(written.0 && written.1 && written.2 == "3")
        #expect(try other.records.list(app: "desk", collection: "notes", scope: mine).map(\.id) == ["1", "3"])
        #expect(try other.records.find(app: "desk", collection: "notes", scope: mine, id: "1")?.values["title"] == .string("Mine"))
        #expect(try other.records.list(app: "desk", collection: "notes", scope: .session("theirs")).map(\.id) == ["1", "2"], "another session sees the fixtures")
        #expect(try other.records.count(app: "desk", collection: "notes", scope: .session("theirs"), matching: ["done": .boolean(true)]) == 1)
        #expect(try other.records.count(app: "desk", collection: "notes", scope: mine, matching: ["done": .boolean(true)]) == 0)
        #expect(try other.transaction { try $0.records.insert(app: "desk", collection: "notes", scope: .app, values: [:], now: 1) } == "4",
                "ids are unique across the collection, whichever instance adds")
        try store.transaction { try $0.sessions.end(id: "no such session") }
    }
    @Test(arguments: StoreBackend.available) func aCopyOfAFixtureAccountsRecordsIsOneSessionsAndGoesWithIt(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        try store.seedFixtures(app: "suma", accounts: [FixtureAccount(email: "test@example.com", password: "password123")], fixtureEmails: [])
        let fixture = try #require(try store.accounts.account(app: "suma", email: "test@example.com"))
        try store.seedRecords(app: "suma", [FixtureRecord(collection: "notes", id: "1", values: ["unread": .boolean(true)], accountEmail: "test@example.com")])
        let id = try createSession(store)
        let (mine, theirs) = (RecordScope.accountCopy(fixture.id, session: "key"), RecordScope.accountCopy(fixture.id, session: "theirs"))
        _ = try store.transaction { try $0.records.update(app: "suma", collection: "notes", scope: mine, id: "1", values: ["unread": .boolean(false)], now: 1) }
        #expect(try other.records.count(app: "suma", collection: "notes", scope: mine, matching: ["unread": .boolean(true)]) == 0)
        #expect(try other.records.count(app: "suma", collection: "notes", scope: theirs, matching: ["unread": .boolean(true)]) == 1)
        #expect(try other.records.count(app: "suma", collection: "notes", scope: .account(fixture.id), matching: ["unread": .boolean(true)]) == 1)
        try other.transaction { try $0.sessions.end(id: id) }
        #expect(try store.records.count(app: "suma", collection: "notes", scope: mine, matching: ["unread": .boolean(true)]) == 1, "ended, the copy is gone")
    }
    @Test(arguments: StoreBackend.available) func seedingTwiceKeepsWhatPeopleChanged(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let fixture = FixtureRecord(collection: "listings", id: "123", values: ["title": .string("Loft")])
        try store.seedRecords(app: "rp", [fixture])
        try store.transaction { _ = try $0.records.update(app: "rp", collection: "listings", scope: .app, id: "123", values: ["title": .string("Edited")], now: 1) }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            try? (index == 0 ? store : other).seedRecords(app: "rp", [fixture])
        }
        #expect(try other.records.find(app: "rp", collection: "listings", scope: .app, id: "123")?.values["title"] == .string("Edited"))
    }
    @Test(arguments: StoreBackend.available) func fixtureAccountsAreSeededOnceByInstancesStartingTogether(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let fixture = FixtureAccount(email: "test@example.com", password: "password123")
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            do {
                try (index == 0 ? store : other).seedFixtures(app: "suma", accounts: [fixture], fixtureEmails: [])
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let account = try #require(try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: true))
        #expect(account.isFixture && account.isVerified)
        #expect(try store.authenticate(app: "suma", email: "test@example.com", password: "password123", allowingFixtures: false) == nil)
    }
    @Test(arguments: StoreBackend.available) func eventsAddTheirDailyCountsOnEveryInstance(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let day: Int64 = 86_400_000
        let (a, b) = (try createSession(first, now: 10 * day), try createSession(second, now: 11 * day))
        let step = StoredEvent(time: 10 * day, app: "suma", kind: "funnel_step", funnel: "signup", step: "email", stepNumber: 1)
        try first.transaction { try $0.events.append([
            StoredEvent(time: 10 * day, app: "suma", kind: "screen_view", screen: "register", previousScreen: "login", dwell: 1_000), step, step,
            StoredEvent(time: 10 * day, app: "suma", kind: "back_button_pressed", screen: "register", depth: 2),
        ], session: a) }
        try second.transaction { try $0.events.append([
            StoredEvent(time: 11 * day, app: "suma", kind: "screen_view", screen: "register", previousScreen: "login", dwell: 3_000), step,
            StoredEvent(time: 11 * day, app: "suma", kind: "deep_link_opened", link: "sumafinance://auth/register", pattern: "/auth/register"),
        ], session: b) }
        func counts(_ metric: EventCounts.Metric, byDay: Bool = false) throws -> [String] {
            try first.read { try $0.events.counts(app: "suma", metric: metric, from: "1970-01-01", to: "1970-12-31", byDay: byDay) }
                .map { "\($0.day.map { $0 + " " } ?? "")\($0.subject) \($0.detail) \($0.count)" }
        }
        #expect(try counts(.sessions, byDay: true) == ["1970-01-11   1", "1970-01-12   1"])
        #expect(try counts(.views) == ["register  2"] && counts(.moves) == ["login register 2"] && counts(.backs) == ["register  1"])
        #expect(try counts(.funnel) == ["signup 1\temail 2"], "each session once")
        #expect(try second.read { try $0.events.events(session: a) }.map(\.kind) == ["screen_view", "funnel_step", "funnel_step", "back_button_pressed"])
        #expect(try second.read { try $0.events.events(session: a) }.last?.depth == 2)
        #expect(try first.read { try $0.linkCounts.counts(app: "suma") }.map(\.kind) == ["deep_link_opened"])
    }
    @Test(arguments: StoreBackend.available) func linkCountsFromEveryInstanceAddUp(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let count = LinkCount(app: "suma", pattern: "/auth/login", day: "2026-11-26", kind: "deep_link_opened", count: 3)
        try first.transaction { try $0.linkCounts.add([count]) }
        try second.transaction { try $0.linkCounts.add([count]) }
        #expect(try first.read { try $0.linkCounts.counts(app: "suma") }.map(\.count) == [6])
    }
    @Test(arguments: StoreBackend.available) func aDeferredLinkIsClaimedOnceAcrossInstances(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        try first.transaction { try $0.deferredLinks.keep(app: "suma", code: "K7Q42MFX", link: "sumafinance://auth/login", now: 1_000, expires: 61_000) }
        try first.transaction { try $0.deferredLinks.keep(app: "suma", code: "AAAA1111", link: "sumafinance://auth/register", now: 1_000, expires: 61_000) }
        let claimed = Mutex<[DeferredLink]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            if let link = try? (index % 2 == 0 ? first : second).transaction({ try $0.deferredLinks.claim(app: "suma", code: "K7Q42MFX", now: 2_000) }) {
                claimed.withLock { $0.append(link) }
            }
        }
        #expect(claimed.withLock { $0 } == [DeferredLink(link: "sumafinance://auth/login", created: 1_000)])
        #expect(try second.transaction { try $0.deferredLinks.claim(app: "suma", code: "AAAA1111", now: 61_000) } == nil, "expired")
        #expect(try second.sweepDeferredLinks(now: 61_000) == 2)
    }

    @Test(arguments: StoreBackend.available) func aSessionEndsAfterItsLifetimesAndIsSweptThen(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let id = try createSession(store, now: 0)
        // Used within its idle lifetime again and again, it still ends at its absolute lifetime.
        var now: Int64 = 0
        var version = 1
        while now + SessionRecord.idleLifetime / 2 < SessionRecord.absoluteLifetime {
            now += SessionRecord.idleLifetime / 2
            guard case .saved(let next) = try store.transaction({ try $0.sessions.save(id: id, state: [1], expectedVersion: version, now: now) }) else {
                Issue.record("a live session's save was refused at \(now)")
                return
            }
            version = next
        }
        #expect(try other.read { try $0.sessions.load(id: id, now: SessionRecord.absoluteLifetime + 1) } == nil, "over at its absolute lifetime, however often used")
        #expect(try other.sweepSessions(now: SessionRecord.absoluteLifetime + 1) == 1 && store.sweepSessions(now: SessionRecord.absoluteLifetime + 2) == 0)
    }

    @Test(arguments: StoreBackend.available) func aPasswordResetEndsTheAccountsOtherSessionsOnly(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        // Three sessions signing in (their ids rotate): two as account 7, one as account 8.
        let ids = try [("7"), ("7"), ("8")].map { user in
            let id = try createSession(store)
            let (_, rotated) = try store.transaction { try $0.sessions.rotate(id: id, state: [1], userID: user, expectedVersion: 1, csrfSecret: "s",
                                                                             previousSecrets: [], now: 1_000) }
            return try #require(rotated)
        }
        try other.transaction { try $0.sessions.end(app: "suma", userID: "7", except: ids[0]) }
        #expect(try store.read { try $0.sessions.load(id: ids[0], now: 2_000) } != nil, "the session that reset the password goes on")
        #expect(try store.read { try $0.sessions.load(id: ids[1], now: 2_000) } == nil, "another of the same account ends")
        #expect(try store.read { try $0.sessions.load(id: ids[2], now: 2_000) } != nil, "another account's is left alone")
    }

    @Test(arguments: StoreBackend.available) func anAttemptThatSucceedsIsTakenBackAndClearingForgetsThem(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let key = AttemptKey(.signInPerAccount, app: "suma", "someone@example.com")
        for _ in 0..<AttemptLimit.signInPerAccount.free {
            try store.countAttempt([key], now: 1_000)
        }
        let refused = try #require(throws: TooManyAttempts.self) { try other.countAttempt([key], now: 1_000) }
        #expect(refused.wait > 0)
        // What succeeded is taken back: an office signing in all morning is never held back.
        let office = AttemptKey(.signInPerAddress, app: "suma", "203.0.113.0")
        for minute in 0..<(3 * AttemptLimit.signInPerAddress.free) {
            try store.countAttempt([office], now: 1_000_000 + Int64(minute) * 1_000)
            try other.transaction { try $0.attempts.refund([office]) }
        }
        try other.transaction { try $0.attempts.clear([key]) }
        try store.countAttempt([key], now: 1_001)
        #expect(try other.sweepAttempts(now: 100 * 86_400_000) >= 1, "counts over their window are swept")
    }

    @Test(arguments: StoreBackend.available) func anAttemptOneLimitRefusesIsCountedByNone(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let (guesser, owner) = (AttemptKey(.signInPerAddress, app: "suma", "203.0.113.9"), AttemptKey(.signInPerAddress, app: "suma", "198.51.100.7"))
        let victim = AttemptKey(.signInPerAccount, app: "suma", "victim@example.com")
        for index in 0..<AttemptLimit.signInPerAddress.free {
            try store.countAttempt([guesser, AttemptKey(.signInPerAccount, app: "suma", "person\(index)@example.com")], now: 1_000)
        }
        // Refused by the address: the victim's key is not even looked at.
        for _ in 0..<50 {
            #expect(throws: TooManyAttempts.self) { try other.countAttempt([guesser, victim], now: 1_000) }
        }
        for _ in 0..<AttemptLimit.signInPerAccount.free {
            try store.countAttempt([owner, victim], now: 1_000)
        }
        // Refused by the account: what the address counted first is taken back.
        for _ in 0..<50 {
            #expect(throws: TooManyAttempts.self) { try other.countAttempt([owner, victim], now: 1_000) }
        }
        for index in AttemptLimit.signInPerAccount.free..<AttemptLimit.signInPerAddress.free {
            try store.countAttempt([owner, AttemptKey(.signInPerAccount, app: "suma", "other\(index)@example.com")], now: 1_000)
        }
        #expect(throws: TooManyAttempts.self) { try store.countAttempt([owner], now: 1_000) }
    }

    @Test(arguments: StoreBackend.available) func expiredAttemptCountsAreSweptInBatches(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let limit = AttemptLimit(name: "sweep", free: 5, window: 1_000, firstDelay: 1_000, longestDelay: 1_000)
        try store.transaction { transaction in
            for index in 0..<(2 * store.attemptSweepBatch + 10) { _ = try transaction.attempts.count(AttemptKey(limit, app: "suma", "\(index)"), now: 0) }
            _ = try transaction.attempts.count(AttemptKey(limit, app: "suma", "live"), now: 5_000)
        }
        // One batch a transaction: never more than its size at once, the oldest first.
        #expect(try other.transaction { try $0.attempts.sweep(now: 1_000, limit: 100) } == 100)
        #expect(try other.sweepAttempts(now: 1_000) == 2 * store.attemptSweepBatch - 90, "the rest, in batches")
        #expect(try other.sweepAttempts(now: 1_000) == 0 && other.sweepAttempts(now: 6_000) == 1, "a live count stays until it is over")
    }

    @Test(arguments: StoreBackend.available) func eventsAreReadNewestLastAndSweptByAge(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        let id = try createSession(store)
        let events = (0..<5).map { StoredEvent(time: Int64($0) * 1_000, app: "suma", kind: .screenView, screen: "screen-\($0)") }
        try store.transaction { try $0.events.append(events, session: id) }
        #expect(try other.read { try $0.events.events(session: id, limit: 2) }.map(\.screen) == ["screen-3", "screen-4"], "the newest two, oldest first")
        #expect(try other.read { try $0.events.events(app: "suma", from: 1_000, to: 3_000) }.map(\.screen) == ["screen-1", "screen-2"])
        #expect(try other.sweepEvents(olderThan: 2_500, now: 5_000) == 3)
        #expect(try store.read { try $0.events.events(session: id) }.map(\.screen) == ["screen-3", "screen-4"])
    }

    @Test(arguments: StoreBackend.available) func aMailboxHoldsItsOwnMailNewestFirst(backend: StoreBackend) throws {
        let (store, other) = try backend.instances()
        try store.transaction { transaction in
            for (index, mailbox) in ["mine", "theirs", "mine"].enumerated() {
                try transaction.outbox.send(app: "suma", mailbox: mailbox, to: "a@example.com", subject: "Mail \(index)", body: "Body", link: nil,
                                         now: Int64(index) * 1_000)
            }
        }
        #expect(try other.read { try $0.outbox.messages(app: "suma", mailbox: "mine", limit: 10) }.map(\.subject) == ["Mail 2", "Mail 0"])
        #expect(try other.read { try $0.outbox.messages(app: "suma", mailbox: nil, limit: 2) }.map(\.subject) == ["Mail 2", "Mail 1"])
        #expect(try other.read { try $0.outbox.messages(app: "other-app", mailbox: nil, limit: 10) }.isEmpty)
    }

    @Test(arguments: StoreBackend.available) func twoAuditorsNeverOverwriteEachOthersVerdictUnseen(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let review = try first.transaction { try $0.reviews.create(app: "coin", name: "Release 2", auditor: "Ana", folderHash: "f1", now: 1_000) }
        #expect(try second.read { try $0.reviews.reviews(app: "coin") } == [review])
        #expect(try second.read { try $0.reviews.review(id: review.id, app: "other-app") } == nil, "an audit belongs to its app")
        @Sendable func verdict(_ outcome: ReviewFinding.Outcome, by auditor: String, at time: Int64) -> ReviewFinding {
            ReviewFinding(state: "screen:recents", criterion: "1.1.1", outcome: outcome, note: "\(auditor)'s note", auditor: auditor,
                          updated: time, stateHash: "s1")
        }
        // Both saw no verdict; both save at once, on two instances: one is kept.
        let kept = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let (store, auditor) = index == 0 ? (first, "Ana") : (second, "Ben")
            if (try? store.transaction { try $0.reviews.record(verdict(.pass, by: auditor, at: 2_000), in: review.id, seen: 0) }) == true {
                kept.withLock { $0.append(auditor) }
            }
        }
        #expect(kept.withLock { $0.count } == 1)
        let stored = try #require(try first.read { try $0.reviews.findings(review: review.id) }.first)
        #expect(stored.version == 1 && stored.auditor == kept.withLock { $0[0] })
        // Over the version they saw, a change is kept; over an older one, refused and nothing changes.
        #expect(try second.transaction { try $0.reviews.record(verdict(.fail, by: "Cy", at: 3_000), in: review.id, seen: 1) })
        #expect(try first.transaction { try $0.reviews.record(verdict(.notApplicable, by: "Di", at: 4_000), in: review.id, seen: 1) } == false)
        #expect(try first.read { try $0.reviews.findings(review: review.id) }
                == [ReviewFinding(state: "screen:recents", criterion: "1.1.1", outcome: .fail, note: "Cy's note", auditor: "Cy",
                                  updated: 3_000, stateHash: "s1", version: 2)])
        // The automated pass attached last is the one read, on every instance.
        #expect(try second.read { try $0.reviews.automatedPass(review: review.id) } == nil)
        try first.transaction { try $0.reviews.attach(automatedPass: "{\"run\": 1}", to: review.id, now: 5_000) }
        try second.transaction { try $0.reviews.attach(automatedPass: "{\"run\": 2}", to: review.id, now: 6_000) }
        #expect(try first.read { try $0.reviews.automatedPass(review: review.id) }.map { "\($0.attached) \($0.results)" } == "6000 {\"run\": 2}")
        // Its screenshots, every byte as sent, the last of a state and scheme kept.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x0D, 0x0A]
        #expect(try second.read { try $0.reviews.screenshot(review: review.id, state: "screen:recents", scheme: "light") } == nil)
        try first.transaction { try $0.reviews.keep(screenshot: [1], of: "screen:recents", scheme: "light", in: review.id, now: 7_000) }
        try second.transaction { try $0.reviews.keep(screenshot: png, of: "screen:recents", scheme: "light", in: review.id, now: 8_000) }
        #expect(try first.read { try $0.reviews.screenshot(review: review.id, state: "screen:recents", scheme: "light") } == png)
        #expect(try first.read { try $0.reviews.screenshot(review: review.id, state: "screen:recents", scheme: "dark") } == nil)
        #expect(try second.read { try $0.reviews.screenshotSchemes(review: review.id, state: "screen:recents") } == ["light"])
    }

    @Test(arguments: StoreBackend.available) func verdictsOnARenamedStateMoveToItsNewName(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let review = try first.transaction { try $0.reviews.create(app: "coin", name: "Renamed", auditor: "Ana", folderHash: "f1", now: 1_000) }
        for (state, criterion) in [("screen:old", "1.1.1"), ("screen:old", "1.4.3"), ("screen:new", "1.4.3")] {
            _ = try first.transaction { try $0.reviews.record(ReviewFinding(state: state, criterion: criterion, outcome: .fail, note: state, auditor: "Ana",
                                                                            updated: 2_000, stateHash: "s"), in: review.id, seen: 0) }
        }
        let left = try second.transaction { try $0.reviews.move(review: review.id, from: "screen:old", to: "screen:new") }
        #expect(left == ["1.4.3"], "a criterion the new state has a verdict on stays where it was")
        let findings = try first.read { try $0.reviews.findings(review: review.id) }.map { "\($0.state) \($0.criterion) \($0.note) v\($0.version)" }.sorted()
        #expect(findings == ["screen:new 1.1.1 screen:old v1", "screen:new 1.4.3 screen:new v1", "screen:old 1.4.3 screen:old v1"])
    }
}
