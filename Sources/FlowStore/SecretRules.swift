/// The rules every backend keeps for issued secrets (link tokens and typed codes).
public enum SecretRules {
    /// How many wrong codes an account may type while a code is live; then the code is void.
    public static let maximumCodeAttempts = 5
    /// How many wrong codes an account may type for one purpose across codes that replace each
    /// other while live: asking for a new code again and again must not buy endless guesses.
    public static let maximumCodeAttemptsAcrossCodes = 20

    /// What is stored of a secret. Codes are only 6 digits, so they are hashed with their
    /// account: the same code issued to two people never collides.
    public static func storedHash(of secret: String, accountID: Int?) -> [UInt8] {
        Secret.hash(accountID.map { "\($0):\(secret)" } ?? secret)
    }
}
