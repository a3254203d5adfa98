/// A template that does not compile or render, with where and what to do:
/// `screens/login:12:7: output inside <script> is refused; pass data in a data-* attribute`.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The template's name.
    public let template: String
    /// 1-based line and column of the tag at fault.
    public let line: Int
    public let column: Int
    /// What is wrong and how to fix it.
    public let message: String

    public init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ template: String, _ position: SourcePosition, _ message: String) {
        self.init(template: template, line: position.line, column: position.column, message: message)
    }

    /// `file:line:col: message`, the form editors jump to.
    public var description: String { "\(template):\(line):\(column): \(message)" }
}

/// Every compile error of a set of templates, reported at once.
public struct TemplateErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public let errors: [TemplateError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// A place in a template's source.
struct SourcePosition: Hashable, Sendable {
    let line: Int
    let column: Int
}
