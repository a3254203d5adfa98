/// A node with its escaping decided.
enum CompiledNode: Sendable {
    /// Literal text, with where each run it was joined from starts in the template (runs
    /// parted by a comment are joined; each keeps its line for a ``SourceMap``).
    case text([UInt8], lines: [TextLine])
    case output(Expression, Escaper, SourcePosition)
    case conditional(Expression, negated: Bool, then: [CompiledNode], otherwise: [CompiledNode], SourcePosition)
    case loop(Expression, variable: String, body: [CompiledNode], empty: [CompiledNode], SourcePosition)
    /// A partial, by its index in the set, with its arguments.
    case partial(Int, arguments: [(name: String, value: Expression)], SourcePosition)
    case block(String, body: [CompiledNode])
}

/// Where a run of literal text starts: a byte offset (in the text it belongs to) and the
/// template line of that byte.
struct TextLine: Sendable, Equatable {
    let offset: Int
    let line: Int
}

/// A template ready to render.
struct CompiledTemplate: Sendable {
    let name: String
    let extends: (layout: String, position: SourcePosition)?
    let nodes: [CompiledNode]
    /// The blocks it fills, for a template that extends a layout.
    let blocks: [String: [CompiledNode]]
    /// The context of each block slot it offers (a layout's own, or inherited from its layout):
    /// a screen's content for a slot is compiled in that context.
    let slots: [String: EscapingContext]
}

/// Walks a parsed template from text context, choosing each output's escaper and refusing what
/// cannot be made safe: outputs in undecidable contexts, branches that end in different
/// contexts, and templates that do not end in text (after Go's html/template `escape.go`).
struct TemplateCompiler {
    let name: String
    /// Every template of the set by name, to resolve partials to indices once.
    let indices: [String: Int]
    private var slots: [String: EscapingContext] = [:]

    init(name: String, indices: [String: Int]) {
        self.name = name
        self.indices = indices
    }

    /// A partial's full name: `./card` is the `card` beside this template (`notes/card` for
    /// `notes/list`), so a folder copied under another name keeps its own partials.
    func resolve(_ partial: String) -> String {
        guard partial.hasPrefix("./") else { return partial }
        let folder = name.lastIndex(of: "/").map { String(name[...$0]) } ?? ""
        return folder + partial.dropFirst(2)
    }

    /// Compiles a template; one that extends a layout fills the layout's `slots`.
    mutating func compile(_ parsed: ParsedTemplate, layoutSlots: [String: EscapingContext] = [:]) throws(TemplateError) -> CompiledTemplate {
        var blocks: [String: [CompiledNode]] = [:]
        let nodes: [CompiledNode]
        if let extends = parsed.extends {
            for case .block(let block, let body, let position) in parsed.nodes {
                if blocks[block] != nil { throw TemplateError(name, position, "block \"\(block)\" is filled twice") }
                guard let slot = layoutSlots[block] else {
                    throw TemplateError(name, position, "layout '\(extends.layout)' has no block \"\(block)\"; its blocks are \(layoutSlots.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))")
                }
                blocks[block] = try compile(body, from: slot, at: position, what: "block \"\(block)\"")
            }
            slots = layoutSlots
            nodes = []
        } else {
            nodes = try compile(parsed.nodes, from: EscapingContext(), at: SourcePosition(line: 1, column: 1), what: "the template")
        }
        return CompiledTemplate(name: name, extends: parsed.extends, nodes: nodes, blocks: blocks, slots: slots)
    }

    /// Compiles nodes that must end in the context they start in: a template (in text), a block.
    private mutating func compile(_ nodes: [TemplateNode], from start: EscapingContext, at position: SourcePosition, what: String) throws(TemplateError) -> [CompiledNode] {
        let (compiled, end) = try compile(nodes, from: start, at: position)
        guard end.context == start else {
            throw TemplateError(name, end.position ?? position, "\(what) ends \(end.context), not \(start) where it started; close the tag or attribute")
        }
        return compiled
    }

    /// The context where compilation ended, with the position of the last tag, for messages.
    private struct End {
        var context: EscapingContext
        var position: SourcePosition?
        var state: EscapingContext.State { context.state }
    }

    private mutating func compile(_ nodes: [TemplateNode], from start: EscapingContext, at startPosition: SourcePosition) throws(TemplateError) -> ([CompiledNode], End) {
        var context = start
        var last: SourcePosition? = nil
        var compiled: [CompiledNode] = []
        func appendText(_ bytes: [UInt8], line: Int) {
            if case .text(let previous, let lines)? = compiled.last {
                compiled[compiled.count - 1] = .text(previous + bytes, lines: lines + [TextLine(offset: previous.count, line: line)])
            } else {
                compiled.append(.text(bytes, lines: [TextLine(offset: 0, line: line)]))
            }
        }
        for node in nodes {
            switch node {
            case .text(let bytes, let line):
                context = context.advanced(over: bytes)
                appendText(bytes, line: line)
            case .output(let expression, let position):
                last = position
                switch Escaper.choose(for: context) {
                case .success(let escaper):
                    compiled.append(.output(expression, escaper, position))
                    context = context.afterOutput()
                case .failure(let refusal):
                    throw TemplateError(name, position, refusal.message)
                }
            case .conditional(let expression, let negated, let then, let otherwise, let position):
                last = position
                let (thenNodes, thenEnd) = try compile(then, from: context, at: position)
                let (otherNodes, otherEnd) = try compile(otherwise, from: context, at: position)
                guard let joined = thenEnd.context.joined(with: otherEnd.context) else {
                    throw TemplateError(name, position, "the branches of this {{#\(negated ? "unless" : "if")}} end in different places (\(thenEnd.context) and \(otherEnd.context)); make both close the same tags and attributes")
                }
                compiled.append(.conditional(expression, negated: negated, then: thenNodes, otherwise: otherNodes, position))
                context = joined
            case .loop(let expression, let variable, let body, let empty, let position):
                last = position
                let (bodyNodes, bodyEnd) = try compile(body, from: context, at: position)
                let (emptyNodes, emptyEnd) = try compile(empty, from: context, at: position)
                guard bodyEnd.context == context, emptyEnd.context == context else {
                    throw TemplateError(name, position, "this {{#each}} must end where it starts (\(context)), so every element starts the same; it ends \(bodyEnd.context == context ? emptyEnd.context : bodyEnd.context)")
                }
                compiled.append(.loop(expression, variable: variable, body: bodyNodes, empty: emptyNodes, position))
            case .partial(let partial, let arguments, let position):
                last = position
                guard context.state == .text else {
                    throw TemplateError(name, position, "a partial may only be included in text, not \(context)")
                }
                let resolved = resolve(partial)
                guard let index = indices[resolved] else {
                    throw TemplateError(name, position, "there is no partial named '\(resolved)'")
                }
                compiled.append(.partial(index, arguments: arguments.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, position))
            case .block(let block, let body, let position):
                last = position
                if slots[block] != nil { throw TemplateError(name, position, "block \"\(block)\" appears twice in this layout") }
                // A slot in an attribute could not end where it starts whatever filled it.
                guard context.state == .text || context.state == .rcdata else {
                    throw TemplateError(name, position, "a block may stand only in text or inside <title> or <textarea>, not \(context)")
                }
                slots[block] = context
                compiled.append(.block(block, body: try compile(body, from: context, at: position, what: "block \"\(block)\"")))
            }
        }
        return (compiled, End(context: context, position: last ?? startPosition))
    }
}
