/// The escaping functions, writing straight into the output bytes.
enum Escaping {
    /// What an unsafe URL becomes: inert wherever it lands (after Go's `#ZgotmplZ`).
    static let unsafeURL = "about:invalid#unsafe-url"

    /// HTML text or a quoted attribute value: `& < > " '` as character references, NUL dropped.
    static func appendHTML(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            // Runs of ordinary bytes are copied at once; most values have few or no specials.
            var runStart = 0
            for index in 0..<bytes.count {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&#34;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                case 0: replacement = ""
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// A URL at the start of a URL attribute: a scheme outside `allowed` makes it ``unsafeURL``.
    static func appendURL(_ url: String, allowed: Set<String>, checkScheme: Bool, to output: inout [UInt8]) {
        if checkScheme, let scheme = scheme(of: url), !allowed.contains(scheme) {
            output.append(contentsOf: unsafeURL.utf8)
            return
        }
        appendURLPart(url, to: &output)
    }

    /// A URL or a part of its path: characters not allowed in URLs percent-encoded, reserved ones
    /// kept, and what is special to HTML (`&`, `'`) escaped for the attribute.
    static func appendURLPart(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            if byte == UInt8(ascii: "&") {
                output.append(contentsOf: "&amp;".utf8)
            } else if byte == UInt8(ascii: "'") {
                output.append(contentsOf: "&#39;".utf8)
            } else if isUnreserved(byte) || isReserved(byte) || byte == UInt8(ascii: "%") {
                output.append(byte)
            } else {
                appendPercent(byte, to: &output)
            }
        }
    }

    /// A query or fragment value: everything but unreserved characters percent-encoded.
    static func appendQueryValue(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) { output.append(byte) } else { appendPercent(byte, to: &output) }
        }
    }

    /// The scheme of a URL, lowercased, if it has one: text before a `:` that comes before any
    /// `/`, `?` or `#`. Anything odd before the colon still counts, so it fails the check.
    static func scheme(of url: String) -> String? {
        for (offset, byte) in url.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: ":"): return String(url.utf8.prefix(offset).map { Character(Unicode.Scalar($0.lowercased)) })
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return nil
            default: continue
            }
        }
        return nil
    }

    private static func appendPercent(_ byte: UInt8, to output: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        output.append(UInt8(ascii: "%"))
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0xF)])
    }

    /// RFC 3986 §2.3.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        byte.isLetter || byte.isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// RFC 3986 §2.2.
    private static func isReserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }
}
