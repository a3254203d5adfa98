/// A parameter pattern of the plain kind nearly every app writes — characters from sets, each
/// repeated a bounded or unbounded number of times: `[A-Za-z0-9_-]{1,64}`, `[0-9]+`, `.{1,100}`,
/// `inv-\d{4}` — matched without a regular-expression engine.
///
/// It reads only printable ASCII values (`matches` is nil for any other, and the engine
/// decides), where each character is one byte and `.`, `\d` and `\w` mean what they say in
/// ASCII. Matching keeps no state between calls, so every thread checks values side by side, and
/// takes time linear in the value for each piece of the pattern: however the pieces overlap
/// (`.*.*x`), a long value cannot make it backtrack.
struct PlainPattern: Sendable {
    /// The bytes one piece may consume, and how many of them in a row.
    struct Piece: Sendable, Equatable {
        var set: ByteSet
        var minimum: Int
        var maximum: Int
    }

    /// A set of ASCII bytes.
    struct ByteSet: Sendable, Equatable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        static let printable = ByteSet(0x20...0x7E)
        static let digits = ByteSet(0x30...0x39)
        static let word = ByteSet(0x30...0x39).union(ByteSet(0x41...0x5A)).union(ByteSet(0x61...0x7A)).union(ByteSet(0x5F...0x5F))

        init() {}

        init(_ range: ClosedRange<UInt8>) {
            for byte in range { insert(byte) }
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }

        func union(_ other: ByteSet) -> ByteSet {
            var union = self
            union.low |= other.low
            union.high |= other.high
            return union
        }

