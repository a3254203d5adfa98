/// The name of a route in an app's route table, such as `listing` or `auth.login`.
public struct RouteName: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as written in the app definition.
    public let rawValue: String

    /// Creates a route name from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }

    public static func < (lhs: RouteName, rhs: RouteName) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension RouteName: Codable, CodingKeyRepresentable {
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var codingKey: any CodingKey { NameKey(stringValue: rawValue) }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(codingKey.stringValue)
    }
}

/// A coding key made from any string; lets name types be dictionary keys in keyed containers.
struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        return nil
    }
}
