/// Follows a document through its schema and says, for every place it departs from it, what
/// the schema expected there: the values an attribute takes, the attribute or element a
/// misspelt name meant, the order an element's children go in, the element a misplaced one
/// belongs in. libxml2 stays the judge of validity (`XMLReader`); it stops at the first
/// departure of an element and words it for schema authors, so a document it rejects is
/// explained by this guide instead, every problem at once.
struct SchemaGuide: Sendable {
    let grammar: SchemaGrammar
    /// What the documents are called in messages: "app.xml".
    let documentName: String

    init(relaxNG: String, documentName: String) throws {
        grammar = try SchemaGrammar(relaxNG: relaxNG)
        self.documentName = documentName
    }

    /// Every departure of the document under `root` from the schema, in document order.
    func problems(in root: XMLElement, file: String, source: XMLReader.SourceLines) -> [FolderProblem] {
        var walk = Walk(grammar: grammar, documentName: documentName, file: file, source: source)
        guard let content = grammar.content(of: root.name, in: grammar.start),
              grammar.afterElement(grammar.start, name: root.name) != .notAllowed
        else {
            let expected = grammar.nextElements(grammar.start).map { "<\($0)>" }
            walk.report(root, "\(documentName) starts with \(ValueRule.alternatives(expected)), not <\(root.name)>")
            return walk.problems
        }
        walk.check(root, content: content)
        return walk.problems
    }

    /// One document's walk, collecting its problems.
    private struct Walk {
        let grammar: SchemaGrammar
        let documentName: String
        let file: String
        let source: XMLReader.SourceLines
        var problems: [FolderProblem] = []

        mutating func check(_ element: XMLElement, content: SchemaPattern) {
            var pattern = checkAttributes(of: element, content: content)
            if !element.text.isEmpty {
                let text = element.text.count > 40 ? element.text.prefix(40) + "…" : element.text
                report(element, "<\(element.name)> cannot hold text (\"\(text)\"); \(documentName) says everything with elements and attributes")
            }
            var previous: XMLElement?
            var firstLines: [String: Int] = [:]
            for child in element.children {
                defer { firstLines[child.name] = firstLines[child.name] ?? child.line }
                let next = grammar.afterElement(pattern, name: child.name)
                if next != .notAllowed {
                    if let inner = grammar.content(of: child.name, in: pattern) { check(child, content: inner) }
                    (pattern, previous) = (next, child)
                    continue
                }
                if !grammar.isNullable(pattern), let missing = grammar.nextElements(pattern).first(where: {
                    grammar.afterElement(grammar.afterElement(pattern, name: $0), name: child.name) != .notAllowed
                }) {
                    // A required element left out: say so, and go on as if it were there.
                    report(child, "<\(element.name)> is missing <\(missing)> before <\(child.name)>")
                    let assumed = grammar.afterElement(pattern, name: missing)
                    if let inner = grammar.content(of: child.name, in: assumed) { check(child, content: inner) }
                    (pattern, previous) = (grammar.afterElement(assumed, name: child.name), child)
                    continue
                }
                if grammar.parents[child.name] == nil, let meant = Spelling.closest(to: child.name, among: grammar.nextElements(pattern)) {
                    // A misspelt name is read as the element it most likely meant, which could come here.
                    report(child, "<\(child.name)> is not an element of \(documentName); did you mean <\(meant)>?")
                    if let inner = grammar.content(of: meant, in: pattern) { check(child, content: inner) }
                    (pattern, previous) = (grammar.afterElement(pattern, name: meant), child)
                    continue
                }
                misplaced(child, in: element, content: content, after: previous, firstLine: firstLines[child.name])
            }
            if !grammar.isNullable(pattern) {
                let needed = grammar.nextElements(pattern).map { "<\($0)>" }
                let which = needed.count == 1 ? needed[0] : "one of " + ValueRule.alternatives(needed)
                report(element, "<\(element.name)> needs \(which)" + (previous.map { " after <\($0.name)>" } ?? ""))
            }
        }

