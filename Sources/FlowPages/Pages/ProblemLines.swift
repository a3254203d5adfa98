/// Why a command-line task failed: one line per problem, such as `file:line: message`.
public struct ProblemLines: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, one a line.
    public let lines: [String]

    /// Problems from their lines.
    public init(_ lines: [String]) {
        self.lines = lines
    }

    /// The problems, one a line.
    public var description: String { lines.joined(separator: "\n") }
}
