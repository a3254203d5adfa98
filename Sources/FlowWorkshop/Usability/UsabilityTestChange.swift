import FlowDefinition
import Foundation
import HTTPServer
import Navigation

/// One change a team posts to a test made in the browser (``UsabilityEditor``), read from the
/// form: its `change` names it, its other fields give it. Applying it checks what it alone can
/// (a required field, a number); the test as a whole is then read as `app.xml`'s are.
enum UsabilityTestChange {
    case details(name: String, intro: String)
    case addMission(task: String, start: String, successes: [RouteName], path: [RouteName], limit: Int?)
    case removeMission(String)
    case addChoice(text: String, choices: [String])
    case addText(String)
    case standard(scale: Bool, technology: Bool)
    case removeQuestion(String)

    /// The change `form` posts for `app`'s test.
    init(form: [String: String], app: AppDefinition) throws {
        let limit = UsabilityEditor.textLimit
        switch form["change"] {
        case "details":
            self = .details(name: try UsabilityEditor.text(form["name"], "a name for the test", limit: UsabilityEditor.nameLimit),
                            intro: try UsabilityEditor.text(form["intro"], nil, limit: limit))
        case "add-mission":
            let successes = app.navigation.routes.map(\.name).filter { form["success-\($0.rawValue)"] != nil }
            guard !successes.isEmpty else { throw HTTPError(.unprocessableContent, "Tick at least one success screen: reaching it completes the mission.") }
            let path = (form["path"] ?? "").split { $0 == " " || $0 == "," || $0 == "→" || $0 == ">" }.map { RouteName(String($0)) }
            let seconds = try (form["limit"]?.trimmingCharacters(in: .whitespaces)).flatMap { text -> Int? in
                guard !text.isEmpty else { return nil }
                guard let seconds = Int(text) else { throw HTTPError(.unprocessableContent, "Give the time limit in whole seconds, or leave it empty.") }
                return seconds
            }
            self = .addMission(task: try UsabilityEditor.text(form["task"], "the task testers read", limit: limit),
                               start: try UsabilityEditor.text(form["start"], "the state the mission starts in", limit: limit),
                               successes: successes, path: path, limit: seconds)
        case "remove-mission":
            self = .removeMission(form["mission"] ?? "")
        case "add-choice":
            let choices = (form["choices"] ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            self = .addChoice(text: try UsabilityEditor.text(form["text"], "the question", limit: limit), choices: choices)
        case "add-text":
            self = .addText(try UsabilityEditor.text(form["text"], "the question", limit: limit))
        case "standard":
            self = .standard(scale: form["scale"] != nil, technology: form["technology"] != nil)
        case "remove-question":
            self = .removeQuestion(form["question"] ?? "")
        default:
            throw HTTPError(.unprocessableContent, "That is no change a test takes; use the forms of its page.")
        }
    }

    /// The most missions a test made in the browser holds, questions of its own it asks (the
    /// scale and the one about assistive technology aside), and answers a question offers: more
    /// is refused (422), saying so.
    static let missionLimit = 20
    static let questionLimit = 30
    static let choiceLimit = 20
    /// The longest answer a choice question offers, in characters, and the most screens an expected way names.
    static let labelLimit = 200
    static let pathLimit = 50

    /// How many of `questions` are the team's own (not the scale or the one about assistive technology).
    private static func own(_ questions: [UsabilityTest.Question]) -> Int {
        questions.filter { $0 != .systemUsabilityScale && $0 != .assistiveTechnology }.count
    }

    /// `test` with the change made, or a clear refusal when it would pass a limit.
    func applied(to test: UsabilityTest) throws -> UsabilityTest {
        switch self {
        case .addMission where test.missions.count >= Self.missionLimit:
            throw HTTPError(.unprocessableContent, "A test holds at most \(Self.missionLimit) missions; remove one first.")
        case .addChoice where Self.own(test.questions) >= Self.questionLimit, .addText where Self.own(test.questions) >= Self.questionLimit:
            throw HTTPError(.unprocessableContent, "A test asks at most \(Self.questionLimit) questions; remove one first.")
        case .addChoice(_, let choices) where choices.count > Self.choiceLimit:
            throw HTTPError(.unprocessableContent, "A question offers at most \(Self.choiceLimit) answers.")
        case .addChoice(_, let choices) where choices.contains(where: { $0.count > Self.labelLimit }):
            throw HTTPError(.unprocessableContent, "Keep each answer within \(Self.labelLimit) characters.")
        case .addMission(_, _, _, let path, _) where path.count > Self.pathLimit:
            throw HTTPError(.unprocessableContent, "An expected way names at most \(Self.pathLimit) screens.")
        default:
            return made(to: test)
        }
    }

    private func made(to test: UsabilityTest) -> UsabilityTest {
        var (name, intro, missions, questions) = (test.name, test.intro, test.missions, test.questions)
        switch self {
        case .details(let newName, let newIntro):
            (name, intro) = (newName, newIntro)
        case .addMission(let task, let start, let successes, let path, let limit):
            let id = Self.freshID(task, taken: Set(missions.map(\.id)))
            missions.append(.init(id: id, task: task, start: start, successes: successes, expectedPaths: path.isEmpty ? [] : [path], timeLimit: limit))
        case .removeMission(let id):
            missions.removeAll { $0.id == id }
        case .addChoice(let text, let choices):
            questions.insert(.choice(id: Self.freshID(text, taken: Set(questions.map(\.id))), text: text, choices: choices), at: Self.ownEnd(questions))
        case .addText(let text):
            questions.insert(.text(id: Self.freshID(text, taken: Set(questions.map(\.id))), text: text), at: Self.ownEnd(questions))
        case .standard(let scale, let technology):
            questions.removeAll { $0 == .systemUsabilityScale || $0 == .assistiveTechnology }
            if scale { questions.append(.systemUsabilityScale) }
            if technology { questions.append(.assistiveTechnology) }
        case .removeQuestion(let id):
            questions.removeAll { $0.id == id }
        }
        return UsabilityTest(id: test.id, name: name, intro: intro, missions: missions, questions: questions)
    }

    /// An id for a new mission or question: its text's first words and four random letters or
    /// digits, so one removed is all but sure not to come back under another's text (one chance
    /// in 1.7 million) — the results keep tries and answers by id.
    static func freshID(_ text: String, taken: Set<String>) -> String {
        let words = UsabilityEditor.slug(text).split(separator: "-").prefix(4).joined(separator: "-")
        var generator = SystemRandomNumberGenerator()
        while true {
            let suffix = String((0..<4).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement(using: &generator)! })
            let id = (words.isEmpty ? "item" : words) + "-" + suffix
            if !taken.contains(id) { return id }
        }
    }

    /// Where a team's own question goes: after their others, before the built-in ones.
    private static func ownEnd(_ questions: [UsabilityTest.Question]) -> Int {
        questions.firstIndex { $0 == .systemUsabilityScale || $0 == .assistiveTechnology } ?? questions.endIndex
    }
}
