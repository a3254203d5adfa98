/// A RELAX NG grammar read into `SchemaPattern`s, with the operations that follow a document
/// through it: derivatives by an attribute or a child element (Brzozowski's, as James Clark's
/// algorithm for RELAX NG uses them), and the questions asked when one fails — what could
/// have come here, which attributes an element takes, which are still missing.
struct SchemaGrammar: Sendable {
    /// Says which part of the schema this reader cannot follow; the schema is ours, so this is a
    /// FlowPages bug, caught by its tests.
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    let start: SchemaPattern
    private let defines: [String: SchemaPattern]
    /// Every element name of the grammar, with the names of the elements that may hold it.
    let parents: [String: [String]]

    /// Reads the RELAX NG XML syntax (`<grammar>` with `<start>` and `<define>`s).
    init(relaxNG: String) throws {
        let root: XMLElement
        switch XMLReader.read(Array(relaxNG.utf8), file: "schema.rng") {
        case .success(let element): root = element
        case .failure(let problems): throw Unsupported(description: problems.description)
        }
        guard root.name == "grammar", let start = root.child("start") else { throw Unsupported(description: "the schema is not a <grammar> with a <start>") }
        self.start = try Self.group(start.children)
        var defines: [String: SchemaPattern] = [:]
        for define in root.children("define") {
            defines[define["name"] ?? ""] = try Self.group(define.children)
        }
        self.defines = defines
        var parents: [String: [String]] = [:]
        var seen = Set<String>()
        Self.collectParents(of: self.start, parent: nil, defines: defines, into: &parents, seen: &seen)
        self.parents = parents
    }

    // MARK: Following a document

    /// The pattern left once `name="value"` is read; a nil value is taken as one the attribute
    /// accepts (a wrong value, reported, is read past as if it were right).
    func afterAttribute(_ pattern: SchemaPattern, name: String, value: String?) -> SchemaPattern {
        switch pattern {
        case .attribute(let expected, let rule):
            return expected == name && value.map(rule.accepts) != false ? .empty : .notAllowed
        case .choice(let a, let b):
            return .either(afterAttribute(a, name: name, value: value), afterAttribute(b, name: name, value: value))
        case .group(let a, let b):
            return .either(.sequence(afterAttribute(a, name: name, value: value), b), .sequence(a, afterAttribute(b, name: name, value: value)))
        case .oneOrMore(let p):
            return .sequence(afterAttribute(p, name: name, value: value), .zeroOrMore(p))
        case .ref(let define):
            return afterAttribute(resolve(define), name: name, value: value)
        case .empty, .notAllowed, .element:
            return .notAllowed
        }
    }

    /// The pattern with every attribute it still expects taken as given: once an element's
    /// attributes are read, its children are followed as if any missing ones (reported) were there.
    func withoutAttributes(_ pattern: SchemaPattern) -> SchemaPattern {
        switch pattern {
        case .attribute: .empty
        case .choice(let a, let b): .either(withoutAttributes(a), withoutAttributes(b))
        case .group(let a, let b): .sequence(withoutAttributes(a), withoutAttributes(b))
        case .oneOrMore(let p): .oneOrMore(withoutAttributes(p))
        case .ref(let define): withoutAttributes(resolve(define))
        case .empty, .notAllowed, .element: pattern
        }
    }

    /// The pattern left once a child element called `name` is read (its content followed apart).
    func afterElement(_ pattern: SchemaPattern, name: String) -> SchemaPattern {
        switch pattern {
        case .element(let expected, _):
            return expected == name ? .empty : .notAllowed
        case .choice(let a, let b):
            return .either(afterElement(a, name: name), afterElement(b, name: name))
        case .group(let a, let b):
            let first = SchemaPattern.sequence(afterElement(a, name: name), b)
            return isNullable(a) ? .either(first, afterElement(b, name: name)) : first
        case .oneOrMore(let p):
            return .sequence(afterElement(p, name: name), .zeroOrMore(p))
        case .ref(let define):
            return afterElement(resolve(define), name: name)
        case .empty, .notAllowed, .attribute:
            return .notAllowed
        }
    }

    /// Whether the pattern may end here.
    func isNullable(_ pattern: SchemaPattern) -> Bool {
        switch pattern {
        case .empty: true
        case .choice(let a, let b): isNullable(a) || isNullable(b)
        case .group(let a, let b): isNullable(a) && isNullable(b)
        case .oneOrMore(let p): isNullable(p)
        case .ref(let define): isNullable(resolve(define))
        case .notAllowed, .attribute, .element: false
        }
    }

    // MARK: Questions asked when something fails

    /// The elements that may come next, in the schema's order.
    func nextElements(_ pattern: SchemaPattern) -> [String] {
        unique(elements(pattern, next: true).map(\.name))
    }

