/// One line of the access log.
public struct AccessLogEntry: Sendable, CustomStringConvertible {
    public let requestID: String
    public let method: HTTPMethod
    public let path: String
    public let status: Int
    /// Bytes sent, head and body.
    public let bytes: Int
    /// From the request's first byte to its response being handed to the socket.
    public let duration: Duration

    /// `a3f1-7-2 GET /listing/123 200 1843B 0.41ms`, the method and path escaped (see
    /// ``escaped(_:)``).
    public var description: String {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let millis = "\(micros / 1000).\(String(micros % 1000 / 10 + 100).dropFirst())"
        return "\(requestID) \(Self.escaped(method.rawValue)) \(Self.escaped(path)) \(status) \(bytes)B \(millis)ms"
    }

    /// `text` with its UTF-8 bytes percent-escaped (`%0A`) where a character could forge a line
    /// or drive a terminal: C0 and C1 controls, DEL, U+2028 and U+2029; also the space, which
    /// separates the fields, and `%`, so an escape read back is never ambiguous. The path is
    /// logged decoded, so `/x%0Afake` is a line break until it is escaped again.
    static func escaped(_ text: String) -> String {
        // Every request's line: visible ASCII but `%`, by far the most, is checked byte by byte.
        let isPlain = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x25 }
        }
        if isPlain == true { return text }
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscaping(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            for byte in UTF8.encode(scalar)! {
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(digits[Int(byte >> 4)])
                result.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return result
    }

    private static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x20, 0x25, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
