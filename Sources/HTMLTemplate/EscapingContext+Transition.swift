/// The pure transitions of ``EscapingContext`` over the static text of a template (after Go's
/// html/template `transition.go`): one step per state, picked by one exhaustive switch.
extension EscapingContext {
    /// The context after `bytes`.
    func advanced(over bytes: [UInt8]) -> EscapingContext {
        var context = self
        var index = 0
        while index < bytes.count {
            switch context.state {
            case .text: index = context.inText(bytes, from: index)
            case .tagOpen: index = context.afterLessThan(bytes, at: index)
            case .tagName: index = context.inTagName(bytes, from: index)
            case .tag: index = context.inTag(bytes, from: index)
            case .attributeName: index = context.inAttributeName(bytes, from: index)
            case .afterAttributeName: index = context.afterAttributeName(bytes, from: index)
            case .beforeValue: index = context.beforeValue(bytes, from: index)
            case .attributeValue: index = context.inAttributeValue(bytes, from: index)
            case .rcdata, .rawText: index = context.inElementContent(bytes, from: index)
            case .comment: index = context.inComment(bytes, from: index)
            }
        }
        return context
    }

    /// The context after an output: a URL attribute's value has started.
    func afterOutput() -> EscapingContext {
        var context = self
        if state == .attributeValue, attribute == .url, urlPart == .start { context.urlPart = .path }
        return context
    }

    private mutating func inText(_ bytes: [UInt8], from index: Int) -> Int {
        guard let less = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { return bytes.count }
        state = .tagOpen
        return less + 1
    }

    /// After `<`: a tag, an end tag, a comment, a declaration, or just a less-than sign.
    private mutating func afterLessThan(_ bytes: [UInt8], at index: Int) -> Int {
        let byte = bytes[index]
        if byte == UInt8(ascii: "!") {
            if bytes[index...].starts(with: Array("!--".utf8)) {
                state = .comment
                return index + 3
            }
            state = .tag
            element = .none
            return index + 1
        }
        if byte == UInt8(ascii: "?") {
            state = .tag
            element = .none
            return index + 1
        }
        if byte == UInt8(ascii: "/") || byte.isLetter {
            state = .tagName
            tagName = byte == UInt8(ascii: "/") ? "/" : ""
            return byte == UInt8(ascii: "/") ? index + 1 : index
        }
        state = .text
        return index
    }

    private mutating func inTagName(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index].isLetter || bytes[index].isDigit || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ":") {
            tagName.unicodeScalars.append(Unicode.Scalar(bytes[index].lowercased))
            index += 1
        }
        guard index < bytes.count else { return index }
        element = tagName.hasPrefix("/") ? .none : Element(rawValue: tagName) ?? .none
        tagName = ""
        state = .tag
        return index
    }

    private mutating func inTag(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index].isSpace || bytes[index] == UInt8(ascii: "/") { index += 1 }
        guard index < bytes.count else { return index }
        if bytes[index] == UInt8(ascii: ">") {
            endTag()
            return index + 1
        }
        state = .attributeName
        attributeName = ""
        return index
    }

    private mutating func inAttributeName(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, !bytes[index].isSpace, bytes[index] != UInt8(ascii: "="),
              bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
            attributeName.unicodeScalars.append(Unicode.Scalar(bytes[index].lowercased))
            index += 1
        }
        guard index < bytes.count else { return index }
        attribute = Self.kind(ofAttribute: attributeName)
        attributeName = ""
        state = .afterAttributeName
        return index
    }

    private mutating func afterAttributeName(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index].isSpace { index += 1 }
        guard index < bytes.count else { return index }
        switch bytes[index] {
        case UInt8(ascii: "="):
            state = .beforeValue
            return index + 1
        case UInt8(ascii: ">"):
            endTag()
            return index + 1
        default:
            state = .tag
            attribute = .normal
            return index
        }
    }

    private mutating func beforeValue(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index].isSpace { index += 1 }
        guard index < bytes.count else { return index }
        state = .attributeValue
        urlPart = .start
        switch bytes[index] {
        case UInt8(ascii: "\""):
            delimiter = .doubleQuote
            return index + 1
        case UInt8(ascii: "'"):
            delimiter = .singleQuote
            return index + 1
        case UInt8(ascii: ">"):
            endTag()
            return index + 1
        default:
            delimiter = .unquoted
            return index
        }
    }

    private mutating func inAttributeValue(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            let byte = bytes[index]
            let ends: Bool = switch delimiter {
            case .doubleQuote: byte == UInt8(ascii: "\"")
            case .singleQuote: byte == UInt8(ascii: "'")
            case .unquoted: byte.isSpace || byte == UInt8(ascii: ">")
            case .none: true
            }
            if ends {
                let closesTag = delimiter == .unquoted && byte == UInt8(ascii: ">")
                state = .tag
                delimiter = .none
                attribute = .normal
                urlPart = .start
                if closesTag { endTag() }
                return index + 1
            }
            // Browsers drop leading whitespace from URLs, so whitespace leaves a URL at its start
            // and an output after it still gets the scheme check.
            if attribute == .url, urlPart != .queryOrFragment, !(urlPart == .start && byte.isSpace) {
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                    urlPart = .queryOrFragment
                } else if urlPart != .unknown {
                    urlPart = .path
                }
            }
            index += 1
        }
        return index
    }

    /// Inside `<script>`, `<style>`, `<textarea>` or `<title>`: only its end tag ends it.
    private mutating func inElementContent(_ bytes: [UInt8], from index: Int) -> Int {
        let end = Array("</\(element.rawValue)".utf8)
        var index = index
        while index + end.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "<"), zip(bytes[index..<index + end.count], end).allSatisfy({ $0.lowercased == $1 }) {
                let after = index + end.count
                if after == bytes.count || bytes[after].isSpace || bytes[after] == UInt8(ascii: ">") || bytes[after] == UInt8(ascii: "/") {
                    state = .tag
                    element = .none
                    return after
                }
            }
            index += 1
        }
        return bytes.count
    }

    private mutating func inComment(_ bytes: [UInt8], from index: Int) -> Int {
        guard let end = TemplateLexer.find(Array("-->".utf8), in: bytes, from: index) else { return bytes.count }
        state = .text
        return end + 3
    }

    private mutating func endTag() {
        attribute = .normal
        attributeName = ""
        delimiter = .none
        urlPart = .start
        switch element {
        case .script, .style: state = .rawText
        case .textarea, .title: state = .rcdata
        case .none: state = .text
        }
    }

    /// What an attribute's value means, by its name (after Go's `attrType`).
    static func kind(ofAttribute name: String) -> AttributeKind {
        if name.hasPrefix("on") { return .script }
        switch name {
        case "style": return .style
        case "srcdoc": return .html
        case "srcset", "imagesrcset": return .urlList
        case "href", "src", "action", "formaction", "cite", "poster", "background", "longdesc", "usemap", "data",
             "codebase", "manifest", "icon", "profile", "lowsrc", "dynsrc", "ping", "xlink:href", "archive", "classid", "xmlns":
            return .url
        default:
            let local = name.split(separator: ":").last.map(String.init) ?? name
            return local.contains("url") || local.contains("uri") || local.contains("src") ? .url : .normal
        }
    }
}

extension UInt8 {
    var isLetter: Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20) }
    var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    var isSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
    var lowercased: UInt8 { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self }
}