    /// The content of the element called `name` that may come next, or else the first anywhere
    /// in the pattern.
    func content(of name: String, in pattern: SchemaPattern) -> SchemaPattern? {
        (elements(pattern, next: true) + elements(pattern, next: false)).first { $0.name == name }?.content
    }

    /// Every element the pattern may hold, in the schema's order.
    func elementNames(_ pattern: SchemaPattern) -> [String] {
        unique(elements(pattern, next: false).map(\.name))
    }

    /// The attributes the pattern takes, in the schema's order, each with the rule for its value.
    func attributes(_ pattern: SchemaPattern) -> [(name: String, rule: ValueRule)] {
        switch pattern {
        case .attribute(let name, let rule): return [(name, rule)]
        case .choice(let a, let b), .group(let a, let b):
            let first = attributes(a)
            return first + attributes(b).filter { later in !first.contains { $0.name == later.name } }
        case .oneOrMore(let p): return attributes(p)
        case .ref(let define): return attributes(resolve(define))
        case .empty, .notAllowed, .element: return []
        }
    }

    /// The attributes still required: each entry is one requirement, met by any of its names.
    func missingAttributes(_ pattern: SchemaPattern) -> [[String]] {
        switch pattern {
        case .attribute(let name, _):
            return [[name]]
        case .group(let a, let b):
            return missingAttributes(a) + missingAttributes(b)
        case .choice(let a, let b):
            let (left, right) = (missingAttributes(a), missingAttributes(b))
            // A branch that needs nothing more is taken; otherwise any branch's names will do.
            if left.isEmpty && needsNoElements(a) || right.isEmpty && needsNoElements(b) { return [] }
            return [unique(left.flatMap { $0 } + right.flatMap { $0 })]
        case .oneOrMore(let p):
            return missingAttributes(p)
        case .ref(let define):
            return missingAttributes(resolve(define))
        case .empty, .notAllowed, .element:
            return []
        }
    }

    /// The other attributes of the choice `name` is an alternative in, when it is one.
    func exclusiveAlternatives(to name: String, in pattern: SchemaPattern) -> [String]? {
        switch pattern {
        case .choice(let a, let b):
            let names = [a, b].flatMap { branch in attributes(branch).map(\.name) }
            if names.contains(name), elementNames(pattern).isEmpty, names.count > 1 { return names }
            return exclusiveAlternatives(to: name, in: a) ?? exclusiveAlternatives(to: name, in: b)
        case .group(let a, let b):
            return exclusiveAlternatives(to: name, in: a) ?? exclusiveAlternatives(to: name, in: b)
        case .oneOrMore(let p):
            return exclusiveAlternatives(to: name, in: p)
        case .ref(let define):
            return exclusiveAlternatives(to: name, in: resolve(define))
        case .empty, .notAllowed, .attribute, .element:
            return nil
        }
    }

    /// Whether an element called `name` may repeat in the pattern.
    func repeats(_ name: String, in pattern: SchemaPattern) -> Bool {
        switch pattern {
        case .oneOrMore(let p): elementNames(p).contains(name)
        case .choice(let a, let b), .group(let a, let b): repeats(name, in: a) || repeats(name, in: b)
        case .ref(let define): repeats(name, in: resolve(define))
        case .empty, .notAllowed, .attribute, .element: false
        }
    }

    /// The elements of a content model in a compact DTD-like notation, for people:
    /// `sign-in?, navigation, routes, (list | count)*`.
    func describe(_ pattern: SchemaPattern) -> String {
        switch pattern {
        case .element(let name, _):
            return name
        case .group(let a, let b):
            return [describe(a), describe(b)].filter { !$0.isEmpty }.joined(separator: ", ")
        case .choice:
            var alternatives = flattenChoice(pattern)
            let optional = alternatives.contains(.empty)
            alternatives.removeAll { $0 == .empty }
            if alternatives.count == 1, case .oneOrMore(let p) = alternatives[0] { return repeated(p, mark: optional ? "*" : "+") }
            let described = alternatives.map(describe).filter { !$0.isEmpty }
            guard !described.isEmpty else { return "" }
            let body = described.count == 1 ? described[0] : "(" + described.joined(separator: " | ") + ")"
            return optional ? Self.marked(body, "?") : body
        case .oneOrMore(let p):
            return repeated(p, mark: "+")
        case .ref(let define):
            return describe(resolve(define))
        case .empty, .notAllowed, .attribute:
            return ""
        }
    }

    // MARK: Reading the schema

    private static func group(_ children: [XMLElement]) throws -> SchemaPattern {
        try children.filter(isPattern).map(pattern).reduce(.empty, SchemaPattern.sequence)
    }

