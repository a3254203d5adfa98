/// The System Usability Scale (Brooke, 1996): ten statements a tester agrees with from 1
/// (strongly disagree) to 5 (strongly agree), scored 0 to 100 the standard way.
enum SystemUsabilityScale {
    /// The ten statements, in their standard order; odd ones are worded positively.
    static let statements = [
        "I think that I would like to use this system frequently.",
        "I found the system unnecessarily complex.",
        "I thought the system was easy to use.",
        "I think that I would need the support of a technical person to be able to use this system.",
        "I found the various functions in this system were well integrated.",
        "I thought there was too much inconsistency in this system.",
        "I would imagine that most people would learn to use this system very quickly.",
        "I found the system very cumbersome to use.",
        "I felt very confident using the system.",
        "I needed to learn a lot of things before I could get going with this system.",
    ]

    /// The answers a statement takes: 1 is strongly disagree, 5 strongly agree.
    static let answers = 1...5

    /// The score of ten answers in the statements' order: each odd statement gives its answer
    /// less 1, each even one 5 less its answer, and the sum of the ten times 2.5 is the score.
    /// Nil unless there are ten answers, each 1 to 5: a partly answered scale has no score.
    static func score(_ answers: [Int]) -> Double? {
        guard answers.count == statements.count, answers.allSatisfy(Self.answers.contains) else { return nil }
        let sum = answers.enumerated().reduce(0) { sum, item in
            sum + (item.offset.isMultiple(of: 2) ? item.element - 1 : 5 - item.element)
        }
        return Double(sum) * 2.5
    }
}
