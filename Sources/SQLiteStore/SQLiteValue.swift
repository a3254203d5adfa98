/// A value bound to or read from a statement.
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(floatLiteral value: Double) { self = .real(value) }

    /// An integer, or null.
    public static func int(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
    /// Text, or null.
    public static func string(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
    /// A boolean as 0 or 1.
    public static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
}
