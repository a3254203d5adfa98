import Crypto

/// Random secrets (session ids, link tokens, codes) and the hashes stored in their place.
public enum Secret {
    /// 32 bytes (256 bits) from the system CSPRNG, base64url without padding.
    public static func token() -> String {
        // Eight bytes a draw: each draw is a system call (getrandom), and drawn a byte at a time
        // a token took 32 of them, 15 % of a fresh visitor's page.
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return base64URL(bytes)
    }

    /// Whether `text` has the shape of a ``token()``: 32 bytes in base64url, 43 characters.
    public static func isToken(_ text: String) -> Bool {
        text.utf8.count == 43 && fromBase64URL(text)?.count == 32
    }

    /// A 6-digit code, uniformly drawn, for a person to type.
    public static func code() -> String {
        var generator = SystemRandomNumberGenerator()
        let number = Int.random(in: 0..<1_000_000, using: &generator)
        let digits = String(number)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// The SHA-256 of a secret: what the database keeps, so a leaked file reveals no session.
    public static func hash(_ secret: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(secret.utf8)))
    }

    /// A value derived from a secret for one purpose (HMAC-SHA-256), such as a session's CSRF
    /// token: only whoever holds the secret can compute it.
    public static func derive(from secret: String, purpose: String) -> String {
        let key = SymmetricKey(data: Array(secret.utf8))
        return base64URL(Array(HMAC<SHA256>.authenticationCode(for: Array(purpose.utf8), using: key)))
    }

    /// Whether two strings are equal, taking the same time wherever they differ.
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        constantTimeEqual(Array(a.utf8), Array(b.utf8))
    }

    /// Whether two byte strings are equal, taking the same time wherever they differ.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Bytes as base64url without padding.
    public static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        // Every page's token goes through here: bytes straight from a table, not Characters.
        return alphabet.withUTF8Buffer { letter in
            String(unsafeUninitializedCapacity: (bytes.count * 4 + 2) / 3) { text in
                var written = 0
                var index = 0
                while index < bytes.count {
                    let count = min(3, bytes.count - index)
                    var value = Int(bytes[index]) << 16
                    if count > 1 { value |= Int(bytes[index + 1]) << 8 }
                    if count > 2 { value |= Int(bytes[index + 2]) }
                    for position in 0...count {
                        text[written] = letter[(value >> (18 - 6 * position)) & 63]
                        written += 1
                    }
                    index += 3
                }
                return written
            }
        }
    }

    public static func fromBase64URL(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var bits = 0
        var count = 0
        var bytes: [UInt8] = []
        for character in text.utf8 {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            bits = bits << 6 | value
            count += 6
            if count >= 8 {
                count -= 8
                bytes.append(UInt8((bits >> count) & 0xFF))
            }
        }
        return bytes
    }
}
