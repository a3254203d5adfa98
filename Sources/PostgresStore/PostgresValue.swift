/// A value bound to a statement. Text and bytes travel with their length in binary format, so
/// nothing is cut at a NUL and bytes need no escaping; numbers travel as text.
public enum PostgresValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case text(String)
    case bytes([UInt8])
    case boolean(Bool)

    /// An integer.
    public static func int(_ value: Int) -> PostgresValue { .integer(Int64(value)) }
    /// Text, or null.
    public static func string(_ value: String?) -> PostgresValue { value.map { .text($0) } ?? .null }
}