    private static func pattern(_ element: XMLElement) throws -> SchemaPattern {
        switch element.name {
        case "element":
            return .element(element["name"] ?? "", try group(element.children))
        case "attribute":
            let content = element.children.filter(isPattern)
            return .attribute(element["name"] ?? "", try content.isEmpty ? .text : value(content[0]))
        case "optional": return .optional(try group(element.children))
        case "zeroOrMore": return .zeroOrMore(try group(element.children))
        case "oneOrMore": return .oneOrMore(try group(element.children))
        case "group": return try group(element.children)
        case "choice": return try element.children.filter(isPattern).map(pattern).reduce(.notAllowed, SchemaPattern.either)
        case "empty": return .empty
        case "notAllowed": return .notAllowed
        case "ref": return .ref(element["name"] ?? "")
        default: throw Unsupported(description: "<\(element.name)> on line \(element.line) of the schema is not read by SchemaGrammar")
        }
    }

    private static func value(_ element: XMLElement) throws -> ValueRule {
        switch element.name {
        case "text":
            return .text
        case "value":
            return .values([element.text])
        case "choice":
            let words = try element.children.map { child -> String in
                guard child.name == "value" else { throw Unsupported(description: "an attribute's <choice> on line \(child.line) of the schema holds something other than <value>s") }
                return child.text
            }
            return .values(words)
        case "data":
            let parameters = Dictionary(element.children("param").map { ($0["name"] ?? "", $0.text) }, uniquingKeysWith: { a, _ in a })
            let hint = element.children.first { !isPattern($0) }?.text
            return .data(type: element["type"] ?? "string", pattern: parameters["pattern"], minLength: parameters["minLength"].flatMap { Int($0) }, hint: hint)
        case "list":
            guard let item = element.children.first else { return .list(.text) }
            return .list(try value(item.name == "oneOrMore" ? item.children.first ?? item : item))
        default:
            throw Unsupported(description: "an attribute's <\(element.name)> on line \(element.line) of the schema is not read by SchemaGrammar")
        }
    }

    /// Not an annotation: `<a:documentation>` (read by its local name; RELAX NG itself has no
    /// element of that name) explains a pattern to people and matches nothing.
    private static func isPattern(_ element: XMLElement) -> Bool {
        element.name != "documentation"
    }

    // MARK: Helpers

    private func resolve(_ define: String) -> SchemaPattern {
        defines[define] ?? .notAllowed
    }

    /// The element patterns of `pattern`: those that may come first (`next`), or all of them.
    private func elements(_ pattern: SchemaPattern, next: Bool) -> [(name: String, content: SchemaPattern)] {
        switch pattern {
        case .element(let name, let content):
            return [(name, content)]
        case .choice(let a, let b):
            return elements(a, next: next) + elements(b, next: next)
        case .group(let a, let b):
            return elements(a, next: next) + (!next || isNullable(a) ? elements(b, next: next) : [])
        case .oneOrMore(let p):
            return elements(p, next: next)
        case .ref(let define):
            return elements(resolve(define), next: next)
        case .empty, .notAllowed, .attribute:
            return []
        }
    }

    /// Whether the pattern may end once its attributes are given: it requires no element.
    private func needsNoElements(_ pattern: SchemaPattern) -> Bool {
        isNullable(withoutAttributes(pattern))
    }

    private func flattenChoice(_ pattern: SchemaPattern) -> [SchemaPattern] {
        if case .choice(let a, let b) = pattern { return flattenChoice(a) + flattenChoice(b) }
        return [pattern]
    }

    private func repeated(_ pattern: SchemaPattern, mark: String) -> String {
        let body = describe(pattern)
        return body.isEmpty ? "" : Self.marked(body, mark)
    }

    private static func marked(_ body: String, _ mark: String) -> String {
        body.contains(",") && !body.hasPrefix("(") || body.contains(" ") && !body.hasPrefix("(") ? "(\(body))\(mark)" : body + mark
    }

    private func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    private static func collectParents(of pattern: SchemaPattern, parent: String?, defines: [String: SchemaPattern], into parents: inout [String: [String]], seen: inout Set<String>) {
        switch pattern {
        case .element(let name, let content):
            if parents[name] == nil { parents[name] = [] }
            if let parent, !parents[name]!.contains(parent) { parents[name]!.append(parent) }
            // Each element's content is walked once per parent, so recursion through refs ends.
            guard seen.insert("\(parent ?? "")>\(name)").inserted else { return }
            collectParents(of: content, parent: name, defines: defines, into: &parents, seen: &seen)
        case .choice(let a, let b), .group(let a, let b):
            collectParents(of: a, parent: parent, defines: defines, into: &parents, seen: &seen)
            collectParents(of: b, parent: parent, defines: defines, into: &parents, seen: &seen)
        case .oneOrMore(let p):
            collectParents(of: p, parent: parent, defines: defines, into: &parents, seen: &seen)
        case .ref(let define):
            guard seen.insert("\(parent ?? "")@\(define)").inserted else { return }
            collectParents(of: defines[define] ?? .notAllowed, parent: parent, defines: defines, into: &parents, seen: &seen)
        case .empty, .notAllowed, .attribute:
            return
        }
    }
}
