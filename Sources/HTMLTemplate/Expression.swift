/// What a tag evaluates: a path into the context, a literal, or a helper call.
enum Expression: Sendable {
    /// `user.name`, `@index`.
    case path([String])
    case literal(TemplateValue)
    /// `url "listing" id=item.id`
    case helper(String, positional: [Expression], named: [String: Expression])

    var description: String {
        switch self {
        case .path(let parts): parts.joined(separator: ".")
        case .literal(let value): "\(value)"
        case .helper(let name, _, _): name
        }
    }
}
