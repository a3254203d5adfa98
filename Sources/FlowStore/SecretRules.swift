/// The rules every backend keeps for issued secrets (link tokens and typed codes).
public enum SecretRules {
    /// How many wrong codes an account may type while a code is live; then the code is void.
    public static let maximumCodeAttempts = 5
    /// How many wrong codes an account may type for one purpose across codes that replace each
    /// other while live: asking for a new code again and again must not buy endless guesses.
    public static let maximumCodeAttemptsAcrossCodes = 20

    /// What is stored of a secret: its HMAC under the server's key (``StoreKey``), so a copy of
    /// the database alone reverses no 6-digit code. Codes are hashed with their account: the same
    /// code issued to two people never collides.
    public static func storedHash(of secret: String, accountID: Int?, key: StoreKey) -> [UInt8] {
        key.mac("secret\u{0}" + (accountID.map { "\($0):\(secret)" } ?? secret))
    }
}
