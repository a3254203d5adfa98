/// A parsed template: plain nodes before escaping is decided.
indirect enum TemplateNode: Sendable {
    /// Literal text and the template line its first byte is on.
    case text([UInt8], line: Int)
    case output(Expression, SourcePosition)
    /// `{{#if}}` (or `{{#unless}}`, negated) with its two branches.
    case conditional(Expression, negated: Bool, then: [TemplateNode], otherwise: [TemplateNode], SourcePosition)
    /// `{{#each items as item}}` with the branch for an empty list.
    case loop(Expression, variable: String, body: [TemplateNode], empty: [TemplateNode], SourcePosition)
    /// `{{> name key=value}}`
    case partial(String, arguments: [String: Expression], SourcePosition)
    /// `{{#block "name"}}default{{/block}}`: a layout's slot, or a screen's content for it.
    case block(String, body: [TemplateNode], SourcePosition)
}

/// A template as parsed: its nodes and, for a screen, the layout it extends.
struct ParsedTemplate: Sendable {
    let name: String
    let extends: (layout: String, position: SourcePosition)?
    let nodes: [TemplateNode]
}
