@testable import FlowWorkshop
import FlowDefinition
import Navigation
import Testing

/// Each way an attempt ends, counted as the results count it: the paths a team expects, the
/// time limit, going back and wandering off.
@Suite struct MissionOutcomeTests {
    static let mission = UsabilityTest.Mission(
        id: "reset", task: "Reset your password.", start: "screen:login", successes: ["sent", "done"],
        expectedPaths: [["login", "forgot", "sent"], ["login", "help", "done"]], timeLimit: 60
    )
    static let start: Int64 = 1_000_000

    static func attempt(_ screens: [(String, Int64)]) -> MissionAttempt {
        MissionAttempt(started: start, steps: screens.map { .init(RouteName($0.0), at: start + $0.1 * 1000) }, end: nil)
    }

    /// Screens shown (route, seconds after the start, whether by going back), how the attempt
    /// ended, when the results are read, and what they count.
    struct Case: Sendable, CustomTestStringConvertible {
        let screens: [Step]
        let end: MissionAttempt.End?
        let now: Int64
        let expected: MissionOutcome.Result
        var testDescription: String { "\(screens.map(\.route).joined(separator: " → ")) → \(expected.outcome)" }

        struct Step: Sendable {
            let route: String, second: Int64, isBack: Bool
        }

        init(_ screens: [(String, Int64)], backAt: Set<Int> = [], end: MissionAttempt.End? = nil, now: Int64,
             _ outcome: MissionOutcome, seconds: Int64?, offPath: Int = 0, backs: Int = 0) {
            self.screens = screens.enumerated().map { Step(route: $1.0, second: $1.1, isBack: backAt.contains($0)) }
            self.end = end
            self.now = now
            expected = MissionOutcome.Result(outcome: outcome, milliseconds: seconds.map { $0 * 1000 }, offPathSteps: offPath, backs: backs)
        }
    }

    static let cases: [Case] = [
        // Along an expected path, a reload of a screen taken as one step.
        Case([("login", 0), ("forgot", 5), ("forgot", 7), ("sent", 12)], now: 20, .direct, seconds: 12),
        // The second expected path is as direct as the first.
        Case([("login", 0), ("help", 5), ("done", 9)], now: 20, .direct, seconds: 9),
        // A detour off every path, then back: indirect, one step off the paths and one back.
        Case([("login", 0), ("home", 4), ("login", 6), ("forgot", 8), ("sent", 10)], backAt: [2], now: 20, .indirect, seconds: 10, offPath: 1, backs: 1),
        // The start's own screen is no success until the tester comes back to it; a reload of it is no return.
        Case([("done", 0), ("help", 4), ("done", 6)], now: 20, .indirect, seconds: 6),
        Case([("done", 0), ("done", 2), ("help", 4)], now: 20, .inProgress, seconds: nil),
        // What is shown after giving up does not count.
        Case([("login", 0), ("forgot", 5), ("sent", 12)], end: .gaveUp(at: start + 9_000), now: 20, .gaveUp, seconds: 9),
        // What happens after the first success does not count.
        Case([("login", 0), ("forgot", 5), ("sent", 12), ("home", 15)], now: 20, .direct, seconds: 12),
        Case([("login", 0), ("forgot", 5)], end: .gaveUp(at: start + 9_000), now: 20, .gaveUp, seconds: 9),
        Case([("login", 0), ("home", 5)], end: .done(at: start + 7_000), now: 20, .endedElsewhere, seconds: 7, offPath: 1),
        // Past the limit: timed out at the limit, however it ended.
        Case([("login", 0), ("forgot", 5), ("sent", 61)], now: 70, .timedOut, seconds: 60),
        Case([("login", 0)], end: .gaveUp(at: start + 65_000), now: 70, .timedOut, seconds: 60),
        // No request since, and the limit passed: noticed when the results are read.
        Case([("login", 0), ("forgot", 5)], now: 61, .timedOut, seconds: 60),
        Case([("login", 0), ("forgot", 5)], now: 30, .inProgress, seconds: nil),
        // Left before the limit and never back: bounced once half an hour has passed, even with a limit.
        Case([("login", 0), ("forgot", 5)], now: 5 + 30 * 60 + 1, .bounced, seconds: nil),
    ]

    @Test(arguments: cases)
    func anAttemptCountsAsItEnded(_ example: Case) {
        let attempt = MissionAttempt(started: Self.start, steps: example.screens.map { .init(RouteName($0.route), at: Self.start + $0.second * 1000, isBack: $0.isBack) },
                                     end: example.end)
        #expect(MissionOutcome.of(attempt, at: Self.mission, now: Self.start + example.now * 1000) == example.expected)
    }

    @Test func anAttemptLeftWithoutALimitBouncesAfterHalfAnHour() {
        let open = UsabilityTest.Mission(id: "m", task: "t", start: "screen:login", successes: ["sent"])
        let attempt = Self.attempt([("login", 0), ("forgot", 5)])
        let lastStep = Self.start + 5_000
        #expect(MissionOutcome.of(attempt, at: open, now: lastStep + MissionOutcome.bounceAfter).outcome == .inProgress)
        #expect(MissionOutcome.of(attempt, at: open, now: lastStep + MissionOutcome.bounceAfter + 1).outcome == .bounced)
    }

    @Test func aMissionWithoutExpectedPathsCountsEverySuccessDirectAndNoStepOffPath() {
        let open = UsabilityTest.Mission(id: "m", task: "t", start: "screen:login", successes: ["sent"])
        let result = MissionOutcome.of(Self.attempt([("login", 0), ("home", 3), ("sent", 9)]), at: open, now: Self.start + 10_000)
        #expect(result == MissionOutcome.Result(outcome: .direct, milliseconds: 9_000, offPathSteps: 0, backs: 0))
    }
}
