extension TemplateSet {
    /// The context paths template `name` reads in its own text — its blocks, its conditions and
    /// loops, the arguments it passes to partials and helpers — such as `["actions", "log-in"]`,
    /// and in the text of the partials it includes that `descending` admits (an app's own: a
    /// card offering an action), each read once; not those of its layout. Empty for an unknown
    /// template. What a screen offers (the actions it posts) can be read from it without rendering.
    public func referencedPaths(in name: String, descending: @escaping (String) -> Bool = { _ in false }) -> [[String]] {
        guard let index = indices[name] else { return [] }
        var walk = ReferenceWalk(set: self, descending: descending)
        walk.visit(index)
        return walk.paths
    }

    /// The names of the templates `name` is rendered with: itself, the layouts it extends and
    /// every partial any of them includes, each once, `name` first. Empty for an unknown template.
    public func dependencies(of name: String) -> [String] {
        guard let start = indices[name] else { return [] }
        var seen: [Int] = []
        var queue = [start]
        while let index = queue.popLast() {
            guard !seen.contains(index) else { continue }
            seen.append(index)
            let template = templates[index]
            if let layout = template.extends.flatMap({ indices[$0.layout] }) { queue.append(layout) }
            func partials(_ nodes: [CompiledNode]) {
                for node in nodes {
                    switch node {
                    case .text, .output: break
                    case .conditional(_, _, let then, let otherwise, _): partials(then + otherwise)
                    case .loop(_, _, let body, let empty, _): partials(body + empty)
                    case .partial(let partial, _, _): queue.append(partial)
                    case .block(_, let body): partials(body)
                    }
                }
            }
            partials(template.nodes)
            for (_, nodes) in template.blocks.sorted(by: { $0.key < $1.key }) { partials(nodes) }
        }
        return seen.map { templates[$0].name }
    }

    private struct ReferenceWalk {
        let set: TemplateSet
        let descending: (String) -> Bool
        var paths: [[String]] = []
        var visited: Set<Int> = []

        mutating func visit(_ index: Int) {
            guard visited.insert(index).inserted else { return }
            let template = set.templates[index]
            collect(template.nodes)
            for (_, nodes) in template.blocks.sorted(by: { $0.key < $1.key }) { collect(nodes) }
        }

        private mutating func collect(_ nodes: [CompiledNode]) {
            for node in nodes {
                switch node {
                case .text:
                    break
                case .output(let expression, _, _):
                    collect(expression)
                case .conditional(let expression, _, let then, let otherwise, _):
                    collect(expression)
                    collect(then)
                    collect(otherwise)
                case .loop(let expression, _, let body, let empty, _):
                    collect(expression)
                    collect(body)
                    collect(empty)
                case .partial(let partial, let arguments, _):
                    for argument in arguments { collect(argument.value) }
                    if descending(set.templates[partial].name) { visit(partial) }
                case .block(_, let body):
                    collect(body)
                }
            }
        }

        private mutating func collect(_ expression: Expression) {
            switch expression {
            case .path(let parts): paths.append(parts)
            case .literal: break
            case .helper(_, let positional, let named):
                for argument in positional { collect(argument) }
                for (_, argument) in named.sorted(by: { $0.key < $1.key }) { collect(argument) }
            }
        }
    }
}
