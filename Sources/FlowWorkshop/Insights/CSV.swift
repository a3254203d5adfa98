/// Tables as CSV (RFC 4180): fields with a comma, quote or line break quoted, quotes doubled,
/// lines ended with CRLF. A field a spreadsheet could read as a formula starts with an
/// apostrophe, so opening the file runs nothing (OWASP, CSV Injection): one starting with `=`,
/// `+`, `-` or `@`, their fullwidth forms, which spreadsheets fold to them, or a tab, CR or LF,
/// before which some strip the whitespace and read what follows. Numbers are left as they are.
enum CSV {
    static func text(_ rows: [[String]]) -> String {
        rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ value: String) -> String {
        var text = value
        // Scalars, not characters: "\r\n" and "=" with a combining mark are single characters.
        if let first = text.unicodeScalars.first, formulaStarts.contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\n", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}"]
}
