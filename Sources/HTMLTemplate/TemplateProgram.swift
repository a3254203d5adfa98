/// A compiled template lowered for rendering: its nodes as one flat list of steps whose payloads
/// are plain numbers — ranges of the same list, of the text bytes, of the operand tables — so
/// walking a page reads shared memory without retaining anything in it. Every handler thread
/// renders from the same programs, and retaining a shared node tree step by step made the
/// threads fight over its reference counts. The compiled nodes stay for the set's analyses.
final class TemplateProgram: Sendable {
    /// One step; the ranges are of ``steps`` unless said otherwise.
    enum Step: Sendable {
        /// Bytes of ``bytes``, and the entries of ``textLines`` that say which template line
        /// each part of them is on.
        case text(Range<Int>, lines: Range<Int>)
        /// An operand written through its escaper.
        case output(Int, Escaper, SourcePosition)
        case conditional(Int, negated: Bool, then: Range<Int>, otherwise: Range<Int>, SourcePosition)
        /// `variable` is an index of ``names``.
        case loop(Int, variable: Int, body: Range<Int>, empty: Range<Int>, SourcePosition)
        /// A partial by its index in the set, its arguments a range of ``arguments``.
        case partial(Int, arguments: Range<Int>, SourcePosition)
        /// A block by its name's index in ``names``, with its default body.
        case block(Int, body: Range<Int>)
    }

    /// An expression, lowered: a path is a range of ``names``; a literal an index of ``literals``;
    /// a helper its index in the set's helper list, its positional operands a range of
    /// ``operandLists`` and its named ones a range of ``arguments``.
    enum Operand: Sendable {
        case path(Range<Int>)
        case literal(Int)
        case helper(Int, positional: Range<Int>, named: Range<Int>)
    }

    let steps: [Step]
    let bytes: [UInt8]
    /// Where each line of the literal text starts in ``bytes``, with its template line, in
    /// order: read only while a ``SourceMap`` is recorded.
    let textLines: [TextLine]
    let operands: [Operand]
    let names: [TemplateName]
    let literals: [TemplateValue]
    let operandLists: [Int]
    /// Named operands: a name of ``names`` and an operand.
    let arguments: [(name: Int, operand: Int)]
    /// The template's own nodes (empty for one that extends a layout).
    let root: Range<Int>
    /// The blocks a template that extends a layout fills, by name.
    let blocks: [String: Range<Int>]

    /// Lowers `template`, resolving helpers to their indices in `helpers`.
    init(_ template: CompiledTemplate, helpers: [String: Int]) {
        var lowering = Lowering(helpers: helpers)
        root = lowering.lower(template.nodes)
        var blocks: [String: Range<Int>] = [:]
        for (name, nodes) in template.blocks { blocks[name] = lowering.lower(nodes) }
        self.blocks = blocks
        steps = lowering.steps
        bytes = lowering.bytes
        textLines = lowering.textLines
        operands = lowering.operands
        names = lowering.names
        literals = lowering.literals
        operandLists = lowering.operandLists
        arguments = lowering.arguments
    }

    /// How an operand was written, for messages: `listing.title`, or a helper's name.
    func describe(_ operand: Int, helperNames: [String]) -> String {
        switch operands[operand] {
        case .path(let parts): names[parts].map(\.text).joined(separator: ".")
        case .literal(let index): "\(literals[index])"
        case .helper(let helper, _, _): helperNames[helper]
        }
    }

    /// Builds the tables; a node's children are lowered before its step is placed, so each
    /// list of nodes becomes one contiguous range of steps.
    private struct Lowering {
        let helpers: [String: Int]
        var steps: [Step] = []
        var bytes: [UInt8] = []
        var textLines: [TextLine] = []
        var operands: [Operand] = []
        var names: [TemplateName] = []
        var literals: [TemplateValue] = []
        var operandLists: [Int] = []
        var arguments: [(name: Int, operand: Int)] = []

        mutating func lower(_ nodes: [CompiledNode]) -> Range<Int> {
            // Children first, then this list's own steps together.
            var own: [Step] = []
            own.reserveCapacity(nodes.count)
            for node in nodes {
                switch node {
                case .text(let text, let runs):
                    let start = bytes.count
                    bytes.append(contentsOf: text)
                    own.append(.text(start..<bytes.count, lines: lower(text, runs, at: start)))
                case .output(let expression, let escaper, let position):
                    own.append(.output(lower(expression), escaper, position))
                case .conditional(let expression, let negated, let then, let otherwise, let position):
                    let condition = lower(expression)
                    own.append(.conditional(condition, negated: negated, then: lower(then), otherwise: lower(otherwise), position))
                case .loop(let expression, let variable, let body, let empty, let position):
                    let list = lower(expression)
                    own.append(.loop(list, variable: name(variable), body: lower(body), empty: lower(empty), position))
                case .partial(let partial, let passed, let position):
                    let values = passed.map { (name: name($0.name), operand: lower($0.value)) }
                    let start = arguments.count
                    arguments += values
                    own.append(.partial(partial, arguments: start..<arguments.count, position))
                case .block(let block, let body):
                    own.append(.block(name(block), body: lower(body)))
                }
            }
            let start = steps.count
            steps += own
            return start..<steps.count
        }

        /// The line starts of a text placed at `start` of ``bytes``: each run's first byte, and
        /// each byte after a line feed within a run, with its template line.
        mutating func lower(_ text: [UInt8], _ runs: [TextLine], at start: Int) -> Range<Int> {
            let first = textLines.count
            for (index, run) in runs.enumerated() {
                let end = index + 1 < runs.count ? runs[index + 1].offset : text.count
                var line = run.line
                textLines.append(TextLine(offset: start + run.offset, line: line))
                for offset in run.offset..<end where text[offset] == UInt8(ascii: "\n") && offset + 1 < end {
                    line += 1
                    textLines.append(TextLine(offset: start + offset + 1, line: line))
                }
            }
            return first..<textLines.count
        }

        mutating func lower(_ expression: Expression) -> Int {
            let operand: Operand
            switch expression {
            case .path(let parts):
                let start = names.count
                names += parts.map { TemplateName($0) }
                operand = .path(start..<names.count)
            case .literal(let value):
                literals.append(value)
                operand = .literal(literals.count - 1)
            case .helper(let helper, let positional, let named):
                let positionalOperands = positional.map { lower($0) }
                let namedOperands = named.sorted { $0.key < $1.key }.map { (name: name($0.key), operand: lower($0.value)) }
                let listStart = operandLists.count
                operandLists += positionalOperands
                let namedStart = arguments.count
                arguments += namedOperands
                // The parser admits only known helpers.
                operand = .helper(helpers[helper]!, positional: listStart..<operandLists.count, named: namedStart..<arguments.count)
            }
            operands.append(operand)
            return operands.count - 1
        }

        mutating func name(_ text: String) -> Int {
            names.append(TemplateName(text))
            return names.count - 1
        }
    }
}
