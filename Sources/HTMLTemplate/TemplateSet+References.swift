extension TemplateSet {
    /// The context paths template `name` reads in its own text — its blocks, its conditions and
    /// loops, the arguments it passes to partials and helpers — such as `["actions", "log-in"]`;
    /// not those of its layout or of the partials it includes. Empty for an unknown template.
    /// What a screen offers (the actions it posts) can be read from it without rendering.
    public func referencedPaths(in name: String) -> [[String]] {
        guard let index = indices[name] else { return [] }
        let template = templates[index]
        var paths: [[String]] = []
        Self.collect(template.nodes, into: &paths)
        for (_, nodes) in template.blocks.sorted(by: { $0.key < $1.key }) { Self.collect(nodes, into: &paths) }
        return paths
    }

    private static func collect(_ nodes: [CompiledNode], into paths: inout [[String]]) {
        for node in nodes {
            switch node {
            case .text:
                break
            case .output(let expression, _, _):
                collect(expression, into: &paths)
            case .conditional(let expression, _, let then, let otherwise, _):
                collect(expression, into: &paths)
                collect(then, into: &paths)
                collect(otherwise, into: &paths)
            case .loop(let expression, _, let body, let empty, _):
                collect(expression, into: &paths)
                collect(body, into: &paths)
                collect(empty, into: &paths)
            case .partial(_, let arguments, _):
                for argument in arguments { collect(argument.value, into: &paths) }
            case .block(_, let body):
                collect(body, into: &paths)
            }
        }
    }

    private static func collect(_ expression: Expression, into paths: inout [[String]]) {
        switch expression {
        case .path(let parts): paths.append(parts)
        case .literal: break
        case .helper(_, let positional, let named):
            for argument in positional { collect(argument, into: &paths) }
            for (_, argument) in named.sorted(by: { $0.key < $1.key }) { collect(argument, into: &paths) }
        }
    }
}
