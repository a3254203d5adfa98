/// The identifier of a coordinator in an app's coordinator tree, such as `main` or `home`.
public struct CoordinatorID: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier as written in the app definition.
    public let rawValue: String

    /// Creates a coordinator identifier from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }

    public static func < (lhs: CoordinatorID, rhs: CoordinatorID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension CoordinatorID: Codable, CodingKeyRepresentable {
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
