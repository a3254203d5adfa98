/// A tokenizer after the HTML5 tokenization states, enough to see the structure a browser would:
/// tags, their attributes (all quoting forms, character references decoded), comments, and the
/// raw-text and RCDATA elements whose content is not markup. Independent of the engine under test.
struct HTMLTokenizer {
    enum Token: Equatable {
        case startTag(String, attributes: [Attribute])
        case endTag(String)
        case comment
        case text
    }

    struct Attribute: Equatable {
        let name: String
        let value: String
    }

    static func tokens(_ html: String) -> [Token] {
        var tokens: [Token] = []
        let chars = Array(html.unicodeScalars)
        var index = 0
        var rawTextEnd: String?
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { index + offset < chars.count ? chars[index + offset] : nil }
        func isLetter(_ c: Unicode.Scalar?) -> Bool { c.map { $0.properties.isAlphabetic && $0.isASCII } ?? false }
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\u{C}" || c == "\r" }
        while index < chars.count {
            if let end = rawTextEnd {
                // script, style, textarea, title: only the matching end tag ends the content.
                let closing = Array("</\(end)".unicodeScalars)
                var found = chars.count
                var probe = index
                while probe + closing.count <= chars.count {
                    if zip(chars[probe..<probe + closing.count], closing).allSatisfy({ String($0).lowercased() == String($1) }) {
                        let after = probe + closing.count
                        if after == chars.count || isSpace(chars[after]) || chars[after] == "/" || chars[after] == ">" {
                            found = probe
                            break
                        }
                    }
                    probe += 1
                }
                if found > index { tokens.append(.text) }
                index = found
                rawTextEnd = nil
                continue
            }
            guard chars[index] == "<" else {
                while index < chars.count, chars[index] != "<" { index += 1 }
                tokens.append(.text)
                continue
            }
            if peek(1) == "!" {
                if peek(2) == "-", peek(3) == "-" {
                    index += 4
                    while index < chars.count, !(chars[index] == "-" && peek(1) == "-" && peek(2) == ">") { index += 1 }
                    index = min(chars.count, index + 3)
                } else {
                    while index < chars.count, chars[index] != ">" { index += 1 }
                    index += 1
                }
                tokens.append(.comment)
                continue
            }
            if peek(1) == "?" || (peek(1) == "/" && !isLetter(peek(2)) && peek(2) != ">") {
                while index < chars.count, chars[index] != ">" { index += 1 }
                index += 1
                tokens.append(.comment)
                continue
            }
            let isEnd = peek(1) == "/"
            guard isLetter(peek(isEnd ? 2 : 1)) else {
                index += 1
                tokens.append(.text)
                continue
            }
            index += isEnd ? 2 : 1
            var name = ""
            while let c = peek(), !isSpace(c), c != "/", c != ">" {
                name += String(c).lowercased()
                index += 1
            }
            var attributes: [Attribute] = []
            while let c = peek(), c != ">" {
                if isSpace(c) || c == "/" {
                    index += 1
                    continue
                }
                var attributeName = String(c).lowercased()
                index += 1
                while let c = peek(), !isSpace(c), c != "/", c != ">", c != "=" {
                    attributeName += String(c).lowercased()
                    index += 1
                }
                while let c = peek(), isSpace(c) { index += 1 }
                var value = ""
                if peek() == "=" {
                    index += 1
                    while let c = peek(), isSpace(c) { index += 1 }
                    if let quote = peek(), quote == "\"" || quote == "'" {
                        index += 1
                        while let c = peek(), c != quote {
                            value.unicodeScalars.append(c)
                            index += 1
                        }
                        index += 1
                    } else {
                        while let c = peek(), !isSpace(c), c != ">" {
                            value.unicodeScalars.append(c)
                            index += 1
                        }
                    }
                }
                if !attributes.contains(where: { $0.name == attributeName }) {
                    attributes.append(Attribute(name: attributeName, value: decodeReferences(value)))
                }
            }
            index += 1
            if isEnd {
                tokens.append(.endTag(name))
            } else {
                tokens.append(.startTag(name, attributes: attributes))
                if ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"].contains(name) { rawTextEnd = name }
            }
        }
        return tokens
    }

    /// Decodes numeric and common named character references, as attribute values are decoded.
    static func decodeReferences(_ text: String) -> String {
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n", "nbsp": "\u{A0}"]
        var result = ""
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            guard c == "&" else {
                result.append(c)
                continue
            }
            if chars.first == "#" {
                var digits = ""
                var rest = chars.dropFirst()
                let hex = rest.first == "x" || rest.first == "X"
                if hex { rest = rest.dropFirst() }
                while let d = rest.first, hex ? d.isHexDigit : d.isNumber {
                    digits.append(d)
                    rest = rest.dropFirst()
                }
                if let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value), !digits.isEmpty {
                    result.unicodeScalars.append(scalar)
                    chars = rest.first == ";" ? rest.dropFirst() : rest
                    continue
                }
            } else if let entry = named.first(where: { chars.starts(with: $0.key) }) {
                result += entry.value
                chars = chars.dropFirst(entry.key.count)
                if chars.first == ";" { chars = chars.dropFirst() }
                continue
            }
            result.append(c)
        }
        return result
    }

    /// Whether a URL would run script or load a document inline: the scheme a browser would
    /// see after dropping leading control characters and spaces and every tab and newline.
    static func isScriptURL(_ url: String) -> Bool {
        let cleaned = String(String.UnicodeScalarView(url.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        let lowered = cleaned.lowercased()
        return ["javascript:", "vbscript:", "livescript:", "data:"].contains { lowered.hasPrefix($0) }
    }
}
