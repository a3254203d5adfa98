/// Percent-decoding of request targets and `application/x-www-form-urlencoded` text
/// (RFC 3986 §2.1, WHATWG URL "application/x-www-form-urlencoded parsing").
public enum URLEncoding {
    /// Decodes `%XX` escapes; nil when an escape is malformed or the bytes are not UTF-8.
    /// With `plusAsSpace`, `+` means a space, as in form bodies and query strings.
    public static func decode(_ text: some Collection<UInt8>, plusAsSpace: Bool = false) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusAsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Why a form could not be decoded.
    enum FormError: Error, Equatable {
        /// A field has a malformed escape or is not UTF-8.
        case malformed
        /// There are more fields than allowed.
        case tooManyFields
    }

    /// Decodes `name=value&…` pairs in order; nil when any part is malformed.
    public static func decodeForm(_ text: some Collection<UInt8>) -> [(name: String, value: String)]? {
        var examined = 0
        return try? decodeForm(text, maximumFields: .max, examined: &examined)
    }

    /// Decodes `name=value&…` pairs in order, stopping at the first malformed field or at the
    /// first past `maximumFields`: the text after either is not read. `examined` counts the bytes
    /// read, so tests can show a hostile form costs no more than its allowed fields.
    static func decodeForm(
        _ text: some Collection<UInt8>, maximumFields: Int, examined: inout Int
    ) throws(FormError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var start = text.startIndex
        while true {
            // `&&` and a leading or trailing `&` separate no field.
            while start != text.endIndex, text[start] == UInt8(ascii: "&") {
                examined += 1
                start = text.index(after: start)
            }
            guard start != text.endIndex else { return pairs }
            guard pairs.count < maximumFields else { throw .tooManyFields }
            let end = text[start...].firstIndex(of: UInt8(ascii: "&")) ?? text.endIndex
            let part = text[start..<end]
            examined += part.count
            let equals = part.firstIndex(of: UInt8(ascii: "=")) ?? part.endIndex
            guard let name = decode(part[..<equals], plusAsSpace: true),
                  let value = decode(part[(equals == part.endIndex ? equals : part.index(after: equals))...], plusAsSpace: true)
            else { throw .malformed }
            pairs.append((name, value))
            start = end
        }
    }

    /// Encodes text for a query or form value: everything but unreserved characters escaped.
    public static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(digits[Int(byte >> 4)])
                result.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return result
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
        default: nil
        }
    }
}
