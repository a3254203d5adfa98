import CLibPQ

/// One row of a result, read in text format; valid only inside the closure that receives it.
public struct PostgresRow {
    let result: OpaquePointer
    let index: Int32

    /// Whether column `column` is null.
    public func isNull(_ column: Int) -> Bool {
        PQgetisnull(result, index, Int32(column)) == 1
    }

    /// Column `column` as text; nil when null.
    public func string(_ column: Int) -> String? {
        guard !isNull(column), let value = PQgetvalue(result, index, Int32(column)) else { return nil }
        return String(cString: value)
    }

    /// Column `column` as an integer; 0 when null.
    public func int(_ column: Int) -> Int {
        string(column).flatMap { Int($0) } ?? 0
    }

    /// A `boolean` column (`t` or `f`); false when null.
    public func bool(_ column: Int) -> Bool {
        string(column) == "t"
    }

    /// A `bytea` column, which the text format writes as hex (`\x0a1b…`); empty when null.
    public func bytes(_ column: Int) -> [UInt8] {
        guard !isNull(column), let value = PQgetvalue(result, index, Int32(column)) else { return [] }
        let length = Int(PQgetlength(result, index, Int32(column)))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { text in
            guard length >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return [] }
            var bytes: [UInt8] = []
            bytes.reserveCapacity((length - 2) / 2)
            var position = 2
            while position + 1 < length {
                bytes.append(Self.nibble(text[position]) << 4 | Self.nibble(text[position + 1]))
                position += 2
            }
            return bytes
        }
    }

    private static func nibble(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: digit &- UInt8(ascii: "A") &+ 10
        }
    }
}