        /// Reads the element's attributes one by one; returns the pattern left for its children.
        private mutating func checkAttributes(of element: XMLElement, content: SchemaPattern) -> SchemaPattern {
            var pattern = content
            let known = grammar.attributes(content)
            let names = element.attributes.keys.sorted { position(of: $0, in: element) < position(of: $1, in: element) }
            for name in names {
                let value = element.attributes[name] ?? ""
                let next = grammar.afterAttribute(pattern, name: name, value: value)
                if next != .notAllowed {
                    pattern = next
                    continue
                }
                let message: String
                if let rule = known.first(where: { $0.name == name })?.rule {
                    if !rule.accepts(value) {
                        let meant = Spelling.closest(to: value, among: rule.words).map { " (did you mean \(name)=\"\($0)\"?)" } ?? ""
                        message = "<\(element.name)> does not take \(name)=\"\(value)\"; \(rule.advice)\(meant)"
                        let past = grammar.afterAttribute(pattern, name: name, value: nil)
                        if past != .notAllowed { pattern = past }
                    } else if let others = grammar.exclusiveAlternatives(to: name, in: content) {
                        let given = others.filter { element.attributes[$0] != nil }
                        message = "<\(element.name)> takes only one of \(ValueRule.alternatives(others)), and has \(ValueRule.alternatives(given, conjunction: "and"))"
                    } else {
                        message = "<\(element.name)> cannot have \(name) with the attributes it has"
                    }
                } else {
                    let takes = known.map(\.name)
                    let hint = Spelling.closest(to: name, among: takes).map { "; did you mean \($0)?" }
                        ?? (takes.isEmpty ? "; it takes none" : "; it takes " + ValueRule.alternatives(takes, conjunction: "and"))
                    message = "<\(element.name)> has no attribute \(name)" + hint
                }
                let at = position(of: name, in: element)
                problems.append(FolderProblem(file: file, line: at.line, column: at.column, message: message))
            }
            let missing = grammar.missingAttributes(pattern)
            let single = missing.filter { $0.count == 1 }.map { "\($0[0])=\"…\"" }
            if !single.isEmpty { report(element, "<\(element.name)> needs \(ValueRule.alternatives(single, conjunction: "and"))") }
            for choice in missing where choice.count > 1 {
                report(element, "<\(element.name)> needs one of " + ValueRule.alternatives(choice.map { "\($0)=\"…\"" }))
            }
            return grammar.withoutAttributes(pattern)
        }

        /// Says why `child` cannot stand where it does: out of order, repeated, in the wrong
        /// parent, or not a name of the schema at all.
        private mutating func misplaced(_ child: XMLElement, in element: XMLElement, content: SchemaPattern, after previous: XMLElement?, firstLine: Int?) {
            let holds = grammar.elementNames(content)
            if holds.contains(child.name) {
                if let firstLine, !grammar.repeats(child.name, in: content) {
                    report(child, "<\(element.name)> holds one <\(child.name)>, and has one on line \(firstLine) already")
                } else {
                    let place = previous.map { "after <\($0.name)>" } ?? "first"
                    report(child, "<\(child.name)> cannot come \(place) in <\(element.name)>, whose elements go in this order: \(grammar.describe(content))")
                }
                if let inner = grammar.content(of: child.name, in: content) { check(child, content: inner) }
                return
            }
            let holdsText = holds.isEmpty ? "<\(element.name)> holds no elements" : "<\(element.name)> holds \(grammar.describe(content))"
            let meant = Spelling.closest(to: child.name, among: holds)
            if let homes = grammar.parents[child.name], !homes.isEmpty {
                report(child, "<\(child.name)> does not belong in <\(element.name)>: it goes in " + ValueRule.alternatives(homes.map { "<\($0)>" })
                    + (meant.map { "; did you mean <\($0)>?" } ?? "; \(holdsText)"))
            } else {
                let elsewhere = meant ?? Spelling.closest(to: child.name, among: grammar.parents.keys)
                report(child, "<\(child.name)> is not an element of \(documentName)" + (elsewhere.map { "; did you mean <\($0)>?" } ?? "; \(holdsText)"))
            }
            // A misspelt element is read as the one it most likely meant, so its insides are checked too.
            if let meant, let inner = grammar.content(of: meant, in: content) { check(child, content: inner) }
        }

        mutating func report(_ element: XMLElement, _ message: String) {
            problems.append(FolderProblem(file: file, line: element.line, column: source.column(ofTag: element.name, on: element.line), message: message))
        }

        private func position(of attribute: String, in element: XMLElement) -> (line: Int, column: Int) {
            source.position(ofAttribute: attribute, inTagOf: element.name, startingOn: element.line)
                ?? (element.line, source.column(ofTag: element.name, on: element.line) ?? 1)
        }
    }
}
