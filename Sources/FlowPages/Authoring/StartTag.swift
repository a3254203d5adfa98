/// An HTML start tag as a template's source writes it, with the names of its attributes and
/// where it starts: what `flowpages check` reads for advice on markup (an `<img>` without `alt`)
/// that the escaping compiler has no reason to look at.
///
/// Template tags are stepped over wherever they stand, so an attribute written inside
/// `{{#if}}…{{/if}}` counts as written and `src="{{ image "a.png" }}"` is one value; HTML and
/// template comments, and the text of `<script>`, `<style>`, `<textarea>` and `<title>`, hold no tags.
struct StartTag: Equatable {
    /// The element's name, lower-cased.
    let name: String
    /// Its attributes' names, lower-cased, in the order written.
    let attributes: [String]
    /// Where its `<` is: line and column from 1.
    let line: Int
    let column: Int

    /// Every start tag of `source`, in order.
    static func all(in source: String) -> [StartTag] {
        var scanner = Scanner(Array(source.utf8))
        return scanner.tags()
    }

    /// Walks a template's bytes once.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// The offset each line starts at.
        let lineStarts: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        }

        mutating func tags() -> [StartTag] {
            var found: [StartTag] = []
            while index < bytes.count {
                if skipTemplateTag() || skip(from: "<!--", to: "-->") { continue }
                guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, Self.isLetter(bytes[index + 1]) else {
                    index += 1
                    continue
                }
                let tag = startTag()
                found.append(tag)
                // Raw and escapable raw text end only at their own end tag.
                if ["script", "style", "textarea", "title"].contains(tag.name) { skipText(until: "</" + tag.name) }
            }
            return found
        }

        /// The tag whose `<` is at `index`, read up to and past its `>`.
        private mutating func startTag() -> StartTag {
            let start = index
            index += 1
            let name = word { !Self.isSpace($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }
            var attributes: [String] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if skipTemplateTag() { continue }
                let byte = bytes[index]
                if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                    index += 1
                } else if byte == UInt8(ascii: "=") {
                    index += 1
                    skipValue()
                } else {
                    let attribute = word { !Self.isSpace($0) && !"=>/{".utf8.contains($0) }
                    if attribute.isEmpty { index += 1 } else { attributes.append(attribute) }
                }
            }
            index += 1
            let line = lineStarts.lastIndex { $0 <= start } ?? 0
            let column = String(decoding: bytes[lineStarts[line]..<start], as: UTF8.self).count + 1
            return StartTag(name: name, attributes: attributes, line: line + 1, column: column)
        }

        /// An attribute's value after its `=`: quoted (template tags inside it stepped over), or
        /// up to the next space or `>`.
        private mutating func skipValue() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
                    if !skipTemplateTag() { index += 1 }
                }
                return
            }
            index += 1
            while index < bytes.count, bytes[index] != quote {
                if !skipTemplateTag() { index += 1 }
            }
            index += 1
        }

        /// Steps over a template tag or comment at `index`, if one starts there.
        private mutating func skipTemplateTag() -> Bool {
            skip(from: "{{!--", to: "--}}") || skip(from: "{{", to: "}}")
        }

        /// Steps over what runs from `open` at `index` to the end of `close`, if `open` starts there.
        private mutating func skip(from open: String, to close: String) -> Bool {
            guard starts(with: open) else { return false }
            index += open.utf8.count
            while index < bytes.count, !starts(with: close) { index += 1 }
            index = min(bytes.count, index + close.utf8.count)
            return true
        }

        /// Steps to where `end` starts, in any letter case, or to the end.
        private mutating func skipText(until end: String) {
            let end = Array(end.utf8)
            while index < bytes.count, !bytes[index...].prefix(end.count).map(Self.lowercased).elementsEqual(end) { index += 1 }
        }

        private func starts(with text: String) -> Bool {
            bytes[index...].starts(with: text.utf8)
        }

        /// The bytes from `index` while `accepts` says so, lower-cased, as text.
        private mutating func word(_ accepts: (UInt8) -> Bool) -> String {
            let start = index
            while index < bytes.count, accepts(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index].map(Self.lowercased), as: UTF8.self)
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowercased(byte))
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
    }
}
