/// The prototype toolbar's posts, by the name their address ends in (`/_tools/fail-network`):
/// the toolbar every prototype page shows links them, and the workshop answers them.
package enum PrototypeTool: String, CaseIterable, Sendable {
    /// Ends the session: the app starts over.
    case reset
    /// Expires the sign-in: the next action shows it.
    case expire
    /// Makes the next submits fail as a lost connection would.
    case failNetwork = "fail-network"
    /// Makes the next submits fail as a server error would.
    case failServer = "fail-server"
}
