import FlowDefinition
import FlowStore
import Navigation

/// What a usability test's testers did, worked out from what the store keeps: per tester and
/// mission the outcome of their last try (``MissionOutcome``) and how often they restarted; per
/// mission the counts, times, off-path steps, Backs and the paths taken; the usability scale's
/// scores. Optionally only of testers who gave one answer about assistive technology.
struct UsabilityResults {
    /// One tester's results.
    struct Tester {
        let tester: UsabilityTester
        /// Their answer about assistive technology, if they gave one.
        let technology: AssistiveTechnology?
        /// By mission id; a mission they never began is missing.
        let missions: [String: Try]
        /// Their answers to the test's other questions, by question id (`sus.1`…).
        let answers: [String: String]
        /// Their usability scale score, when they answered all ten statements.
        let score: Double?
    }

    /// A tester's last try at a mission, and what it came to.
    struct Try {
        let attempt: MissionAttempt
        let result: MissionOutcome.Result
        /// How many tries before it they restarted.
        let restarts: Int
    }

    /// One mission across the testers.
    struct Mission {
        let mission: UsabilityTest.Mission
        /// Testers by outcome.
        let counts: [MissionOutcome: Int]
        /// The measured times, in milliseconds, ascending.
        let times: [Int64]
        let offPathSteps: Int
        let backs: Int
        let restarts: Int
        /// Each move from one screen to the next, with how many testers made it.
        let edges: [(from: RouteName, to: RouteName, testers: Int)]
        /// Each way taken (reloads taken as one), with how many testers took it, most taken first.
        let paths: [(screens: [RouteName], testers: Int)]
        /// Each screen shown on the way, with how many testers saw it.
        let screens: [RouteName: Int]

        /// Testers who began the mission.
        var testers: Int { counts.values.reduce(0, +) }
    }

    let test: UsabilityTest
    let testers: [Tester]
    let missions: [Mission]
    /// The scale's scores of the testers who answered all ten statements, ascending.
    let scores: [Double]
    /// The first time after `now` at which a try under way changes its outcome without anyone
    /// writing (it bounces, or passes its time limit); nil when none will.
    let stableUntil: Int64?

    /// The results as of `now`; with `technology`, only of testers who gave that answer.
    init(test: UsabilityTest, testers stored: [UsabilityTester], attempts: [StoredMissionAttempt], answers: [UsabilityAnswer], now: Int64,
         technology: AssistiveTechnology? = nil) {
        self.test = test
        let byTester = Dictionary(grouping: attempts, by: \.tester)
        let answersByTester = Dictionary(grouping: answers, by: \.tester)
        let missionsByID = Dictionary(test.missions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let rules = Dictionary(test.missions.map { ($0.id, MissionOutcome.Rules($0)) }, uniquingKeysWith: { first, _ in first })
        testers = stored.compactMap { tester in
            let given = Dictionary((answersByTester[tester.id] ?? []).map { ($0.question, $0.value) }, uniquingKeysWith: { _, last in last })
            let answered = given[AssistiveTechnology.question].flatMap(AssistiveTechnology.init)
            if let technology, answered != technology { return nil }
            var tries: [String: Try] = [:]
            for (mission, attempts) in Dictionary(grouping: byTester[tester.id] ?? [], by: \.mission) {
                guard let rule = rules[mission], let last = attempts.max(by: { ($0.started, $0.id) < ($1.started, $1.id) }) else { continue }
                let attempt = MissionAttempt(last)
                tries[mission] = Try(attempt: attempt, result: rule.outcome(of: attempt, now: now), restarts: attempts.count - 1)
            }
            let scale = (1...SystemUsabilityScale.statements.count).compactMap { given["sus.\($0)"].flatMap { Int($0) } }
            return Tester(tester: tester, technology: answered, missions: tries, answers: given, score: SystemUsabilityScale.score(scale))
        }
        let testers = self.testers
        missions = test.missions.map { mission in Self.summary(of: mission, testers: testers) }
        scores = testers.compactMap(\.score).sorted()
        stableUntil = Self.stableUntil(testers: testers, missions: missionsByID, now: now)
    }

    /// When an unended try's outcome next changes by time alone: its bounce, its time limit.
    private static func stableUntil(testers: [Tester], missions: [String: UsabilityTest.Mission], now: Int64) -> Int64? {
        var times: [Int64] = []
        for tester in testers {
            for (id, tried) in tester.missions where tried.attempt.end == nil {
                let last = tried.attempt.steps.last?.at ?? tried.attempt.started
                times.append(last + MissionOutcome.bounceAfter + 1)
                if let limit = missions[id]?.timeLimit { times.append(tried.attempt.started + Int64(limit) * 1000 + 1) }
            }
        }
        return times.filter { $0 > now }.min()
    }

    private static func summary(of mission: UsabilityTest.Mission, testers: [Tester]) -> Mission {
        let tries = testers.compactMap { $0.missions[mission.id] }
        var edges: [[RouteName]: Set<Int>] = [:]
        var paths: [[RouteName]: Int] = [:]
        var seen: [RouteName: Int] = [:]
        for (index, attempt) in tries.map(\.attempt).enumerated() {
            let screens = attempt.screens(until: mission)
            for (from, to) in zip(screens, screens.dropFirst()) { edges[[from, to], default: []].insert(index) }
            paths[screens, default: 0] += 1
            for screen in Set(screens) { seen[screen, default: 0] += 1 }
        }
        return Mission(
            mission: mission, counts: Dictionary(grouping: tries, by: \.result.outcome).mapValues(\.count),
            times: tries.compactMap(\.result.milliseconds).sorted(), offPathSteps: tries.map(\.result.offPathSteps).reduce(0, +),
            backs: tries.map(\.result.backs).reduce(0, +), restarts: tries.map(\.restarts).reduce(0, +),
            edges: edges.map { (from: $0.key[0], to: $0.key[1], testers: $0.value.count) }
                .sorted { ($1.testers, $0.from.rawValue, $0.to.rawValue) < ($0.testers, $1.from.rawValue, $1.to.rawValue) },
            paths: paths.map { (screens: $0.key, testers: $0.value) }
                .sorted { ($1.testers, $0.screens.map(\.rawValue).joined(separator: " ")) < ($0.testers, $1.screens.map(\.rawValue).joined(separator: " ")) },
            screens: seen)
    }

    /// The value at `fraction` (0.5: the median) of `sorted`, by the nearest rank; nil for none.
    static func quantile<T>(_ sorted: [T], _ fraction: Double) -> T? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

extension MissionAttempt {
    /// A stored try as the outcome reads it: a restart ends nothing the outcome counts.
    init(_ stored: StoredMissionAttempt) {
        let end: End? = switch stored.ending {
        case .done?: stored.ended.map { .done(at: $0) }
        case .gaveUp?: stored.ended.map { .gaveUp(at: $0) }
        case .restarted?, nil: nil
        }
        self.init(started: stored.started, steps: stored.steps.map { Step(RouteName($0.route), at: $0.at, isBack: $0.isBack) }, end: end)
    }

    /// The screens shown, a reload taken as one, up to the first of `mission`'s successes after
    /// the start (what came after is not the way there).
    func screens(until mission: UsabilityTest.Mission) -> [RouteName] {
        var screens: [RouteName] = []
        for step in steps where screens.last != step.route {
            screens.append(step.route)
            if screens.count > 1, mission.successes.contains(step.route) { break }
        }
        return screens
    }
}
