/// A route together with its parameter values: one concrete screen, such as listing `123`.
///
/// Two instances are the same screen when their names and parameters are equal; smart backward
/// navigation and idempotency compare instances, so listing `123` and listing `456` differ.
public struct RouteInstance: Hashable, Sendable, CustomStringConvertible {
    /// The route this is an instance of.
    public var name: RouteName
    /// Parameter values by parameter name, path and query parameters alike.
    public var parameters: [String: String]

    /// Creates an instance of `name` with the given parameter values.
    public init(_ name: RouteName, _ parameters: [String: String] = [:]) {
        self.name = name
        self.parameters = parameters
    }

    /// `listing(id: 123)`, parameters in name order.
    public var description: String {
        guard !parameters.isEmpty else { return name.rawValue }
        let list = parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return "\(name.rawValue)(\(list.joined(separator: ", ")))"
    }
}

extension RouteInstance: Codable {
    private enum CodingKeys: String, CodingKey {
        case name = "r"
        case parameters = "p"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(RouteName.self, forKey: .name)
        parameters = try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if !parameters.isEmpty {
            try container.encode(parameters, forKey: .parameters)
        }
    }
}
