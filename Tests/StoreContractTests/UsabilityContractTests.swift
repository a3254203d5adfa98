import FlowStore
import Testing

/// The storage contract of usability tests (``UsabilityWrites``), run against each backend as
/// ``StoreContractTests`` is: two instances over one database.
@Suite struct UsabilityContractTests {
    @Test(arguments: StoreBackend.available) func aTesterIsKnownByTheirTokenOnEveryInstanceAndOnlyInTheirTest(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let ana = try first.transaction { try $0.usability.join(app: "suma", test: "first-look", token: "ana-token", now: 1_000) }
        let ben = try second.transaction { try $0.usability.join(app: "suma", test: "first-look", token: "ben-token", now: 2_000) }
        _ = try first.transaction { try $0.usability.join(app: "suma", test: "other-test", token: "cy-token", now: 3_000) }
        _ = try first.transaction { try $0.usability.join(app: "coin", test: "first-look", token: "di-token", now: 4_000) }
        #expect(try second.read { try $0.usability.tester(token: "ana-token") } == ana)
        #expect(try first.read { try $0.usability.tester(token: "nobody's") } == nil)
        #expect(try second.read { try $0.usability.testers(app: "suma", test: "first-look") } == [ana, ben])
        #expect(ana.id != ben.id)
        #expect(throws: (any Error).self, "a token is one tester's") {
            try first.transaction { try $0.usability.join(app: "suma", test: "first-look", token: "ana-token", now: 5_000) }
        }
    }

    @Test(arguments: StoreBackend.available) func aTryKeepsItsScreensUntilItEndsAndEndsOnce(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let tester = try first.transaction { try $0.usability.join(app: "suma", test: "first-look", token: "t", now: 1_000) }
        let attempt = try first.transaction { try $0.usability.begin(mission: "reset-password", tester: tester.id, now: 2_000) }
        let recorded = try second.transaction { transaction in
            try [StoredMissionAttempt.Step(route: "login", at: 2_000), .init(route: "forgot-password", at: 3_000), .init(route: "login", at: 4_000, isBack: true)]
                .map { try transaction.usability.record($0, in: attempt) }
        }
        #expect(recorded == [true, true, true])
        #expect(try first.transaction { try $0.usability.end(attempt: attempt, as: .restarted, at: 5_000) })
        #expect(try second.transaction { try $0.usability.end(attempt: attempt, as: .done, at: 6_000) } == false, "ended once")
        #expect(try second.transaction { try $0.usability.record(.init(route: "welcome", at: 7_000), in: attempt) } == false,
                "a screen after the end is not the try's")
        let again = try second.transaction { try $0.usability.begin(mission: "reset-password", tester: tester.id, now: 8_000) }
        _ = try first.transaction { try $0.usability.record(.init(route: "login", at: 8_000), in: again) }
        #expect(try second.transaction { try $0.usability.end(attempt: again, as: .gaveUp, at: 9_000) })
        let privacy = try first.transaction { try $0.usability.begin(mission: "privacy", tester: tester.id, now: 10_000) }

        #expect(try first.read { try $0.usability.attempts(app: "suma", test: "first-look") } == [
            StoredMissionAttempt(id: attempt, tester: tester.id, mission: "reset-password", started: 2_000, ended: 5_000, ending: .restarted, steps: [
                .init(route: "login", at: 2_000), .init(route: "forgot-password", at: 3_000), .init(route: "login", at: 4_000, isBack: true),
            ]),
            StoredMissionAttempt(id: again, tester: tester.id, mission: "reset-password", started: 8_000, ended: 9_000, ending: .gaveUp,
                                 steps: [.init(route: "login", at: 8_000)]),
            StoredMissionAttempt(id: privacy, tester: tester.id, mission: "privacy", started: 10_000),
        ])
        #expect(try second.read { try $0.usability.attempts(app: "suma", test: "other-test") }.isEmpty)
    }

    @Test(arguments: StoreBackend.available) func anAnswerGivenAgainReplacesTheFirst(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let tester = try first.transaction { try $0.usability.join(app: "suma", test: "first-look", token: "t", now: 1_000) }
        try first.transaction { try $0.usability.answer("assistive-technology", with: "screen-reader", tester: tester.id) }
        try second.transaction { try $0.usability.answer("sus.1", with: "4", tester: tester.id) }
        try second.transaction { try $0.usability.answer("sus.1", with: "5", tester: tester.id) }
        #expect(try first.read { try $0.usability.answers(app: "suma", test: "first-look") } == [
            UsabilityAnswer(tester: tester.id, question: "assistive-technology", value: "screen-reader"),
            UsabilityAnswer(tester: tester.id, question: "sus.1", value: "5"),
        ])
    }

    @Test(arguments: StoreBackend.available) func aTesterWhoWithdrawsLeavesNothingBehind(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let (ana, ben) = try first.transaction { transaction in
            (try transaction.usability.join(app: "suma", test: "first-look", token: "ana", now: 1_000),
             try transaction.usability.join(app: "suma", test: "first-look", token: "ben", now: 1_000))
        }
        for tester in [ana, ben] {
            try first.transaction { transaction in
                let attempt = try transaction.usability.begin(mission: "privacy", tester: tester.id, now: 2_000)
                _ = try transaction.usability.record(.init(route: "welcome", at: 2_000), in: attempt)
                try transaction.usability.answer("sus.1", with: "3", tester: tester.id)
            }
        }
        #expect(try second.transaction { try $0.usability.withdraw(tester: ana.id) })
        #expect(try first.transaction { try $0.usability.withdraw(tester: ana.id) } == false)
        #expect(try first.read { try $0.usability.tester(token: "ana") } == nil)
        #expect(try first.read { try $0.usability.testers(app: "suma", test: "first-look") } == [ben])
        #expect(try first.read { try $0.usability.attempts(app: "suma", test: "first-look") }.map(\.tester) == [ben.id])
        #expect(try first.read { try $0.usability.answers(app: "suma", test: "first-look") }.map(\.tester) == [ben.id])
    }

    @Test(arguments: StoreBackend.available) func aTestIsOpenUntilPausedOrClosed(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        #expect(try first.read { try $0.usability.status(app: "suma", test: "first-look") } == .open)
        try first.transaction { try $0.usability.setStatus(.paused, app: "suma", test: "first-look", now: 1_000) }
        #expect(try second.read { try $0.usability.status(app: "suma", test: "first-look") } == .paused)
        #expect(try second.read { try $0.usability.status(app: "coin", test: "first-look") } == .open, "a status is one test's")
        try second.transaction { try $0.usability.setStatus(.closed, app: "suma", test: "first-look", now: 2_000) }
        #expect(try first.read { try $0.usability.status(app: "suma", test: "first-look") } == .closed)
    }

    @Test(arguments: StoreBackend.available) func aTestMadeInTheBrowserIsKeptAndDeletedWithItsResults(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        try first.transaction { try $0.usability.keep(test: "checkout", xml: "<test id=\"checkout\"/>", app: "suma", now: 1_000) }
        try second.transaction { try $0.usability.keep(test: "checkout", xml: "<test id=\"checkout\" name=\"Checkout\"/>", app: "suma", now: 2_000) }
        try second.transaction { try $0.usability.keep(test: "arrival", xml: "<test id=\"arrival\"/>", app: "suma", now: 2_000) }
        #expect(try first.read { try $0.usability.madeTests(app: "suma") }.map { "\($0.id) \($0.xml)" }
                == ["arrival <test id=\"arrival\"/>", "checkout <test id=\"checkout\" name=\"Checkout\"/>"])
        #expect(try first.read { try $0.usability.madeTests(app: "coin") }.isEmpty)
        let tester = try first.transaction { try $0.usability.join(app: "suma", test: "checkout", token: "t", now: 3_000) }
        let other = try first.transaction { try $0.usability.join(app: "suma", test: "arrival", token: "u", now: 3_000) }
        try first.transaction { try $0.usability.setStatus(.paused, app: "suma", test: "checkout", now: 3_000) }
        #expect(try second.transaction { try $0.usability.delete(test: "checkout", app: "suma") })
        #expect(try first.transaction { try $0.usability.delete(test: "checkout", app: "suma") } == false)
        #expect(try first.read { try $0.usability.tester(token: "t") } == nil, "its testers go with it: \(tester.id)")
        #expect(try first.read { try $0.usability.tester(token: "u") } == other, "another test's stay")
        #expect(try first.read { try $0.usability.status(app: "suma", test: "checkout") } == .open)
        #expect(try first.read { try $0.usability.madeTests(app: "suma") }.map(\.id) == ["arrival"])
    }

    @Test(arguments: StoreBackend.available) func everyWriteThatChangesResultsRaisesTheTestsRevision(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        var seen: [Int64] = [try first.read { try $0.usability.revision(app: "suma", test: "first-look") }]
        func raised(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ write: (any StoreTransaction) throws -> Void) throws {
            try first.transaction(write)
            let now = try second.read { try $0.usability.revision(app: "suma", test: "first-look") }
            #expect(now > seen.last ?? 0, "\(what) raises the revision", sourceLocation: sourceLocation)
            seen.append(now)
        }
        #expect(seen == [0])
        let tester = try first.transaction { try $0.usability.join(app: "suma", test: "first-look", token: "t", now: 1_000) }
        seen.append(try first.read { try $0.usability.revision(app: "suma", test: "first-look") })
        #expect(seen.last! > 0, "joining raises it")
        var attempt: Int64 = 0
        try raised("beginning a try") { attempt = try $0.usability.begin(mission: "privacy", tester: tester.id, now: 2_000) }
        try raised("a screen shown") { _ = try $0.usability.record(.init(route: "welcome", at: 2_000), in: attempt) }
        try raised("a try's end") { _ = try $0.usability.end(attempt: attempt, as: .done, at: 3_000) }
        try raised("an answer") { try $0.usability.answer("sus.1", with: "3", tester: tester.id) }
        try raised("a withdrawal") { _ = try $0.usability.withdraw(tester: tester.id) }
        try raised("the test kept") { try $0.usability.keep(test: "first-look", xml: "<test/>", app: "suma", now: 4_000) }
        try raised("the test deleted") { _ = try $0.usability.delete(test: "first-look", app: "suma") }
        #expect(try first.read { try $0.usability.revision(app: "suma", test: "other") } == 0, "a revision is one test's")
    }

    @Test(arguments: StoreBackend.available) func everyLimitIsKeptOnEveryInstance(backend: StoreBackend) throws {
        let (first, second) = try backend.instances()
        let tester = try first.transaction { transaction in
            for index in 1..<UsabilityLimits.testersPerTest {
                _ = try transaction.usability.join(app: "suma", test: "full", token: "t\(index)", now: 1_000)
            }
            return try transaction.usability.join(app: "suma", test: "full", token: "last", now: 1_000)
        }
        #expect(throws: UsabilityLimitReached.self) { try second.transaction { try $0.usability.join(app: "suma", test: "full", token: "over", now: 2_000) } }
        let attempt = try first.transaction { transaction in
            for _ in 1..<UsabilityLimits.triesPerTester { _ = try transaction.usability.begin(mission: "m", tester: tester.id, now: 3_000) }
            return try transaction.usability.begin(mission: "m", tester: tester.id, now: 3_000)
        }
        #expect(throws: UsabilityLimitReached.self) { try second.transaction { try $0.usability.begin(mission: "m", tester: tester.id, now: 4_000) } }
        let recorded = try first.transaction { transaction in
            try (0...UsabilityLimits.screensPerTry).map { try transaction.usability.record(.init(route: "r\($0)", at: 5_000), in: attempt) }
        }
        #expect(recorded.filter { $0 }.count == UsabilityLimits.screensPerTry && recorded.last == false, "the screen past the limit is not recorded")
    }
}
