/// Renders templates' programs into bytes, one call at a time; the values go through the escaper
/// each output was compiled with.
struct TemplateRenderer {
    let set: TemplateSet
    /// The caller's context: a record or a model.
    let context: TemplateValue
    /// Loop and partial variables, innermost last: a few names searched from the end, which is
    /// cheaper than building and hashing a dictionary per loop element.
    var bindings: [(name: TemplateName, value: TemplateValue)] = []
    /// The blocks the rendered screen fills: their template and steps.
    let blocks: [String: (template: Int, body: Range<Int>)]
    var output: [UInt8] = []
    /// The source map being recorded, if one was asked for. A reference, so the renderer stays
    /// 128 bytes: it is copied for each value evaluated, and past that size the copy is a call.
    let recorder: SourceMapRecorder?
    /// Partials may include partials; this bounds the depth so a cycle fails instead of looping.
    static let maximumDepth = 32

    init(set: TemplateSet, context: TemplateValue, blocks: [String: (template: Int, body: Range<Int>)], recorder: SourceMapRecorder? = nil) {
        self.set = set
        self.recorder = recorder
        self.context = context
        self.blocks = blocks
        bindings.reserveCapacity(16)
        output.reserveCapacity(8 * 1024)
    }

    /// Renders the steps `range` of template number `template`, inside `depth` partials.
    mutating func render(_ range: Range<Int>, of template: Int, depth: Int = 0) throws(TemplateError) {
        let program = set.programs[template]
        for index in range {
            switch program.steps[index] {
            case .text(let bytes, let lines):
                recorder?.markText(output.count, bytes: bytes, lines: lines, of: program, template: template, in: set)
                program.bytes.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[bytes])) }
            case .output(let operand, let escaper, let position):
                recorder?.mark(output.count, template: template, line: position.line, in: set)
                let value = try evaluate(operand, of: program, in: template, at: position, required: set.options.strict)
                try write(value, with: escaper, in: template, at: position)
            case .conditional(let operand, let negated, let then, let otherwise, let position):
                let value = try evaluate(operand, of: program, in: template, at: position, required: false)
                try render(value.isTruthy != negated ? then : otherwise, of: template, depth: depth)
            case .loop(let operand, let variable, let body, let empty, let position):
                let value = try evaluate(operand, of: program, in: template, at: position, required: set.options.strict)
                let elements: [TemplateValue]
                switch value {
                case .array(let list): elements = list
                case .null: elements = []
                default:
                    throw error(template, position, "{{#each}} needs a list, but '\(program.describe(operand, helperNames: set.helperNames))' is \(Self.kind(of: value))")
                }
                if elements.isEmpty {
                    try render(empty, of: template, depth: depth)
                } else {
                    try render(body, of: template, depth: depth, forEachOf: elements, as: program.names[variable])
                }
            case .partial(let partial, let arguments, let position):
                guard depth < Self.maximumDepth else {
                    throw error(template, position, "partials nest deeper than \(Self.maximumDepth); a partial includes itself")
                }
                let mark = bindings.count
                for argument in arguments {
                    let (name, operand) = program.arguments[argument]
                    let value = try evaluate(operand, of: program, in: template, at: position, required: set.options.strict)
                    bindings.append((program.names[name], value))
                }
                recorder?.enterPartial(from: template, line: position.line, in: set)
                defer {
                    bindings.removeLast(bindings.count - mark)
                    recorder?.leavePartial()
                }
                try render(set.programs[partial].root, of: partial, depth: depth + 1)
            case .block(let name, let body):
                if let filled = blocks[program.names[name].text] {
                    try render(filled.body, of: filled.template)
                } else {
                    try render(body, of: template, depth: depth)
                }
            }
        }
    }

    /// Renders a loop's `body` once for each of `elements`, bound to `variable` with `@index`,
    /// `@first` and `@last`. The four are pushed once and set for each element; whatever the body
    /// pushes, it pops.
    private mutating func render(_ body: Range<Int>, of template: Int, depth: Int, forEachOf elements: [TemplateValue], as variable: TemplateName) throws(TemplateError) {
        let mark = bindings.count
        bindings.append((Self.last, .null))
        bindings.append((Self.first, .null))
        bindings.append((Self.index, .null))
        bindings.append((variable, .null))
        defer { bindings.removeLast(bindings.count - mark) }
        for (index, element) in elements.enumerated() {
            bindings[mark].value = .bool(index == elements.count - 1)
            bindings[mark + 1].value = .bool(index == 0)
            bindings[mark + 2].value = .int(index)
            bindings[mark + 3].value = element
            try render(body, of: template, depth: depth)
        }
    }

    /// The value of an operand; a missing one is null, or an error when `required`.
    private func evaluate(_ operand: Int, of program: TemplateProgram, in template: Int, at position: SourcePosition, required: Bool) throws(TemplateError) -> TemplateValue {
        switch program.operands[operand] {
        case .literal(let index):
            return program.literals[index]
        case .path(let parts):
            var value = lookUp(program.names[parts.lowerBound])
            var part = parts.lowerBound + 1
            while part < parts.upperBound, let current = value {
                value = current[name: program.names[part]]
                part += 1
            }
            guard let value else {
                if required { throw error(template, position, "no value for '\(program.describe(operand, helperNames: set.helperNames))'; pass it in the context") }
                return .null
            }
            return value
        case .helper(let helper, let positional, let named):
            var arguments: [TemplateValue] = []
            arguments.reserveCapacity(positional.count)
            for index in positional {
                arguments.append(try evaluate(program.operandLists[index], of: program, in: template, at: position, required: required))
            }
            var namedValues: [(name: String, value: TemplateValue)] = []
            if !named.isEmpty {
                namedValues.reserveCapacity(named.count)
                for index in named {
                    let (name, argument) = program.arguments[index]
                    namedValues.append((program.names[name].text, try evaluate(argument, of: program, in: template, at: position, required: required)))
                }
            }
            do {
                return try set.helperList[helper](HelperArguments(positional: arguments, named: namedValues))
            } catch let failure {
                throw error(template, position, "helper '\(set.helperNames[helper])' failed: \(failure)")
            }
        }
    }

    // Inlined into `render`, as the optimiser chose by itself before the recorder's few tests
    // made `render` longer: a call per value written cost a dense page 1.5 % of its instructions.
    @inline(__always)
    private mutating func write(_ value: TemplateValue, with escaper: Escaper, in template: Int, at position: SourcePosition) throws(TemplateError) {
        let text: String
        switch value {
        case .null: return
        case .string(let string): text = string
        case .int(let number): text = String(number)
        case .double(let number): text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): text = flag ? "true" : "false"
        case .html(let html):
            if escaper == .text {
                recorder?.insert(html, at: output.count, template: template, line: position.line, in: set)
                output.append(contentsOf: html.html.utf8)
                return
            }
            text = html.html
        case .url(let url):
            if escaper == .urlStart {
                Escaping.appendURL(url.url, allowed: set.options.allowedURLSchemes, checkScheme: false, to: &output)
                return
            }
            text = url.url
        case .array, .record, .model:
            throw error(template, position, "cannot write \(Self.kind(of: value)) as text; write one of its members")
        }
        switch escaper {
        case .text, .rcdata, .attribute: Escaping.appendHTML(text, to: &output)
        case .urlStart: Escaping.appendURL(text, allowed: set.options.allowedURLSchemes, checkScheme: true, to: &output)
        case .urlPath: Escaping.appendURLPart(text, to: &output)
        case .urlQuery: Escaping.appendQueryValue(text, to: &output)
        }
    }

    private static let last: TemplateName = "@last", first: TemplateName = "@first", index: TemplateName = "@index"

    /// A loop or partial variable, else a member of the context.
    private func lookUp(_ name: TemplateName) -> TemplateValue? {
        var position = bindings.count - 1
        while position >= 0 {
            if bindings[position].name == name { return bindings[position].value }
            position -= 1
        }
        return context[name: name]
    }

    /// An error in template number `template`.
    private func error(_ template: Int, _ position: SourcePosition, _ message: String) -> TemplateError {
        TemplateError(set.templates[template].name, position, message)
    }

    private static func kind(of value: TemplateValue) -> String {
        switch value {
        case .array: "a list"
        case .record, .model: "a record"
        case .null: "empty"
        default: "a single value"
        }
    }
}
