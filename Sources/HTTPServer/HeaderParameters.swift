/// A header value followed by parameters, `form-data; name="audit"; filename=a.json`: a token
/// and `;`-separated `name=value` pairs whose values are tokens or quoted strings (RFC 9110
/// §5.6.6, §5.6.4), as `Content-Type` and `Content-Disposition` carry them.
struct HeaderParameters {
    /// The value before the first `;`, trimmed.
    let value: String
    /// The parameters in order, names lowercased (RFC 9110 §5.6.6: they are case-insensitive).
    let parameters: [(name: String, value: String)]

    /// Reads `text`; nil when a parameter has no `=`, no name, or a quoted string never closed.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        }
        func string(_ slice: ArraySlice<UInt8>) -> String {
            String(String(decoding: slice, as: UTF8.self)[...].trimmingSpaces)
        }
        let semicolon = UInt8(ascii: ";")
        while index < bytes.count, bytes[index] != semicolon { index += 1 }
        value = string(bytes[..<index])
        var parameters: [(name: String, value: String)] = []
        while index < bytes.count {
            index += 1
            skipSpaces()
            guard index < bytes.count else { break }
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != semicolon { index += 1 }
            let name = string(bytes[nameStart..<index]).lowercased()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "="), !name.isEmpty, !name.contains(" ") else { return nil }
            index += 1
            skipSpaces()
            var parameter: [UInt8] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                // A quoted-string: `\` quotes the next character (RFC 9110 §5.6.4).
                index += 1
                var closed = false
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "\"") {
                        closed = true
                        break
                    }
                    if byte == UInt8(ascii: "\\"), index < bytes.count {
                        parameter.append(bytes[index])
                        index += 1
                    } else {
                        parameter.append(byte)
                    }
                }
                guard closed else { return nil }
                skipSpaces()
                guard index == bytes.count || bytes[index] == semicolon else { return nil }
                parameters.append((name, String(decoding: parameter, as: UTF8.self)))
            } else {
                let start = index
                while index < bytes.count, bytes[index] != semicolon { index += 1 }
                parameters.append((name, string(bytes[start..<index])))
            }
        }
        self.parameters = parameters
    }

    /// The values of parameter `name` (lowercase), in order: more than one is for the caller to refuse.
    func values(_ name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }
}
