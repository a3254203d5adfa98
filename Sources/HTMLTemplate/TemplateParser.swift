/// Builds the node tree of one template from its tokens, checking that every block closes.
struct TemplateParser {
    let name: String
    let helpers: Set<String>

    /// An open block and the nodes collected for it so far.
    private struct Frame {
        enum Kind: Equatable {
            case root
            case conditional(negated: Bool)
            case loop(variable: String)
            case block(String)
        }

        let kind: Kind
        let opener: String
        let expression: Expression?
        let position: SourcePosition
        var nodes: [TemplateNode] = []
        var otherwise: [TemplateNode]?
    }

    func parse(_ source: String) throws(TemplateError) -> ParsedTemplate {
        let tokens = try TemplateLexer(name: name, source: Array(source.utf8)).tokens()
        var stack = [Frame(kind: .root, opener: "", expression: nil, position: SourcePosition(line: 1, column: 1))]
        var extends: (String, SourcePosition)?
        func append(_ node: TemplateNode) {
            if stack[stack.count - 1].otherwise != nil {
                stack[stack.count - 1].otherwise!.append(node)
            } else {
                stack[stack.count - 1].nodes.append(node)
            }
        }
        for token in tokens {
            switch token {
            case .text(let bytes, let position):
                append(.text(bytes, line: position.line))
            case .tag(let content, let position):
                func fail(_ message: String) -> TemplateError { TemplateError(name, position, message) }
                let words: [TagWords.Word]
                do {
                    words = try TagWords.split(content)
                } catch {
                    throw fail(error.message)
                }
                guard let first = words.first else { throw fail("an empty tag; write a value, such as {{ user.name }}") }
                guard case .bare(let head) = first else {
                    append(.output(try expression(words, at: position, tag: "output"), position))
                    continue
                }
                let rest = Array(words.dropFirst())
                switch head {
                case "#if", "#unless":
                    let expression = try self.expression(rest, at: position, tag: head)
                    stack.append(Frame(kind: .conditional(negated: head == "#unless"), opener: head, expression: expression, position: position))
                case "#each":
                    guard rest.count >= 3, case .bare("as") = rest[rest.count - 2], case .bare(let variable) = rest[rest.count - 1],
                          Self.isIdentifier(variable)
                    else { throw fail("write {{#each items as item}}: a list, 'as' and a name for each element") }
                    let expression = try self.expression(Array(rest.dropLast(2)), at: position, tag: head)
                    stack.append(Frame(kind: .loop(variable: variable), opener: head, expression: expression, position: position))
                case "#block":
                    guard rest.count == 1, case .quoted(let block) = rest[0] else { throw fail("write {{#block \"name\"}}") }
                    guard stack.count == 1 else { throw fail("a block must be at the top level of a template, not inside another block") }
                    stack.append(Frame(kind: .block(block), opener: head, expression: nil, position: position))
                case "else":
                    guard rest.isEmpty, stack.count > 1, stack[stack.count - 1].otherwise == nil else {
                        throw fail("{{else}} belongs directly inside {{#if}}, {{#unless}} or {{#each}}, once")
                    }
                    if case .block = stack[stack.count - 1].kind { throw fail("a block has no {{else}}") }
                    stack[stack.count - 1].otherwise = []
                case "/if", "/unless", "/each", "/block":
                    let frame = stack.removeLast()
                    guard frame.kind != .root, "/" + frame.opener.dropFirst() == head else {
                        let open = frame.kind == .root ? "nothing is open" : "the open tag is \(frame.opener) from line \(frame.position.line)"
                        throw fail("{{\(head)}} closes nothing here: \(open)")
                    }
                    append(Self.node(for: frame))
                case "extends":
                    guard rest.count == 1, case .quoted(let layout) = rest[0] else { throw fail("write {{extends \"layout\"}}") }
                    guard extends == nil, stack.count == 1, stack[0].nodes.allSatisfy(Self.isBlank) else {
                        throw fail("{{extends}} must be the first tag of a template, once")
                    }
                    extends = (layout, position)
                default:
                    if head.hasPrefix(">") {
                        append(try partial(head, rest, at: position))
                    } else if head.hasPrefix("#") || head.hasPrefix("/") {
                        throw fail("unknown tag \(head); the tags are #if, #unless, #each, #block, else and their closers")
                    } else {
                        append(.output(try expression(words, at: position, tag: "output"), position))
                    }
                }
            }
        }
        guard stack.count == 1 else {
            let open = stack[stack.count - 1]
            throw TemplateError(name, open.position, "\(open.opener) is never closed; add {{/\(open.opener.dropFirst())}}")
        }
        if let extends {
            for node in stack[0].nodes {
                if case .block = node { continue }
                if Self.isBlank(node) { continue }
                throw TemplateError(name, extends.1, "a template that extends a layout may hold only {{#block}}s; move the rest into one")
            }
        }
        return ParsedTemplate(name: name, extends: extends, nodes: stack[0].nodes)
    }

