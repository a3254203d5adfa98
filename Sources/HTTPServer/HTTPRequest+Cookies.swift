extension HTTPRequest {
    /// The cookies sent in `Cookie` fields (RFC 6265 §5.4), the first of each name winning.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for field in headers.values("Cookie") {
            for pair in field.split(separator: ";") {
                let trimmed = pair.trimmingSpaces
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                let name = String(trimmed[..<equals])
                var value = trimmed[trimmed.index(after: equals)...]
                if value.count >= 2, value.first == "\"", value.last == "\"" {
                    value = value.dropFirst().dropLast()
                }
                if !name.isEmpty, result[name] == nil {
                    result[name] = String(value)
                }
            }
        }
        return result
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
