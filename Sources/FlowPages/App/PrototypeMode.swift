/// Whether the prototype tools are served: the toolbar, dev mailbox, event log page and fixtures.
public enum PrototypeMode: String, CaseIterable, Sendable {
    /// The prototype tools are served, for trying flows out.
    case on
    /// None of the prototype tools, for apps serving real people.
    case off
    /// The pages as `off` serves them, over the app's fixtures, for the automated audit pass
    /// (`flowpages audit` starts it): loopback only, with the pass's key in `FLOWPAGES_AUDIT_KEY`,
    /// which its one-time addresses of each state need (``AuditPassAccess``).
    case audit
}
