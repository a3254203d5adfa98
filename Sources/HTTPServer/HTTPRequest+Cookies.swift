extension HTTPRequest {
    /// The cookies sent in `Cookie` fields (RFC 6265 §5.4), the first of each name winning.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        forEachCookie { name, value in
            let name = String(decoding: name, as: UTF8.self)
            if result[name] == nil { result[name] = String(decoding: value, as: UTF8.self) }
            return true
        }
        return result
    }

    /// The first cookie named `name`, found without reading the others into a dictionary (every
    /// page reads its session's).
    public func cookie(_ name: String) -> String? {
        var found: String?
        forEachCookie { candidate, value in
            guard candidate.elementsEqual(name.utf8) else { return true }
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    /// Calls `body` with each cookie's name and value in the order sent, until it returns false.
    /// Read as bytes, as a cookie's octets are (RFC 6265 §4.1.1): as characters, every page paid
    /// for grapheme breaking over its session id, 3 % of a rendered screen.
    private func forEachCookie(_ body: (Substring.UTF8View, Substring.UTF8View) -> Bool) {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        for field in headers.values("Cookie") {
            for pair in field.utf8.split(separator: UInt8(ascii: ";")) {
                guard let first = pair.firstIndex(where: { !isSpace($0) }), let last = pair.lastIndex(where: { !isSpace($0) }),
                      let equals = pair[first...last].firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = pair[first..<equals]
                var value = pair[pair.index(after: equals)..<pair.index(after: last)]
                if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
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
