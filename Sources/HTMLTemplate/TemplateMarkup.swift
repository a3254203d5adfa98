/// The start tags a template's static text writes, each with its attributes and where they
/// stand in the source, for checks of what the markup asks of a browser (an inline `style`, an
/// `onclick`) without rendering it. A `{{ … }}` tag is opaque: in an attribute's value it marks
/// the value as partly dynamic; anywhere else it is skipped. Tags written in either branch of an
/// `{{#if}}` are all listed.
public enum TemplateMarkup {
    /// A start tag as written: `<script src="/x.js">`.
    public struct Tag: Hashable, Sendable {
        /// The element's name, lowercased.
        public let name: String
        /// 1-based line and column of its `<`.
        public let line: Int
        public let column: Int
        public let attributes: [Attribute]

        /// The attribute named `name` (lowercased), if the tag has it.
        public func attribute(_ name: String) -> Attribute? {
            attributes.first { $0.name == name }
        }
    }

    /// An attribute as written: its name, its value's static text and whether a `{{ … }}` fills
    /// part of it.
    public struct Attribute: Hashable, Sendable {
        /// The name, lowercased.
        public let name: String
        /// The value's static text (empty for an attribute without one), entities left as written.
        public let value: String
        /// Whether an output or a condition stands inside the value.
        public let isDynamic: Bool
        /// 1-based line and column of its name.
        public let line: Int
        public let column: Int
    }

    /// The start tags of template `source`, in order.
    /// - Throws: ``TemplateError`` when a `{{` is never closed, as compiling would.
    public static func tags(in source: String, template: String) throws(TemplateError) -> [Tag] {
        var scanner = Scanner()
        for token in try TemplateLexer(name: template, source: Array(source.utf8)).tokens() {
            switch token {
            case .text(let bytes, let position): scanner.read(bytes, from: position)
            case .tag: scanner.markDynamic()
            }
        }
        return scanner.tags
    }

    /// A small HTML tokenizer (WHATWG HTML §13.2.5, the states a start tag passes through),
    /// reading static text piece by piece.
    private struct Scanner {
        enum State {
            case text, tagOpen, tagName, beforeAttribute, attributeName, afterAttributeName, beforeValue, value, comment, rawText
        }

        var tags: [Tag] = []
        var state = State.text
        var line = 1
        var column = 1
        var tagName = ""
        var tagStart = (line: 1, column: 1)
        var attributes: [Attribute] = []
        var attributeName = ""
        var attributeStart = (line: 1, column: 1)
        var value: [UInt8] = []
        var dynamic = false
        var quote: UInt8 = 0
        /// The end tag `<script>`, `<style>`, `<textarea>` or `<title>` wait for.
        var rawEnd: [UInt8] = []
        var pending: [UInt8] = []

        mutating func markDynamic() {
            switch state {
            case .value, .beforeValue:
                dynamic = true
                if state == .beforeValue {
                    state = .value
                    quote = 0
                }
            case .attributeName:
                dynamic = true
            case .text, .tagOpen, .tagName, .beforeAttribute, .afterAttributeName, .comment, .rawText:
                break
            }
        }

        mutating func read(_ bytes: [UInt8], from position: SourcePosition) {
            line = position.line
            column = position.column
            for byte in bytes {
                step(byte)
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    // A column a character, as an editor counts: UTF-8's continuation bytes add none.
                    column += 1
                }
            }
        }

        private mutating func step(_ byte: UInt8) {
            switch state {
            case .text:
                if byte == UInt8(ascii: "<") {
                    state = .tagOpen
                    tagStart = (line, column)
                }
            case .tagOpen:
                if byte.isLetter {
                    state = .tagName
                    tagName = String(UnicodeScalar(byte.lowercased))
                    attributes = []
                } else if byte == UInt8(ascii: "!") {
                    state = .comment
                    pending = []
                } else {
                    state = byte == UInt8(ascii: "<") ? .tagOpen : .text
                }
            case .tagName:
                if byte.isSpace || byte == UInt8(ascii: "/") {
                    state = .beforeAttribute
                } else if byte == UInt8(ascii: ">") {
                    endTag()
                } else {
                    tagName.unicodeScalars.append(UnicodeScalar(byte.lowercased))
                }
            case .beforeAttribute:
                if byte == UInt8(ascii: ">") {
                    endTag()
                } else if !byte.isSpace, byte != UInt8(ascii: "/") {
                    startAttribute(byte)
                }
            case .attributeName:
                if byte.isSpace || byte == UInt8(ascii: "/") {
                    state = .afterAttributeName
                } else if byte == UInt8(ascii: "=") {
                    state = .beforeValue
                } else if byte == UInt8(ascii: ">") {
                    endAttribute()
                    endTag()
                } else {
                    attributeName.unicodeScalars.append(UnicodeScalar(byte.lowercased))
                }
            case .afterAttributeName:
                if byte == UInt8(ascii: "=") {
                    state = .beforeValue
                } else if byte == UInt8(ascii: ">") {
                    endAttribute()
                    endTag()
                } else if !byte.isSpace, byte != UInt8(ascii: "/") {
                    endAttribute()
                    startAttribute(byte)
                }
            case .beforeValue:
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .value
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    endAttribute()
                    endTag()
                } else if !byte.isSpace {
                    state = .value
                    quote = 0
                    value.append(byte)
                }
            case .value:
                if quote == 0 ? byte.isSpace || byte == UInt8(ascii: ">") : byte == quote {
                    endAttribute()
                    state = .beforeAttribute
                    if byte == UInt8(ascii: ">") { endTag() }
                } else {
                    value.append(byte)
                }
            case .comment:
                // `<!-- … -->` and declarations such as `<!doctype html>` both end at a `>`;
                // a comment only at the `>` of `-->`.
                pending.append(byte)
                let isComment = pending.starts(with: Array("--".utf8))
                if byte == UInt8(ascii: ">"), !isComment || (pending.count >= 5 && pending.suffix(3).elementsEqual(Array("-->".utf8))) {
                    state = .text
                }
            case .rawText:
                pending.append(byte)
                if pending.count > rawEnd.count { pending.removeFirst(pending.count - rawEnd.count) }
                if pending.map(\.lowercased) == rawEnd { state = .text }
            }
        }

        private mutating func startAttribute(_ byte: UInt8) {
            state = .attributeName
            attributeName = String(UnicodeScalar(byte.lowercased))
            attributeStart = (line, column)
            value = []
            dynamic = false
        }

        private mutating func endAttribute() {
            attributes.append(Attribute(name: attributeName, value: String(decoding: value, as: UTF8.self), isDynamic: dynamic,
                                        line: attributeStart.line, column: attributeStart.column))
            value = []
            dynamic = false
        }

        private mutating func endTag() {
            tags.append(Tag(name: tagName, line: tagStart.line, column: tagStart.column, attributes: attributes))
            state = .text
            if ["script", "style", "textarea", "title"].contains(tagName) {
                state = .rawText
                rawEnd = Array("</\(tagName)".utf8)
                pending = []
            }
        }
    }
}
