import Navigation

/// A usability test a team runs on the prototype, as an unmoderated test service runs one on a
/// clickable prototype: an intro, missions testers try in order, and questions asked after them.
/// Declared in `app.xml` (`<usability-tests>`) by teams that keep their tests in git.
public struct UsabilityTest: Hashable, Sendable {
    /// Unique within the app; part of the test's addresses.
    public let id: String
    /// What the team and testers call it.
    public let name: String
    /// What testers read before they consent and start.
    public let intro: String
    /// In the order testers take them.
    public let missions: [Mission]
    /// Asked in order once the missions are done.
    public let questions: [Question]

    /// A test as declared.
    public init(id: String, name: String, intro: String, missions: [Mission], questions: [Question]) {
        self.id = id
        self.name = name
        self.intro = intro
        self.missions = missions
        self.questions = questions
    }

    /// One task a tester tries: from a start state to any of its success screens.
    public struct Mission: Hashable, Sendable {
        /// Unique within its test.
        public let id: String
        /// What the tester is asked to do: "Reset your password".
        public let task: String
        /// The state the tester starts in, named as the audit's inventory names it
        /// (`/_audit/states.json`): `screen:login`, `signed-in:dashboard`.
        public let start: String
        /// Reaching any of these screens completes the mission.
        public let successes: [RouteName]
        /// The ways the team expects testers to take, each the screens from the start's to a
        /// success, in order. A success reached along one is direct; any other way, indirect.
        /// None: every success is direct.
        public let expectedPaths: [[RouteName]]
        /// Seconds a tester has before the mission counts as timed out; nil for no limit.
        public let timeLimit: Int?

        /// A mission as declared; without expected paths or a time limit unless given.
        public init(id: String, task: String, start: String, successes: [RouteName], expectedPaths: [[RouteName]] = [], timeLimit: Int? = nil) {
            self.id = id
            self.task = task
            self.start = start
            self.successes = successes
            self.expectedPaths = expectedPaths
            self.timeLimit = timeLimit
        }
    }

    /// A question asked once the missions are done.
    public enum Question: Hashable, Sendable {
        /// One answer among `choices`.
        case choice(id: String, text: String, choices: [String])
        /// A free answer.
        case text(id: String, text: String)
        /// The System Usability Scale: its ten standard statements, each agreed with from 1 to 5.
        case systemUsabilityScale
        /// Which assistive technology the tester uses, if any: optional to answer, and what the
        /// results can be filtered by.
        case assistiveTechnology

        /// The question's id in a test's answers: its own, or the built-in one's.
        public var id: String {
            switch self {
            case .choice(let id, _, _), .text(let id, _): id
            case .systemUsabilityScale: "sus"
            case .assistiveTechnology: "assistive-technology"
            }
        }
    }

    /// A time limit's bounds, in seconds.
    public static let timeLimits = 10...86_400

    /// The kinds of state the audit's inventory lists, as the first part of a state's id.
    public static let stateKinds = ["screen", "signed-in", "modal", "form-errors", "alert", "confirmation", "toast",
                                    "signed-out", "invalid-link", "not-found"]

    /// The kinds of state whose id names a route after its colon (`screen:login`), which a load
    /// checks. The rest of an id of another kind (an alert's, a toast's) only the inventory knows.
    public static let routeStateKinds: Set<String> = ["screen", "signed-in", "modal", "signed-out"]
}
