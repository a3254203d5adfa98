/// A name from an app definition, typed by what it names, so a route name never stands in for a
/// coordinator: see ``RouteName`` and ``CoordinatorID``.
public struct Identifier<Kind>: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as written in the app definition.
    public let rawValue: String

    /// Creates an identifier from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }

    public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// What a ``RouteName`` names.
public enum RouteKind {}
/// What a ``CoordinatorID`` names.
public enum CoordinatorKind {}

/// The name of a route in an app's route table, such as `listing` or `auth.login`.
public typealias RouteName = Identifier<RouteKind>
/// The identifier of a coordinator in an app's coordinator tree, such as `main` or `home`.
public typealias CoordinatorID = Identifier<CoordinatorKind>

/// Encoded as its text; as a dictionary key, as an object member name.
extension Identifier: Codable, CodingKeyRepresentable {
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

/// A coding key made from any string, for identifiers as dictionary keys.
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
