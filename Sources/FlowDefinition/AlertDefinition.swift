/// An alert: a short message and its buttons.
public struct AlertDefinition: Hashable, Sendable {
    public let id: String
    public let title: String
    public let message: String
    /// Whether it may be closed without pressing a button.
    public let isDismissible: Bool
    public let buttons: [AlertButton]
}

/// A button of an alert.
public struct AlertButton: Hashable, Sendable {
    public let label: String
    /// The action it runs; none just closes the alert.
    public let action: String?
    /// Whether it throws unsaved changes away and carries out the navigation that asked
    /// (`discards="true"`, the "Discard" of a ``LeaveGuard``'s alert).
    public let discardsChanges: Bool

    public init(label: String, action: String?, discardsChanges: Bool = false) {
        self.label = label
        self.action = action
        self.discardsChanges = discardsChanges
    }
}
