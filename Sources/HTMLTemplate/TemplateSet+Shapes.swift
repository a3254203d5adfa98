extension TemplateSet {
    /// What template `name` reads that a context of `shape` would not hold: every path in its own
    /// text (outputs, conditions, loops, arguments to partials and helpers, its blocks), in the
    /// scope each is read in (loop variables, a partial's arguments), and in the partials it
    /// includes that `descending` accepts, read with the arguments passed to them. Also every
    /// helper called on the way, for the caller to check what its literals name, and every path
    /// read (`["actions", "log-in"]`), found or not.
    /// - Parameter shape: The context's members by name.
    public func check(_ name: String, against shape: [String: TemplateShape], descending: @escaping (String) -> Bool = { _ in true })
        -> (unknown: [UnknownName], helpers: [HelperCall], read: [[String]]) {
        guard let index = indices[name] else { return ([], [], []) }
        var walker = ShapeWalker(set: self, context: shape, descending: descending)
        let template = templates[index]
        walker.walk(template.nodes, in: index)
        for (_, nodes) in template.blocks.sorted(by: { $0.key < $1.key }) { walker.walk(nodes, in: index) }
        return (walker.unknown, walker.helpers, walker.read)
    }
}

/// Walks compiled nodes with the shapes of the names in scope instead of their values.
private struct ShapeWalker {
    let set: TemplateSet
    let context: [String: TemplateShape]
    let descending: (String) -> Bool
    /// Loop and partial variables, innermost last, as the renderer keeps them.
    var bindings: [(name: String, shape: TemplateShape)] = []
    /// The partials being walked, so one that includes itself is walked once.
    var walking: Set<Int> = []
    var unknown: [UnknownName] = []
    var helpers: [HelperCall] = []
    var read: [[String]] = []

    init(set: TemplateSet, context: [String: TemplateShape], descending: @escaping (String) -> Bool) {
        self.set = set
        self.context = context
        self.descending = descending
    }

    mutating func walk(_ nodes: [CompiledNode], in template: Int) {
        for node in nodes {
            switch node {
            case .text:
                break
            case .output(let expression, _, let position):
                _ = shape(of: expression, in: template, at: position)
            case .conditional(let expression, let negated, let then, let otherwise, let position):
                // In a partial, `{{#if label}}` on an argument its caller left out reads as empty
                // (the renderer looks a condition up without requiring it): only the branch for
                // empty renders, so only that one is read.
                if !walking.isEmpty, case .path(let parts) = expression, isUnbound(parts[0]) {
                    walk(negated ? then : otherwise, in: template)
                    continue
                }
                _ = shape(of: expression, in: template, at: position)
                walk(then, in: template)
                walk(otherwise, in: template)
            case .loop(let expression, let variable, let body, let empty, let position):
                let element: TemplateShape = if case .list(let element) = shape(of: expression, in: template, at: position) { element } else { .open }
                let mark = bindings.count
                bindings += [("@last", .value), ("@first", .value), ("@index", .value), (variable, element)]
                walk(body, in: template)
                bindings.removeLast(bindings.count - mark)
                walk(empty, in: template)
            case .partial(let partial, let arguments, let position):
                let passed = arguments.map { ($0.name, shape(of: $0.value, in: template, at: position)) }
                guard descending(set.templates[partial].name), !walking.contains(partial) else { continue }
                let mark = bindings.count
                bindings += passed
                walking.insert(partial)
                walk(set.templates[partial].nodes, in: partial)
                walking.remove(partial)
                bindings.removeLast(bindings.count - mark)
            case .block(_, let body):
                walk(body, in: template)
            }
        }
    }

    /// Whether `name` is neither a loop or partial variable nor a member of the context.
    private func isUnbound(_ name: String) -> Bool {
        !name.hasPrefix("@") && context[name] == nil && !bindings.contains { $0.name == name }
    }

    /// The shape an expression evaluates to, noting each name read that is not there.
    private mutating func shape(of expression: Expression, in template: Int, at position: SourcePosition) -> TemplateShape {
        switch expression {
        case .literal:
            return .value
        case .helper(let name, let positional, let named):
            for argument in positional { _ = shape(of: argument, in: template, at: position) }
            for (_, argument) in named.sorted(by: { $0.key < $1.key }) { _ = shape(of: argument, in: template, at: position) }
            helpers.append(HelperCall(
                template: set.templates[template].name, line: position.line, column: position.column, name: name,
                literals: positional.map { if case .literal(let value) = $0 { value } else { nil } }, namedArguments: named.keys.sorted()
            ))
            return .open
        case .path(let parts):
            read.append(parts)
            // Special names (@index) and what a loop or partial bound come first, as when rendering.
            var current: TemplateShape
            if let bound = bindings.last(where: { $0.name == parts[0] }) {
                current = bound.shape
            } else if let member = context[parts[0]] {
                current = member
            } else {
                note(parts, found: 0, known: Array(Set(context.keys).union(bindings.map(\.name).filter { !$0.hasPrefix("@") })).sorted(),
                     in: template, at: position)
                return .open
            }
            for index in parts.indices.dropFirst() {
                switch current {
                case .open:
                    return .open
                case .record(let members):
                    guard let member = members[parts[index]] else {
                        note(parts, found: index, known: members.keys.sorted(), in: template, at: position)
                        return .open
                    }
                    current = member
                case .value, .list:
                    note(parts, found: index, known: [], insideValue: true, in: template, at: position)
                    return .open
                }
            }
            return current
        }
    }

    private mutating func note(_ path: [String], found: Int, known: [String], insideValue: Bool = false, in template: Int, at position: SourcePosition) {
        unknown.append(UnknownName(template: set.templates[template].name, line: position.line, column: position.column,
                                   path: path, found: found, known: known, insideValue: insideValue))
    }
}
