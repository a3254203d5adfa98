/// Whether the prototype tools are served: the toolbar, dev mailbox, event log page and fixtures.
public enum PrototypeMode: String, CaseIterable, Sendable {
    /// The prototype tools are served, for trying flows out.
    case on
    /// None of the prototype tools, for apps serving real people.
    case off
}
