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

    /// `test` with the change made.
    func applied(to test: UsabilityTest) -> UsabilityTest {
        var (name, intro, missions, questions) = (test.name, test.intro, test.missions, test.questions)
        switch self {
        case .details(let newName, let newIntro):
            (name, intro) = (newName, newIntro)
        case .addMission(let task, let start, let successes, let path, let limit):
            let id = UsabilityEditor.unused("mission-\(missions.count + 1)", taken: Set(missions.map(\.id)))
            missions.append(.init(id: id, task: task, start: start, successes: successes, expectedPaths: path.isEmpty ? [] : [path], timeLimit: limit))
        case .removeMission(let id):
            missions.removeAll { $0.id == id }
        case .addChoice(let text, let choices):
            questions.insert(.choice(id: Self.questionID(questions), text: text, choices: choices), at: Self.ownEnd(questions))
        case .addText(let text):
            questions.insert(.text(id: Self.questionID(questions), text: text), at: Self.ownEnd(questions))
        case .standard(let scale, let technology):
            questions.removeAll { $0 == .systemUsabilityScale || $0 == .assistiveTechnology }
            if scale { questions.append(.systemUsabilityScale) }
            if technology { questions.append(.assistiveTechnology) }
        case .removeQuestion(let id):
            questions.removeAll { $0.id == id }
        }
        return UsabilityTest(id: test.id, name: name, intro: intro, missions: missions, questions: questions)
    }

    /// A question id the test does not use yet.
    private static func questionID(_ questions: [UsabilityTest.Question]) -> String {
        UsabilityEditor.unused("question-\(questions.count + 1)", taken: Set(questions.map(\.id)))
    }

    /// Where a team's own question goes: after their others, before the built-in ones.
    private static func ownEnd(_ questions: [UsabilityTest.Question]) -> Int {
        questions.firstIndex { $0 == .systemUsabilityScale || $0 == .assistiveTechnology } ?? questions.endIndex
    }
}
