@testable import FlowWorkshop
import FlowDefinition
import HTTPServer
import Navigation
import Testing

/// The changes a team posts to a test made in the browser: each applied where it belongs, and
/// every limit refused with its number.
@Suite struct UsabilityTestChangeTests {
    static let mission = UsabilityTest.Mission(id: "mission-1", task: "Sign in", start: "screen:login", successes: ["home"])
    static let test = UsabilityTest(id: "t", name: "T", intro: "", missions: [mission], questions: [.systemUsabilityScale, .assistiveTechnology])

    @Test func aTeamsOwnQuestionGoesBeforeTheBuiltInOnesAndIdsAreNotReused() throws {
        let asked = try UsabilityTestChange.addText("Anything else?").applied(to: Self.test)
        let own = try #require(asked.questions.first?.id)
        #expect(own.hasPrefix("anything-else-") && own.count == "anything-else-".count + 4)
        #expect(asked.questions == [.text(id: own, text: "Anything else?"), .systemUsabilityScale, .assistiveTechnology])
        let second = try UsabilityTestChange.addMission(task: "Look", start: "screen:welcome", successes: ["privacy"], path: [], limit: nil).applied(to: asked)
        let removed = try #require(second.missions.last?.id)
        let third = try UsabilityTestChange.removeMission(removed).applied(to: second)
        let fourth = try UsabilityTestChange.addMission(task: "Look", start: "screen:welcome", successes: ["privacy"], path: [], limit: nil).applied(to: third)
        #expect(fourth.missions.map(\.task) == ["Sign in", "Look"])
        #expect(fourth.missions.last?.id.hasPrefix("look-") == true && fourth.missions.last?.id != removed,
                "the same task added again is another mission: the removed one's tries would count for it")
        let standard = try UsabilityTestChange.standard(scale: false, technology: true).applied(to: fourth)
        #expect(standard.questions == [.text(id: own, text: "Anything else?"), .assistiveTechnology])
    }

    @Test func everyLimitIsRefusedWithItsNumber() throws {
        let full = UsabilityTest(id: "t", name: "T", intro: "", missions: Array(repeating: Self.mission, count: UsabilityTestChange.missionLimit),
                                 questions: (1...UsabilityTestChange.questionLimit).map { .text(id: "q\($0)", text: "Q\($0)") })
        #expect(throws: HTTPError.self) { try UsabilityTestChange.addMission(task: "One more", start: "screen:login", successes: ["home"], path: [], limit: nil).applied(to: full) }
        #expect(throws: HTTPError.self) { try UsabilityTestChange.addText("One more?").applied(to: full) }
        #expect(throws: HTTPError.self) {
            try UsabilityTestChange.addChoice(text: "Which?", choices: ["Yes", String(repeating: "n", count: UsabilityTestChange.labelLimit + 1)]).applied(to: Self.test)
        }
        #expect(throws: HTTPError.self) {
            try UsabilityTestChange.addMission(task: "Far", start: "screen:login", successes: ["home"], path: Array(repeating: "login", count: UsabilityTestChange.pathLimit + 1),
                                               limit: nil).applied(to: Self.test)
        }
        let many = (0...UsabilityTestChange.choiceLimit).map { "Answer \($0)" }
        do {
            _ = try UsabilityTestChange.addChoice(text: "Which?", choices: many).applied(to: Self.test)
            Issue.record("21 answers were taken")
        } catch let error as HTTPError {
            #expect(error.status == .unprocessableContent && error.message.contains("at most 20 answers"))
        }
    }
}
