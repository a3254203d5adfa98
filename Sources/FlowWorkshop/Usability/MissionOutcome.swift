import FlowDefinition
import Navigation

/// What a tester's attempt at a mission came to, as the results count it.
enum MissionOutcome: String, CaseIterable, Hashable, Sendable {
    /// A success screen reached along an expected path (any success, when the mission has none).
    case direct
    /// A success screen reached another way.
    case indirect
    /// The tester said they were done on a screen that is no success.
    case endedElsewhere = "ended-elsewhere"
    case gaveUp = "gave-up"
    /// The time limit passed first: noticed at the tester's next request, or when results are
    /// read before the attempt has bounced.
    case timedOut = "timed-out"
    /// Left: no new screen for ``bounceAfter`` without finishing or giving up.
    case bounced
    /// Still going.
    case inProgress = "in-progress"

    /// What the results call it.
    var label: String {
        switch self {
        case .direct: "Direct success"
        case .indirect: "Indirect success"
        case .endedElsewhere: "Done elsewhere"
        case .gaveUp: "Gave up"
        case .timedOut: "Timed out"
        case .bounced: "Bounced"
        case .inProgress: "In progress"
        }
    }

    /// How long without a new screen an unfinished attempt counts as bounced: 30 minutes, the
    /// usual length of a web analytics visit.
    static let bounceAfter: Int64 = 30 * 60 * 1000

    /// An attempt's outcome with its measures.
    struct Result: Hashable, Sendable {
        let outcome: MissionOutcome
        /// From the start to the success, the end, or the limit; nil while in progress or bounced.
        let milliseconds: Int64?
        /// Steps onto screens outside every expected path (none when the mission has none).
        let offPathSteps: Int
        /// Steps taken by going back.
        let backs: Int
    }

    /// The outcome of `attempt` at `mission`, as of `now` (``Rules/outcome(of:now:)``).
    static func of(_ attempt: MissionAttempt, at mission: UsabilityTest.Mission, now: Int64) -> Result {
        Rules(mission).outcome(of: attempt, now: now)
    }

    /// A mission's rules worked out once for all its tries: its successes and the screens on
    /// its expected paths, as sets.
    struct Rules {
        let mission: UsabilityTest.Mission
        let successes: Set<RouteName>
        let onPaths: Set<RouteName>

        init(_ mission: UsabilityTest.Mission) {
            self.mission = mission
            successes = Set(mission.successes)
            onPaths = Set(mission.expectedPaths.joined())
        }

        /// The outcome of `attempt`, as of `now`. The first success screen shown after the
        /// start's ends the attempt, whatever came after it: a tester starting on a screen that
        /// is a success (the login a password reset returns to) has to leave it and come back
        /// (a reload of it is no return). Nothing shown after the tester ended the attempt counts.
        ///
        /// The time limit: a tester whose success, end or next screen came after it has timed out
        /// (the limit is noticed at their next request); one shown nothing since has timed out
        /// too while results are read within ``bounceAfter`` of their last screen, and bounced
        /// after.
        func outcome(of attempt: MissionAttempt, now: Int64) -> Result {
            let ended: Int64? = switch attempt.end {
            case .done(let at)?, .gaveUp(let at)?: at
            case nil: nil
            }
            let shown = ended.map { end in attempt.steps.filter { $0.at <= end } } ?? attempt.steps
            let left = shown.firstIndex { $0.route != shown.first?.route } ?? shown.endIndex
            let reached = shown[left...].firstIndex { successes.contains($0.route) }
            let steps = reached.map { Array(shown[...$0]) } ?? shown
            let offPath = mission.expectedPaths.isEmpty ? 0 : steps.filter { !onPaths.contains($0.route) }.count
            let backs = steps.filter(\.isBack).count
            func result(_ outcome: MissionOutcome, until end: Int64?) -> Result {
                Result(outcome: outcome, milliseconds: end.map { $0 - attempt.started }, offPathSteps: offPath, backs: backs)
            }
            let deadline = mission.timeLimit.map { attempt.started + Int64($0) * 1000 }
            if let reached {
                let at = shown[reached].at
                if let deadline, at > deadline { return result(.timedOut, until: deadline) }
                return result(isDirect(steps.map(\.route)) ? .direct : .indirect, until: at)
            }
            switch attempt.end {
            case .gaveUp(let at)?:
                if let deadline, at > deadline { return result(.timedOut, until: deadline) }
                return result(.gaveUp, until: at)
            case .done(let at)?:
                if let deadline, at > deadline { return result(.timedOut, until: deadline) }
                return result(.endedElsewhere, until: at)
            case nil:
                let last = attempt.steps.last?.at ?? attempt.started
                if let deadline, last > deadline { return result(.timedOut, until: deadline) }
                if now - last > bounceAfter { return result(.bounced, until: nil) }
                if let deadline, now > deadline { return result(.timedOut, until: deadline) }
                return result(.inProgress, until: nil)
            }
        }

        /// Whether `screens`, its reloads taken as one, is one of the mission's expected paths.
        private func isDirect(_ screens: [RouteName]) -> Bool {
            guard !mission.expectedPaths.isEmpty else { return true }
            var taken: [RouteName] = []
            for screen in screens where taken.last != screen { taken.append(screen) }
            return mission.expectedPaths.contains(taken)
        }
    }
}
