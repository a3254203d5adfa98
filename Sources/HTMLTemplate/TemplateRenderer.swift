/// Renders compiled nodes into bytes, one call at a time; the values go through the escaper each
/// output was compiled with.
struct TemplateRenderer {
    let set: TemplateSet
    /// The caller's context.
    let context: TemplateRecord
    /// Loop and partial variables, innermost last: a few names searched from the end, which is
    /// cheaper than building and hashing a dictionary per loop element.
    var bindings: [(name: String, value: TemplateValue)] = []
    let blocks: [String: (template: Int, nodes: [CompiledNode])]
    var output: [UInt8] = []
    /// Partials may include partials; this bounds the depth so a cycle fails instead of looping.
    var depth = 0
    static let maximumDepth = 32

    init(set: TemplateSet, context: TemplateRecord, blocks: [String: (template: Int, nodes: [CompiledNode])]) {
        self.set = set
        self.context = context
        self.blocks = blocks
        bindings.reserveCapacity(16)
        output.reserveCapacity(8 * 1024)
    }

    mutating func render(_ nodes: [CompiledNode], in template: Int) throws(TemplateError) {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .output(let expression, let escaper, let position):
                let value = try evaluate(expression, in: template, at: position, required: set.options.strict)
                try write(value, with: escaper, in: template, at: position)
            case .conditional(let expression, let negated, let then, let otherwise, let position):
                let value = try evaluate(expression, in: template, at: position, required: false)
                try render(value.isTruthy != negated ? then : otherwise, in: template)
            case .loop(let expression, let variable, let body, let empty, let position):
                let value = try evaluate(expression, in: template, at: position, required: set.options.strict)
                let elements: [TemplateValue]
                switch value {
                case .array(let list): elements = list
                case .null: elements = []
                default: throw error(template, position, "{{#each}} needs a list, but '\(expression.description)' is \(Self.kind(of: value))")
                }
                if elements.isEmpty {
                    try render(empty, in: template)
                    continue
                }
                let mark = bindings.count
                for (index, element) in elements.enumerated() {
                    bindings.append(("@last", .bool(index == elements.count - 1)))
                    bindings.append(("@first", .bool(index == 0)))
                    bindings.append(("@index", .int(index)))
                    bindings.append((variable, element))
                    defer { bindings.removeLast(bindings.count - mark) }
                    try render(body, in: template)
                }
            case .partial(let partial, let arguments, let position):
                guard depth < Self.maximumDepth else {
                    throw error(template, position, "partials nest deeper than \(Self.maximumDepth); a partial includes itself")
                }
                let mark = bindings.count
                for (key, argument) in arguments {
                    let value = try evaluate(argument, in: template, at: position, required: set.options.strict)
                    bindings.append((key, value))
                }
                depth += 1
                defer {
                    bindings.removeLast(bindings.count - mark)
                    depth -= 1
                }
                try render(set.templates[partial].nodes, in: partial)
            case .block(let name, let body):
                if let filled = blocks[name] {
                    try render(filled.nodes, in: filled.template)
                } else {
                    try render(body, in: template)
                }
            }
        }
    }

    /// The value of an expression; a missing one is null, or an error when `required`.
    private func evaluate(_ expression: Expression, in template: Int, at position: SourcePosition, required: Bool) throws(TemplateError) -> TemplateValue {
        switch expression {
        case .literal(let value):
            return value
        case .path(let parts):
            var value = lookUp(parts[0])
            var part = 1
            while part < parts.count, let current = value {
                value = current[parts[part]]
                part += 1
            }
            guard let value else {
                if required { throw error(template, position, "no value for '\(parts.joined(separator: "."))'; pass it in the context") }
                return .null
            }
            return value
        case .helper(let name, let positional, let named):
            var arguments: [TemplateValue] = []
            for argument in positional { arguments.append(try evaluate(argument, in: template, at: position, required: required)) }
            var namedValues: [String: TemplateValue] = [:]
            for (key, argument) in named { namedValues[key] = try evaluate(argument, in: template, at: position, required: required) }
            do {
                return try set.helpers[name]!(HelperArguments(positional: arguments, named: namedValues))
            } catch let failure {
                throw error(template, position, "helper '\(name)' failed: \(failure)")
            }
        }
    }

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
        case .array, .record:
            throw error(template, position, "cannot write \(Self.kind(of: value)) as text; write one of its members")
        }
        switch escaper {
        case .text, .rcdata, .attribute: Escaping.appendHTML(text, to: &output)
        case .urlStart: Escaping.appendURL(text, allowed: set.options.allowedURLSchemes, checkScheme: true, to: &output)
        case .urlPath: Escaping.appendURLPart(text, to: &output)
        case .urlQuery: Escaping.appendQueryValue(text, to: &output)
        }
    }

    /// A loop or partial variable, else a member of the context.
    private func lookUp(_ name: String) -> TemplateValue? {
        var position = bindings.count - 1
        while position >= 0 {
            if bindings[position].name == name { return bindings[position].value }
            position -= 1
        }
        return context[name]
    }

    /// An error in template number `template`.
    private func error(_ template: Int, _ position: SourcePosition, _ message: String) -> TemplateError {
        TemplateError(set.templates[template].name, position, message)
    }

    private static func kind(of value: TemplateValue) -> String {
        switch value {
        case .array: "a list"
        case .record: "a record"
        case .null: "empty"
        default: "a single value"
        }
    }
}
