extension HTTPRequest {
    /// The cookies sent in `Cookie` fields (RFC 6265 §5.4), the first of each name winning.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        forEachCookie { name, value in
            if result[String(name)] == nil { result[String(name)] = String(value) }
            return true
        }
        return result
    }

    /// The first cookie named `name`, found without reading the others into a dictionary (every
    /// page reads its session's).
    public func cookie(_ name: String) -> String? {
        var found: String?
        forEachCookie { candidate, value in
            guard candidate == name else { return true }
            found = String(value)
            return false
        }
        return found
    }

    /// Calls `body` with each cookie's name and value in the order sent, until it returns false.
    private func forEachCookie(_ body: (Substring, Substring) -> Bool) {
        for field in headers.values("Cookie") {
            for pair in field.split(separator: ";") {
                let trimmed = pair.trimmingSpaces
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                let name = trimmed[..<equals]
                var value = trimmed[trimmed.index(after: equals)...]
                if value.count >= 2, value.first == "\"", value.last == "\"" {
                    value = value.dropFirst().dropLast()
                }
                if !name.isEmpty, !body(name, value) { return }
            }
        }
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
