/// Tables as CSV (RFC 4180): fields with a comma, quote or line break quoted, quotes doubled,
/// lines ended with CRLF. A field a spreadsheet would read as a formula (`=`, `+`, `-`, `@`)
/// starts with an apostrophe, so opening the file runs nothing.
enum CSV {
    static func text(_ rows: [[String]]) -> String {
        rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ value: String) -> String {
        var text = value
        if let first = text.first, "=+-@".contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
