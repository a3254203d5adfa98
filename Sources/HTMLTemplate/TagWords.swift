/// Reads the words of a tag: bare words, "quoted strings" with \" and \\ escapes, name=value.
struct TagWords {
    indirect enum Word: Equatable {
        case bare(String)
        case quoted(String)
        case named(String, Word)
    }

    static func split(_ text: String) throws(TagSyntaxError) -> [Word] {
        var words: [Word] = []
        var chars = Array(text)[...]
        while let first = chars.first {
            if first == " " || first == "\t" || first == "\n" {
                chars = chars.dropFirst()
                continue
            }
            words.append(try word(&chars))
        }
        return words
    }

    private static func word(_ chars: inout ArraySlice<Character>) throws(TagSyntaxError) -> Word {
        if chars.first == "\"" {
            chars = chars.dropFirst()
            var text = ""
            while let char = chars.popFirst() {
                switch char {
                case "\"": return .quoted(text)
                case "\\":
                    guard let escaped = chars.popFirst() else { throw TagSyntaxError("a string ends in a backslash") }
                    text.append(escaped == "n" ? "\n" : escaped)
                default: text.append(char)
                }
            }
            throw TagSyntaxError("a string is not closed; add '\"'")
        }
        var text = ""
        while let char = chars.first, char != " ", char != "\t", char != "\n" {
            if char == "=", !text.isEmpty {
                chars = chars.dropFirst()
                guard let next = chars.first, next != " " else { throw TagSyntaxError("'\(text)=' needs a value") }
                return .named(text, try word(&chars))
            }
            text.append(char)
            chars = chars.dropFirst()
        }
        return .bare(text)
    }
}

/// A tag whose words do not make sense.
struct TagSyntaxError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
