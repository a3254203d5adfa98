@testable import FlowWorkshop
import Testing

/// SUS scored as Brooke's paper scores it, and no score for answers that are not ten 1–5s.
@Suite struct SystemUsabilityScaleTests {
    @Test(arguments: [
        ([5, 1, 5, 1, 5, 1, 5, 1, 5, 1], 100.0),
        ([1, 5, 1, 5, 1, 5, 1, 5, 1, 5], 0.0),
        ([3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 50.0),
        // Odd statements 3+2+2+3+2, even ones 3+3+2+3+2: 25 × 2.5.
        ([4, 2, 3, 2, 3, 3, 4, 2, 3, 3], 62.5),
        ([5, 2, 4, 1, 4, 2, 5, 1, 4, 2], 85.0),
    ])
    func answersScoreTheStandardWay(answers: [Int], score: Double) {
        #expect(SystemUsabilityScale.score(answers) == score)
    }

    @Test(arguments: [[Int](), [3, 3, 3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 0, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3, 3, 3, 6]])
    func aScaleNotFullyAnsweredHasNoScore(answers: [Int]) {
        #expect(SystemUsabilityScale.score(answers) == nil)
    }

    @Test func thereAreTenStatementsTheOddOnesPositive() {
        #expect(SystemUsabilityScale.statements.count == 10)
        #expect(SystemUsabilityScale.statements[0].contains("use this system frequently"))
        #expect(SystemUsabilityScale.statements[9].contains("learn a lot of things"))
    }
}
