/// A JSON document (RFC 8259) read with the line of every value, so that a problem in an app
/// folder's data file is reported at its line, as problems in `app.xml` are.
indirect enum LocatedJSON {
    case null(line: Int)
    case bool(Bool, line: Int)
    case integer(Int, line: Int)
    /// A number with a fraction or an exponent, kept as written.
    case number(String, line: Int)
    case string(String, line: Int)
    case array([LocatedJSON], line: Int)
    /// Members in the order written; a repeated key is kept twice, for the caller to report.
    case object([(key: String, value: LocatedJSON)], line: Int)

    /// The line the value starts on.
    var line: Int {
        switch self {
        case .null(let line), .bool(_, let line), .integer(_, let line), .number(_, let line), .string(_, let line),
             .array(_, let line), .object(_, let line): line
        }
    }

    /// What kind of value it is, for messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// Why a file is not JSON: where and what.
    struct Failure: Error {
        let line: Int
        let message: String
    }

    /// Reads one whole document.
    static func parse(_ text: String) throws(Failure) -> LocatedJSON {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.failure("unexpected text after the document") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        static let maximumDepth = 64

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func failure(_ message: String) -> Failure {
            Failure(line: line, message: message)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A: line += 1; index += 1
                case 0x20, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(Failure) -> LocatedJSON {
            skipWhitespace()
            guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
            guard index < bytes.count else { throw failure("the document ends where a value was expected") }
            let start = line
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: LocatedJSON)] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([], line: start) }
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name in double quotes") }
                    let key = try string()
                    skipWhitespace()
                    try expect(":")
                    members.append((key, try value(depth: depth + 1)))
                    skipWhitespace()
                    if try separator(closing: "}") { return .object(members, line: start) }
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [LocatedJSON] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([], line: start) }
                while true {
                    elements.append(try value(depth: depth + 1))
                    skipWhitespace()
                    if try separator(closing: "]") { return .array(elements, line: start) }
                }
            case UInt8(ascii: "\""): return .string(try string(), line: start)
            case UInt8(ascii: "t"): try word("true"); return .bool(true, line: start)
            case UInt8(ascii: "f"): try word("false"); return .bool(false, line: start)
            case UInt8(ascii: "n"): try word("null"); return .null(line: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(line: start)
            // Whole, not its first byte: a pasted curly quote reads as “ in the message.
            default: throw failure("unexpected character '\(String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).prefix(1))'")
            }
        }

        /// After a member or element: true at the closing bracket, false after a comma.
        private mutating func separator(closing: Unicode.Scalar) throws(Failure) -> Bool {
            guard index < bytes.count else { throw failure("the document ends before '\(closing)'") }
            if bytes[index] == UInt8(ascii: closing) { index += 1; return true }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or '\(closing)'") }
            index += 1
            return false
        }

        private mutating func expect(_ character: Unicode.Scalar) throws(Failure) {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { throw failure("expected '\(character)'") }
            index += 1
        }

        private mutating func word(_ text: String) throws(Failure) {
            let expected = Array(text.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw failure("expected \(text)")
            }
            index += expected.count
        }

        private mutating func number(line start: Int) throws(Failure) -> LocatedJSON {
            let begin = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            let isWhole = !bytes[begin..<index].contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            let text = String(decoding: bytes[begin..<index], as: UTF8.self)
            if isWhole, let number = Int(text) { return .integer(number, line: start) }
            guard Double(text) != nil else { throw failure("'\(text)' is not a number") }
            return .number(text, line: start)
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte)
        }

        private mutating func string() throws(Failure) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return String(scalars)
                }
                if byte == UInt8(ascii: "\n") { throw failure("a string is not closed on its line; end it with \"") }
                if byte < 0x20 { throw failure("a string holds a control character; write it escaped, such as \\n") }
                guard byte == UInt8(ascii: "\\") else { index += 1; continue }
                flush(index)
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw failure("a lone surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw failure("a lone surrogate in \\u escape") }
                    scalars.append(scalar)
                default: throw failure("unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
                }
                run = index
            }
            throw failure("a string is not closed")
        }

        private mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                throw failure("\\u needs 4 hex digits")
            }
            index += 4
            return code
        }
    }
}
