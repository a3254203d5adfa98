/// A RELAX NG pattern, as `SchemaGrammar` reads one: the part of the language app.xml's schema
/// uses (no interleave, no name classes, no mixed text), enough to follow a document element by
/// element and say what was expected where it went wrong.
indirect enum SchemaPattern: Hashable, Sendable {
    case empty
    case notAllowed
    case choice(SchemaPattern, SchemaPattern)
    case group(SchemaPattern, SchemaPattern)
    case oneOrMore(SchemaPattern)
    case attribute(String, ValueRule)
    case element(String, SchemaPattern)
    /// A `<define>`, looked up when it is followed: defines may refer to themselves through
    /// the elements they hold.
    case ref(String)

    /// `a | b`, without alternatives that can never match or repeat.
    static func either(_ a: SchemaPattern, _ b: SchemaPattern) -> SchemaPattern {
        var alternatives: [SchemaPattern] = []
        for pattern in a.alternatives + b.alternatives where pattern != .notAllowed && !alternatives.contains(pattern) {
            alternatives.append(pattern)
        }
        guard let first = alternatives.first else { return .notAllowed }
        return alternatives.dropFirst().reduce(first) { .choice($0, $1) }
    }

    /// `a, b`, without the parts that match nothing at all.
    static func sequence(_ a: SchemaPattern, _ b: SchemaPattern) -> SchemaPattern {
        switch (a, b) {
        case (.notAllowed, _), (_, .notAllowed): .notAllowed
        case (.empty, _): b
        case (_, .empty): a
        default: .group(a, b)
        }
    }

    /// `p?`
    static func optional(_ pattern: SchemaPattern) -> SchemaPattern { either(pattern, .empty) }

    /// `p*`
    static func zeroOrMore(_ pattern: SchemaPattern) -> SchemaPattern { either(.oneOrMore(pattern), .empty) }

    private var alternatives: [SchemaPattern] {
        if case .choice(let a, let b) = self { return a.alternatives + b.alternatives }
        return [self]
    }
}

/// What an attribute's value may be.
indirect enum ValueRule: Hashable, Sendable {
    /// Any text.
    case text
    /// One of these words.
    case values([String])
    /// An XML Schema datatype, perhaps narrowed by a pattern (described for people by `hint`)
    /// or a least length.
    case data(type: String, pattern: String?, minLength: Int?, hint: String?)
    /// Words separated by spaces, each following the rule.
    case list(ValueRule)

    func accepts(_ value: String) -> Bool {
        let collapsed = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        switch self {
        case .text:
            return true
        case .values(let words):
            return words.contains(collapsed)
        case .list(let rule):
            let words = value.split(whereSeparator: \.isWhitespace).map(String.init)
            return !words.isEmpty && words.allSatisfy(rule.accepts)
        case .data(let type, let pattern, let minLength, _):
            let lexical = type == "string" ? value : collapsed
            if let minLength, lexical.count < minLength { return false }
            if let pattern {
                // An XML Schema pattern matches the whole value.
                guard let regex = try? Regex(pattern), (try? regex.wholeMatch(in: lexical)) != nil else { return false }
            }
            switch type {
            case "boolean": return ["true", "false", "1", "0"].contains(lexical)
            case "positiveInteger": return Self.integer(lexical).map { $0 >= 1 } ?? false
            case "nonNegativeInteger": return Self.integer(lexical).map { $0 >= 0 } ?? false
            case "integer": return Self.integer(lexical) != nil
            default: return true
            }
        }
    }

    /// What to write instead, as advice: "use true or false".
    var advice: String {
        switch self {
        case .text:
            return "any text will do"
        case .values(let words):
            return "use " + Self.alternatives(words)
        case .list(let rule):
            return "give a list separated by spaces; for each, " + rule.advice
        case .data(let type, let pattern, let minLength, let hint):
            if let hint { return "use " + hint }
            if let pattern { return "it must match the pattern \(pattern)" }
            switch type {
            case "boolean": return "use true or false"
            case "positiveInteger": return "use a whole number from 1 up"
            case "nonNegativeInteger": return "use a whole number from 0 up"
            case "integer": return "use a whole number"
            default: return minLength.map { $0 == 1 ? "it cannot be empty" : "use at least \($0) characters" } ?? "any text will do"
            }
        }
    }

    /// The words a misspelt value may have meant.
    var words: [String] {
        switch self {
        case .values(let words): words
        case .list(let rule): rule.words
        case .data(type: "boolean", _, _, _): ["true", "false"]
        default: []
        }
    }

    /// "a, b or c"
    static func alternatives(_ words: [String], conjunction: String = "or") -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    private static func integer(_ text: String) -> Int? {
        Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }
}
