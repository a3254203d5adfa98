import FlowDefinition
import Foundation

extension AppVocabulary {
    /// The effects and conventional alerts the test folders name, as a server would provide them.
    static let test = AppVocabulary(
        effects: ["sign-in": "", "first-sign-in": "", "sign-out": "", "register": "", "save-profile": "", "send-code": "",
                  "verify-code": "", "reset-password": ""],
        alerts: ["invalid-link": "", "session-expired": "", "network-error": "", "server-error": "", "server-error-persistent": ""],
        icons: drawnIcons
    )

    /// The symbols of `Public/icons.svg`, with their filled or outlined twins, as the server reads them.
    private static let drawnIcons: Set<String> = {
        let sprite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Public/icons.svg")
        let text = (try? String(contentsOf: sprite, encoding: .utf8)) ?? ""
        let ids = text.matches(of: /<symbol id="([^"]+)"/).map { String($0.output.1) }
        return Set(ids + ids.map { $0.hasSuffix(".fill") ? String($0.dropLast(5)) : $0 + ".fill" })
    }()
}
