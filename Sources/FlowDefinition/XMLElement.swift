/// An element of a parsed XML file, as plain Swift values: its name, attributes, children,
/// text and the line it starts on.
public struct XMLElement: Sendable, Hashable {
    public let name: String
    public let attributes: [String: String]
    public let children: [XMLElement]
    /// The element's own text, trimmed.
    public let text: String
    public let line: Int

    /// The children called `name`.
    public func children(_ name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The first child called `name`.
    public func child(_ name: String) -> XMLElement? {
        children.first { $0.name == name }
    }

    public subscript(attribute: String) -> String? {
        attributes[attribute]
    }

    /// The lines of this element and its descendants called `name`, in document order.
    func lines(of name: String) -> [Int] {
        (self.name == name ? [line] : []) + children.flatMap { $0.lines(of: name) }
    }
}

/// A problem in an app folder: the file, the line, and what to do.
public struct FolderProblem: Hashable, Sendable, CustomStringConvertible, Comparable {
    public let file: String
    public let line: Int
    /// The column, when the problem is known to that precision (a template's tag).
    public let column: Int?
    public let message: String

    public init(file: String, line: Int, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line` (or `file:line:col`), as editors jump to it.
    public var location: String { "\(file):\(line)" + (column.map { ":\($0)" } ?? "") }

    /// `file:line: message` (or `file:line:col: message`), as editors read it.
    public var description: String { "\(location): \(message)" }

    public static func < (lhs: FolderProblem, rhs: FolderProblem) -> Bool {
        (lhs.file, lhs.line, lhs.column ?? 0, lhs.message) < (rhs.file, rhs.line, rhs.column ?? 0, rhs.message)
    }
}

/// Every problem found in an app folder, at once.
public struct FolderProblems: Error, Hashable, Sendable, CustomStringConvertible {
    public let problems: [FolderProblem]

    public init(_ problems: [FolderProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
