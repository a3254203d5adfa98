/// What a template context will hold, as far as a check before rendering can know: which
/// names a template may read, and what is inside each.
public indirect enum TemplateShape: Hashable, Sendable {
    /// A string, number or flag: nothing to read inside it.
    case value
    /// A record whose members are known.
    case record([String: TemplateShape])
    /// A list whose elements all have one shape.
    case list(TemplateShape)
    /// Something whose members are known only when rendering (a person's profile): whatever is
    /// read inside it passes.
    case open

    /// The members a template may read here, sorted; empty but for a record.
    public var memberNames: [String] {
        if case .record(let members) = self { members.keys.sorted() } else { [] }
    }

    /// What either of two contexts may hold here: the members of both records, else this one.
    public func merged(with other: TemplateShape) -> TemplateShape {
        guard case .record(let mine) = self, case .record(let theirs) = other else { return self == .open || other == .open ? .open : self }
        return .record(mine.merging(theirs) { $0.merged(with: $1) })
    }
}

/// A name a template reads that its context will not hold, found before rendering.
public struct UnknownName: Hashable, Sendable {
    /// The template that reads it, and where.
    public let template: String
    public let line: Int
    public let column: Int
    /// The path as written (`forms.login.emial`).
    public let path: [String]
    /// How many of its parts were found: `path[found]` is the one that is not there.
    public let found: Int
    /// The names that would have been found in its place.
    public let known: [String]
    /// Whether what holds it is a single value or a list, which have no members at all.
    public let insideValue: Bool

    public init(template: String, line: Int, column: Int, path: [String], found: Int, known: [String], insideValue: Bool = false) {
        self.template = template
        self.line = line
        self.column = column
        self.path = path
        self.found = found
        self.known = known
        self.insideValue = insideValue
    }
}

/// A helper a template calls, found before rendering: its literal arguments can be checked
/// against what they name (the `url` helper's route).
public struct HelperCall: Sendable {
    public let template: String
    public let line: Int
    public let column: Int
    public let name: String
    /// Each positional argument that is a literal, nil for one read from the context.
    public let literals: [TemplateValue?]
    /// The names of its named arguments.
    public let namedArguments: [String]
}
