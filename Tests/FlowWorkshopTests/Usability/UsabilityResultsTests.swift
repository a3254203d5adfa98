@testable import FlowWorkshop
import FlowDefinition
import FlowStore
import Navigation
import Testing

/// What the results make of stored tries: the last try of each tester counts, a restart is
/// counted as one, the moves and ways are each tester's once, the filter keeps one answer's
/// testers, and the page stays as it is until a try under way bounces or times out.
@Suite struct UsabilityResultsTests {
    static let mission = UsabilityTest.Mission(id: "reset", task: "Reset your password.", start: "screen:login", successes: ["sent"],
                                               expectedPaths: [["login", "forgot", "sent"]], timeLimit: 600)
    static let test = UsabilityTest(id: "t", name: "T", intro: "", missions: [mission], questions: [.systemUsabilityScale, .assistiveTechnology])
    static let minute: Int64 = 60_000

    static func tester(_ id: Int64) -> UsabilityTester { UsabilityTester(id: id, app: "suma", test: "t", joined: 0) }

    static func tried(_ id: Int64, tester: Int64, _ routes: [String], started: Int64 = 0, ending: StoredMissionAttempt.Ending? = .done) -> StoredMissionAttempt {
        let steps = routes.enumerated().map { StoredMissionAttempt.Step(route: $1, at: started + Int64($0) * 1_000) }
        return StoredMissionAttempt(id: id, tester: tester, mission: "reset", started: started, ended: ending == nil ? nil : started + 10_000,
                                    ending: ending, steps: steps)
    }

    @Test func eachTestersLastTryCountsAndTheWaysAreEachTestersOnce() {
        let attempts = [
            Self.tried(1, tester: 1, ["login", "help"], ending: .restarted), Self.tried(2, tester: 1, ["login", "forgot", "sent"], started: 20_000),
            Self.tried(3, tester: 2, ["login", "help", "login", "forgot", "sent"]),
            Self.tried(4, tester: 3, ["login", "help"], ending: .gaveUp),
        ]
        let answers = [UsabilityAnswer(tester: 2, question: "assistive-technology", value: "screen-reader")]
            + (1...10).map { UsabilityAnswer(tester: 1, question: "sus.\($0)", value: $0.isMultiple(of: 2) ? "1" : "5") }
        let results = UsabilityResults(test: Self.test, testers: [1, 2, 3].map(Self.tester), attempts: attempts, answers: answers, now: 60_000)
        let mission = results.missions[0]
        #expect(mission.counts == [.direct: 1, .indirect: 1, .gaveUp: 1])
        #expect(mission.restarts == 1 && mission.times == [2_000, 4_000, 10_000])
        #expect(mission.edges.first { $0.from == "login" && $0.to == "help" }?.testers == 2, "tester 2 went login → help once, tester 3 once")
        #expect(mission.paths.map(\.testers) == [1, 1, 1])
        #expect(results.scores == [100])
        let screenReaders = UsabilityResults(test: Self.test, testers: [1, 2, 3].map(Self.tester), attempts: attempts, answers: answers, now: 60_000,
                                             technology: .screenReader)
        #expect(screenReaders.testers.map(\.tester.id) == [2] && screenReaders.missions[0].counts == [.indirect: 1])
    }

    @Test func thePageHoldsUntilATryUnderWayBouncesOrTimesOut() {
        let ended = [Self.tried(1, tester: 1, ["login", "forgot", "sent"])]
        #expect(UsabilityResults(test: Self.test, testers: [Self.tester(1)], attempts: ended, answers: [], now: 60_000).stableUntil == nil)
        // Under way, last seen 2 s in: its time limit (10 minutes) comes before its bounce (30 minutes after).
        let going = [Self.tried(1, tester: 1, ["login", "forgot", "help"], ending: nil)]
        let early = UsabilityResults(test: Self.test, testers: [Self.tester(1)], attempts: going, answers: [], now: Self.minute)
        #expect(early.stableUntil == 10 * Self.minute + 1 && early.missions[0].counts == [.inProgress: 1])
        let late = UsabilityResults(test: Self.test, testers: [Self.tester(1)], attempts: going, answers: [], now: 11 * Self.minute)
        #expect(late.stableUntil == 2_000 + 30 * Self.minute + 1 && late.missions[0].counts == [.timedOut: 1])
        let gone = UsabilityResults(test: Self.test, testers: [Self.tester(1)], attempts: going, answers: [], now: 31 * Self.minute)
        #expect(gone.stableUntil == nil && gone.missions[0].counts == [.bounced: 1])
    }
}
