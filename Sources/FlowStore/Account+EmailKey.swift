import Foundation

extension Account {
    /// What emails are compared by: NFKC, so composed and decomposed accents and fullwidth or
    /// other compatibility look-alikes are one form, then Unicode case folding, then NFKC again
    /// (folding can leave a string unnormalised). `josé@example.com` in NFC or NFD,
    /// `ＴＥＳＴ@example.com` and `Test@Example.com` all have the key of `test@…`/`josé@…`.
    public static func emailKey(_ email: String) -> String {
        email.precomposedStringWithCompatibilityMapping
            .folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCompatibilityMapping
    }
}
