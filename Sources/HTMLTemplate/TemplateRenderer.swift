/// Renders compiled nodes into bytes, one call at a time; the values go through the escaper each
/// output was compiled with.
struct TemplateRenderer {
    let set: TemplateSet
    var scopes: [[String: TemplateValue]]
    let blocks: [String: (template: String, nodes: [CompiledNode])]
    var output: [UInt8] = []
    /// Partials may include partials; this bounds the depth so a cycle fails instead of looping.
    var depth = 0
    static let maximumDepth = 32

    init(set: TemplateSet, scopes: [[String: TemplateValue]], blocks: [String: (template: String, nodes: [CompiledNode])]) {
        self.set = set
        self.scopes = scopes
        self.blocks = blocks
        output.reserveCapacity(8 * 1024)
    }

    mutating func render(_ nodes: [CompiledNode], in template: String) throws(TemplateError) {
        for node in nodes {
            switch node {
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
                default: throw TemplateError(template, position, "{{#each}} needs a list, but '\(expression.description)' is \(Self.kind(of: value))")
                }
                if elements.isEmpty {
                    try render(empty, in: template)
                    continue
                }
                for (index, element) in elements.enumerated() {
                    scopes.append([variable: element, "@index": .int(index), "@first": .bool(index == 0), "@last": .bool(index == elements.count - 1)])
                    defer { scopes.removeLast() }
                    try render(body, in: template)
                }
            case .partial(let name, let arguments, let position):
                guard depth < Self.maximumDepth, let partial = set.templates[name] else {
                    throw TemplateError(template, position, "partials nest deeper than \(Self.maximumDepth); a partial includes itself")
                }
                var scope: [String: TemplateValue] = [:]
                for (key, argument) in arguments {
                    scope[key] = try evaluate(argument, in: template, at: position, required: set.options.strict)
                }
                scopes.append(scope)
                depth += 1
                defer {
                    scopes.removeLast()
                    depth -= 1
                }
                try render(partial.nodes, in: name)
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
    private func evaluate(_ expression: Expression, in template: String, at position: SourcePosition, required: Bool) throws(TemplateError) -> TemplateValue {
        switch expression {
        case .literal(let value):
            return value
        case .path(let parts):
            var value: TemplateValue?
            for scope in scopes.reversed() {
                if let found = scope[parts[0]] {
                    value = found
                    break
                }
            }
            for part in parts.dropFirst() {
                value = value?[part]
            }
            guard let value else {
                if required { throw TemplateError(template, position, "no value for '\(parts.joined(separator: "."))'; pass it in the context") }
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
            } catch {
                throw TemplateError(template, position, "helper '\(name)' failed: \(error)")
            }
        }
    }

    private mutating func write(_ value: TemplateValue, with escaper: Escaper, in template: String, at position: SourcePosition) throws(TemplateError) {
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
        case .array, .dictionary:
            throw TemplateError(template, position, "cannot write \(Self.kind(of: value)) as text; write one of its members")
        }
        switch escaper {
        case .text, .rcdata, .attribute: Escaping.appendHTML(text, to: &output)
        case .urlStart: Escaping.appendURL(text, allowed: set.options.allowedURLSchemes, checkScheme: true, to: &output)
        case .urlPath: Escaping.appendURLPart(text, to: &output)
        case .urlQuery: Escaping.appendQueryValue(text, to: &output)
        }
    }

    private static func kind(of value: TemplateValue) -> String {
        switch value {
        case .array: "a list"
        case .dictionary: "a record"
        case .null: "empty"
        default: "a single value"
        }
    }
}
