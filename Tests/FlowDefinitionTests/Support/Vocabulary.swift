import FlowDefinition

extension AppVocabulary {
    /// The effects and conventional alerts the test folders name, as a server would provide them.
    static let test = AppVocabulary(
        effects: ["sign-in": "", "first-sign-in": "", "sign-out": "", "register": "", "save-profile": "", "send-code": "",
                  "verify-code": "", "reset-password": ""],
        alerts: ["invalid-link": "", "session-expired": "", "network-error": "", "server-error": "", "server-error-persistent": ""]
    )
}
