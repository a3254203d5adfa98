/// Splits template source into text and `{{ … }}` tags, with positions, `~` whitespace
/// trimming and comments (`{{! … }}`, `{{!-- … --}}`) removed.
struct TemplateLexer {
    enum Token {
        /// Static text, and where its first byte is.
        case text([UInt8], SourcePosition)
        /// A tag's inner text, trimmed, and where its `{{` is.
        case tag(String, SourcePosition)
    }

    let name: String
    let source: [UInt8]

    func tokens() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var line = 1
        var lineStart = 0
        var trimNext = false
        func position(_ offset: Int) -> SourcePosition {
            SourcePosition(line: line, column: offset - lineStart + 1)
        }
        func advanceLines(through end: Int, from start: Int) {
            for offset in start..<end where source[offset] == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            }
        }
        while index < source.count {
            let open = Self.find([UInt8(ascii: "{"), UInt8(ascii: "{")], in: source, from: index) ?? source.count
            var text = Array(source[index..<open])
            if trimNext { text = Array(text.drop(while: Self.isSpace)) }
            trimNext = false
            let start = open - text.count
            advanceLines(through: start, from: index)
            let textPosition = position(start)
            advanceLines(through: open, from: start)
            guard open < source.count else {
                if !text.isEmpty { tokens.append(.text(text, textPosition)) }
                break
            }
            let at = position(open)
            var contentStart = open + 2
            let isLongComment = source[contentStart...].starts(with: Array("!--".utf8))
            let closer = isLongComment ? Array("--}}".utf8) : [UInt8(ascii: "}"), UInt8(ascii: "}")]
            guard let close = Self.find(closer, in: source, from: contentStart) else {
                throw TemplateError(name, at, "this '{{' is never closed; add '}}'")
            }
            var contentEnd = close
            if source[contentStart] == UInt8(ascii: "~") {
                while let last = text.last, Self.isSpace(last) { text.removeLast() }
                contentStart += 1
            }
            if !isLongComment, contentEnd > contentStart, source[contentEnd - 1] == UInt8(ascii: "~") {
                contentEnd -= 1
                trimNext = true
            }
            if !text.isEmpty { tokens.append(.text(text, textPosition)) }
            let content = String(decoding: source[contentStart..<max(contentStart, contentEnd)], as: UTF8.self)
            if !content.hasPrefix("!") {
                tokens.append(.tag(content.trimmingWhitespace, at))
            }
            advanceLines(through: close + closer.count, from: open)
            index = close + closer.count
        }
        return tokens
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

extension String {
    var trimmingWhitespace: String {
        let bytes = Array(utf8)
        let start = bytes.firstIndex { !TemplateLexer.isSpace($0) } ?? bytes.count
        let end = bytes.lastIndex { !TemplateLexer.isSpace($0) }.map { $0 + 1 } ?? start
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}