    private static func node(for frame: Frame) -> TemplateNode {
        switch frame.kind {
        case .conditional(let negated):
            .conditional(frame.expression!, negated: negated, then: frame.nodes, otherwise: frame.otherwise ?? [], frame.position)
        case .loop(let variable):
            .loop(frame.expression!, variable: variable, body: frame.nodes, empty: frame.otherwise ?? [], frame.position)
        case .block(let name):
            .block(name, body: frame.nodes, frame.position)
        case .root:
            .text([], line: frame.position.line)
        }
    }

    private func partial(_ head: String, _ rest: [TagWords.Word], at position: SourcePosition) throws(TemplateError) -> TemplateNode {
        var words = rest
        var partialName = String(head.dropFirst())
        if partialName.isEmpty, case .bare(let next)? = words.first {
            partialName = next
            words.removeFirst()
        }
        guard !partialName.isEmpty else { throw TemplateError(name, position, "write {{> partial-name key=value}}") }
        var arguments: [String: Expression] = [:]
        for word in words {
            guard case .named(let key, let value) = word else {
                throw TemplateError(name, position, "a partial takes only named arguments, such as {{> \(partialName) title=page.title}}")
            }
            arguments[key] = try operand(value, at: position)
        }
        return .partial(partialName, arguments: arguments, position)
    }

    /// A whole tag's expression: a helper call (when the first word names a helper), or one operand.
    private func expression(_ words: [TagWords.Word], at position: SourcePosition, tag: String) throws(TemplateError) -> Expression {
        guard let first = words.first else { throw TemplateError(name, position, "\(tag) needs a value") }
        if case .bare(let word) = first, helpers.contains(word) {
            var positional: [Expression] = []
            var named: [String: Expression] = [:]
            for argument in words.dropFirst() {
                if case .named(let key, let value) = argument {
                    named[key] = try operand(value, at: position)
                } else {
                    positional.append(try operand(argument, at: position))
                }
            }
            return .helper(word, positional: positional, named: named)
        }
        guard words.count == 1 else {
            if case .bare(let word) = first {
                throw TemplateError(name, position, "'\(word)' is not a helper, so it takes no arguments; register the helper or remove them")
            }
            throw TemplateError(name, position, "one value per tag")
        }
        return try operand(first, at: position)
    }

    private func operand(_ word: TagWords.Word, at position: SourcePosition) throws(TemplateError) -> Expression {
        switch word {
        case .quoted(let text):
            return .literal(.string(text))
        case .named:
            throw TemplateError(name, position, "a name=value pair is an argument of a helper or partial")
        case .bare(let text):
            switch text {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default: break
            }
            if let number = Int(text) { return .literal(.int(number)) }
            if let number = Double(text) { return .literal(.double(number)) }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.allSatisfy({ Self.isIdentifier($0) || ($0.hasPrefix("@") && Self.isIdentifier(String($0.dropFirst()))) }) else {
                throw TemplateError(name, position, "'\(text)' is not a value: use a name such as user.name, a \"string\" or a number")
            }
            return .path(parts)
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    private static func isBlank(_ node: TemplateNode) -> Bool {
        if case .text(let bytes, _) = node { return bytes.allSatisfy(TemplateLexer.isSpace) }
        return false
    }
}
