/// A parsed JSON document, as far as navigation states need: integers, no fractions.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}
