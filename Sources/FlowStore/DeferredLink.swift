/// A deep link kept for an app to claim on its first launch after being installed (deferred deep
/// linking): the person who arrived by the link reads the claim code off the fallback page, and
/// the app asks for the link with it, once. Nothing about the device is kept.
public struct DeferredLink: Hashable, Sendable {
    /// The link as the app opens it, such as `sumafinance://auth/reset-password?token=…`.
    public let link: String
    /// When it was kept, in milliseconds since 1970.
    public let created: Int64

    public init(link: String, created: Int64) {
        self.link = link
        self.created = created
    }

    /// Crockford's base-32 digits: no I, L, O or U, so a code read aloud or typed is not misread.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// A new claim code of 8 digits (40 bits), drawn from the system CSPRNG, shown as `K7Q4-2MFX`.
    public static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return String(digits[0..<4]) + "-" + String(digits[4...])
    }

    /// A code as typed, in its one spelling: upper case, without separators, with the letters a
    /// person confuses with digits read as those digits; nil when it cannot be a code.
    public static func normalized(_ code: String) -> String? {
        var digits = ""
        for character in code.uppercased() where character != "-" && character != " " {
            let read: Character = switch character {
            case "O": "0"
            case "I", "L": "1"
            default: character
            }
            guard alphabet.contains(read) else { return nil }
            digits.append(read)
        }
        return digits.count == 8 ? digits : nil
    }

    /// What the store keeps in a code's place: the HMAC of the app and the normalized code under
    /// the server's key, so the table alone names no code (40 bits fall to a plain hash).
    public static func key(app: String, code: String, under key: StoreKey) -> [UInt8] {
        key.mac("claim\u{0}" + app + "\u{0}" + code)
    }
}
