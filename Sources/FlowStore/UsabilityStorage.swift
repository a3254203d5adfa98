/// Whether a usability test takes testers: a team pauses a test (its link then says so, and
/// comes back when resumed) or closes it for good.
public enum UsabilityTestStatus: String, Sendable, CaseIterable {
    case open
    case paused
    case closed
}

/// A person who took a usability test through its link: known by a token of their own, which the
/// store keeps as its hash (their session, on the server, holds the token itself), never by an account.
public struct UsabilityTester: Sendable, Equatable {
    public let id: Int64
    public let app: String
    /// The test's id in the app (`first-look`).
    public let test: String
    /// When they consented, milliseconds since 1970.
    public let joined: Int64

    public init(id: Int64, app: String, test: String, joined: Int64) {
        (self.id, self.app, self.test, self.joined) = (id, app, test, joined)
    }
}

/// One try of a tester at a mission, as stored: when it began, the screens shown, and how it
/// ended when it did. A restart ends the try and begins another.
public struct StoredMissionAttempt: Sendable, Equatable {
    /// How a try ended by the tester's own choice; a try left without one bounced or timed out,
    /// which the results work out from its times.
    public enum Ending: String, Sendable, CaseIterable {
        /// "I'm done".
        case done
        /// "Give up".
        case gaveUp = "gave-up"
        /// "Restart this mission": another try follows.
        case restarted
    }

    /// A screen shown: its route, when, and whether the tester came to it by going back.
    public struct Step: Sendable, Equatable {
        public let route: String
        /// Milliseconds since 1970.
        public let at: Int64
        public let isBack: Bool

        public init(route: String, at: Int64, isBack: Bool = false) {
            (self.route, self.at, self.isBack) = (route, at, isBack)
        }
    }

    public let id: Int64
    public let tester: Int64
    /// The mission's id in its test.
    public let mission: String
    /// Milliseconds since 1970.
    public let started: Int64
    public let ended: Int64?
    public let ending: Ending?
    /// In the order shown.
    public let steps: [Step]

    public init(id: Int64, tester: Int64, mission: String, started: Int64, ended: Int64? = nil, ending: Ending? = nil, steps: [Step] = []) {
        (self.id, self.tester, self.mission, self.started, self.ended, self.ending, self.steps) = (id, tester, mission, started, ended, ending, steps)
    }
}

/// A tester's answer to one of the test's questions (for the usability scale, one per statement:
/// `sus.1` … `sus.10`).
public struct UsabilityAnswer: Sendable, Equatable {
    public let tester: Int64
    public let question: String
    public let value: String

    public init(tester: Int64, question: String, value: String) {
        (self.tester, self.question, self.value) = (tester, question, value)
    }
}

/// What a usability test keeps at most, each refused past its number (``UsabilityLimitReached``,
/// or a screen not recorded): testers a test, tries a tester (restarts included), screens a try.
public enum UsabilityLimits {
    public static let testersPerTest = 10_000
    public static let triesPerTester = 200
    public static let screensPerTry = 1_000
}

/// A tester refused because a test has ``UsabilityLimits/testersPerTest``, or a try because its
/// tester has ``UsabilityLimits/triesPerTester``; says which.
public struct UsabilityLimitReached: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Usability tests' testers, their tries and answers, read on their own.
public protocol UsabilityReads {
    /// The tester holding `token` (the store keeps only its hash), or nil.
    func tester(token: String) throws -> UsabilityTester?
    /// A test's testers, in the order they joined.
    func testers(app: String, test: String) throws -> [UsabilityTester]
    /// Every try at a test's missions with its steps, by tester, then as begun.
    func attempts(app: String, test: String) throws -> [StoredMissionAttempt]
    /// Every answer to a test's questions, by tester, then question.
    func answers(app: String, test: String) throws -> [UsabilityAnswer]
    /// Whether a test takes testers: `open` until a team says otherwise.
    func status(app: String, test: String) throws -> UsabilityTestStatus
    /// A number every write that changes a test's results raises (a tester joining, a try, a
    /// screen, an end, an answer, a withdrawal, the test made or deleted in the browser), never
    /// lowered: what the results are worked out again for. 0 before the first.
    func revision(app: String, test: String) throws -> Int64
    /// The tests a team made in the browser for `app`, each as `app.xml` declares one (its
    /// `<test>` element), by id.
    func madeTests(app: String) throws -> [(id: String, xml: String)]
}

/// Usability tests' results, written inside a ``StoreTransaction``.
public protocol UsabilityWrites: UsabilityReads {
    /// A new tester of `test`, holding `token` from now on.
    /// - Throws: ``UsabilityLimitReached`` when the test has ``UsabilityLimits/testersPerTest``.
    func join(app: String, test: String, token: String, now: Int64) throws -> UsabilityTester
    /// Begins a try of `tester` at `mission`; returns its id.
    /// - Throws: ``UsabilityLimitReached`` when the tester has ``UsabilityLimits/triesPerTester``.
    func begin(mission: String, tester: Int64, now: Int64) throws -> Int64
    /// Adds a screen shown to try `attempt`, when it has not ended and has fewer than
    /// ``UsabilityLimits/screensPerTry``; false when it has (or is not).
    func record(_ step: StoredMissionAttempt.Step, in attempt: Int64) throws -> Bool
    /// Ends try `attempt` as the tester chose, when it has not ended; false when it had.
    func end(attempt: Int64, as ending: StoredMissionAttempt.Ending, at time: Int64) throws -> Bool
    /// Keeps `value` as `tester`'s answer to `question`, in place of an earlier one.
    func answer(_ question: String, with value: String, tester: Int64) throws
    /// Deletes the tester and all they gave: tries, steps, answers. False when there was none.
    func withdraw(tester: Int64) throws -> Bool
    /// Sets whether `test` takes testers.
    func setStatus(_ status: UsabilityTestStatus, app: String, test: String, now: Int64) throws
    /// Keeps test `id` of `app` as made in the browser (its `<test>` element), in place of any kept before.
    func keep(test id: String, xml: String, app: String, now: Int64) throws
    /// Deletes a test made in the browser, with its testers, their tries and answers, and its
    /// status. False when there was none.
    func delete(test id: String, app: String) throws -> Bool
}

extension StoredMissionAttempt {
    /// `attempts` (their steps empty) each given its steps from `steps`, which are by attempt,
    /// then as shown: how a backend puts the two reads of ``UsabilityReads/attempts(app:test:)``
    /// together.
    public static func joined(_ attempts: [StoredMissionAttempt], steps: [(attempt: Int64, step: Step)]) -> [StoredMissionAttempt] {
        var byAttempt: [Int64: [Step]] = [:]
        for (attempt, step) in steps { byAttempt[attempt, default: []].append(step) }
        return attempts.map {
            StoredMissionAttempt(id: $0.id, tester: $0.tester, mission: $0.mission, started: $0.started, ended: $0.ended, ending: $0.ending,
                                 steps: byAttempt[$0.id] ?? [])
        }
    }
}
