@testable import FlowPages
import Navigation
import Testing

/// A tester's place survives the session's state as one flag, whatever the task says.
@Suite struct UsabilityMarkTests {
    static let marks: [UsabilityMark] = [
        UsabilityMark(token: "tok", test: "first-look", place: .mission("reset-password"), missions: 3),
        UsabilityMark(token: "tok", test: "first-look", place: .mission("privacy"), done: ["reset-password"], attempt: 42, number: 2, missions: 3,
                      task: "Find 100 % of the \"privacy\" policy, then go back"),
        UsabilityMark(token: "tok", test: "t", place: .questions, done: ["a", "b"], missions: 2),
        UsabilityMark(token: "tok", test: "t", place: .finished, done: ["a", "b"], missions: 2),
        UsabilityMark(token: "tok", test: "t", place: .mission("a"), attempt: 7, number: 1, missions: 1, task: "\u{301}Accent first, then 日本語\nand a line"),
    ]

    @Test(arguments: marks) func aPlaceReadsBackAsItWasKept(mark: UsabilityMark) {
        var state = Navigator(ActionInterpreterTests.app.navigation).initialState
        state.flags.insert("flowpages.expired")
        UsabilityMark.set(mark, in: &state)
        #expect(UsabilityMark(in: state) == mark)
        #expect(state.flags.contains("flowpages.expired"), "other flags stay")
        UsabilityMark.set(nil, in: &state)
        #expect(UsabilityMark(in: state) == nil && state.flags == ["flowpages.expired"])
    }
}