        /// The printable bytes not in this set.
        var inverted: ByteSet {
            var inverted = ByteSet.printable
            inverted.low &= ~low
            inverted.high &= ~high
            return inverted
        }
    }

    let pieces: [Piece]

    /// The pattern's pieces, or nil when `source` uses anything beyond sets, escapes and
    /// quantifiers (alternation, groups, anchors, lazy quantifiers, classes within classes).
    init?(_ source: String) {
        var parser = Parser(bytes: Array(source.utf8))
        guard let pieces = parser.pieces() else { return nil }
        self.pieces = pieces
    }

    /// Whether the whole of `value` matches; nil when `value` is not all printable ASCII.
    func matches(_ value: String) -> Bool? {
        var value = value
        return value.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else { return nil }
            return matches(bytes)
        }
    }

    /// Which end positions each piece can reach, from the positions the pieces before it can:
    /// position `q` is reached when some reached `p` lies within the piece's counts before it
    /// and every byte from `p` to `q` is in the piece's set. Counting reached positions in
    /// running totals answers that for each `q` at once.
    private func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var reached = [Bool](repeating: false, count: count + 1)
        reached[0] = true
        var totals = [Int](repeating: 0, count: count + 2)
        for piece in pieces {
            // totals[i] is how many of positions 0..<i are reached.
            for position in 0...count { totals[position + 1] = totals[position] + (reached[position] ? 1 : 0) }
            guard totals[count + 1] > 0 else { return false }
            var runStart = 0
            for end in 0...count {
                // The bytes runStart..<end are all in the set.
                if end > 0 && !piece.set.contains(bytes[end - 1]) { runStart = end }
                let latest = end - piece.minimum
                let earliest = max(runStart, piece.maximum == .max ? 0 : end - piece.maximum)
                reached[end] = latest >= earliest && latest >= 0 && totals[latest + 1] - totals[earliest] > 0
            }
        }
        return reached[count]
    }

    /// Reads a pattern's bytes into pieces; nil at the first thing it does not take.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func pieces() -> [Piece]? {
            var pieces: [Piece] = []
            while position < bytes.count {
                guard let set = atom() else { return nil }
                guard let (minimum, maximum) = quantifier() else { return nil }
                pieces.append(Piece(set: set, minimum: minimum, maximum: maximum))
            }
            return pieces
        }

        private mutating func atom() -> ByteSet? {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "."): return .printable
            case UInt8(ascii: "["): return bracket()
            case UInt8(ascii: "\\"): return escape()
            default:
                guard byte >= 0x20, byte <= 0x7E, !Self.special.contains(byte) else { return nil }
                return ByteSet(byte...byte)
            }
        }

        /// `\d`, `\w`, or an escaped punctuation character standing for itself.
        private mutating func escape() -> ByteSet? {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "d"): return .digits
            case UInt8(ascii: "w"): return .word
            default:
                // Letters and digits after a backslash are classes, anchors or references.
                guard byte >= 0x21, byte <= 0x7E, !ByteSet.word.contains(byte) else { return nil }
                return ByteSet(byte...byte)
            }
        }

        /// A class: `[A-Za-z0-9_-]`, `[^/]`; ranges, escapes, `\d` and `\w` inside.
        private mutating func bracket() -> ByteSet? {
            var set = ByteSet()
            var negated = false
            // `[:digit:]` is a POSIX property, not a class of its letters.
            if position < bytes.count && bytes[position] == UInt8(ascii: ":") { return nil }
            if position < bytes.count && bytes[position] == UInt8(ascii: "^") {
                negated = true
                position += 1
            }
            var first = true
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "]") && !first {
                    position += 1
                    return negated ? set.inverted : set
                }
                first = false
                // Nested classes and the set operators (&&, --, ~~) are the engine's to read.
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || setOperator(at: position) { return nil }
                guard let low = member() else { return nil }
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "-"), bytes[position + 1] != UInt8(ascii: "]") {
                    // `[!--x]` subtracts and `[!-&&b]` intersects: no range.
                    if setOperator(at: position) || setOperator(at: position + 1) { return nil }
                    position += 1
                    guard let high = member(), let lowByte = low.single, let highByte = high.single, lowByte <= highByte else { return nil }
                    set = set.union(ByteSet(lowByte...highByte))
                } else {
                    set = set.union(low.set)
                }
            }
            return nil
        }

        /// Whether a class's set operator (`&&`, `--`, `~~`) starts at `index`.
        private func setOperator(at index: Int) -> Bool {
            guard index + 1 < bytes.count, bytes[index] == bytes[index + 1] else { return false }
            return bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "~")
        }

        /// One member of a class: a character, or an escape (a set for `\d`, `\w`).
        private mutating func member() -> (set: ByteSet, single: UInt8?)? {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\\") {
                guard position < bytes.count else { return nil }
                let escaped = bytes[position]
                if escaped == UInt8(ascii: "d") || escaped == UInt8(ascii: "w") {
                    position += 1
                    return (escaped == UInt8(ascii: "d") ? .digits : .word, nil)
                }
                guard let set = escape() else { return nil }
                return (set, escaped)
            }
            guard byte >= 0x20, byte <= 0x7E else { return nil }
            return (ByteSet(byte...byte), byte)
        }

        /// `?`, `*`, `+`, `{n}`, `{n,}` or `{n,m}`, or once; nil for a lazy or possessive one.
        private mutating func quantifier() -> (Int, Int)? {
            guard position < bytes.count else { return (1, 1) }
            let counts: (Int, Int)
            switch bytes[position] {
            case UInt8(ascii: "?"): counts = (0, 1)
            case UInt8(ascii: "*"): counts = (0, .max)
            case UInt8(ascii: "+"): counts = (1, .max)
            case UInt8(ascii: "{"):
                position += 1
                guard let minimum = number() else { return nil }
                var maximum = minimum
                if position < bytes.count && bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    maximum = number() ?? .max
                }
                guard position < bytes.count, bytes[position] == UInt8(ascii: "}"), minimum <= maximum else { return nil }
                counts = (minimum, maximum)
            default:
                return (1, 1)
            }
            position += 1
            if position < bytes.count, Self.special.contains(bytes[position]) && bytes[position] != UInt8(ascii: "[")
                && bytes[position] != UInt8(ascii: "\\") && bytes[position] != UInt8(ascii: ".") { return nil }
            return counts
        }

        private mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, digits < 6 {
                value = value * 10 + Int(bytes[position] - 0x30)
                digits += 1
                position += 1
            }
            return digits == 0 ? nil : value
        }

        /// What a regular expression reads as more than itself.
        static let special = Set("\\^$.|?*+()[]{}".utf8)
    }
}
