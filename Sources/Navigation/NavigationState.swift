/// Everything one session's navigation is: a value mirroring the coordinator tree, plus who is
/// signed in, where a guard wanted to go, flags, form drafts and one-shot messages.
///
/// The navigation fields change only through ``Navigator``, which keeps them consistent with the
/// definition. The state is kept canonical — a stack at its root and a tab coordinator on its
/// initial tab are not stored — so equal navigation gives equal values and equal encodings.
public struct NavigationState: Hashable, Sendable {
    /// The version of the stored form written by this code; see ``checkVersion(_:)``.
    public static let currentVersion = 1

    /// The active flow of the root flow orchestrator; nil when the root is not one.
    public internal(set) var flow: CoordinatorID?
    /// The screens of each stack that has left its root, root first.
    public internal(set) var stacks: [CoordinatorID: [RouteInstance]] = [:]
    /// The selected tab of each tab coordinator not on its initial tab.
    public internal(set) var selectedTabs: [CoordinatorID: CoordinatorID] = [:]
    /// The presented modal, if any; its stack starts at the modal's root.
    public internal(set) var modal: PresentedStack?
    /// The presented detours, bottom first: screens shown over the current context, which each
    /// keeps. A detour presented from a detour stacks on it (DECISIONS: detours nest).
    public internal(set) var detours: [PresentedStack] = []
    /// The signed-in user's identifier.
    public internal(set) var userID: String?
    /// Where a guard wanted to go before it sent the person to sign in; resumed once on sign-in.
    public internal(set) var pendingDestination: RouteInstance?
    /// Named facts about the session, such as `onboarding-seen`.
    public var flags: Set<String> = []
    /// Values kept by name for the whole session rather than for a screen, such as what the
    /// prototype's effects remember; see ``saveDraft(_:form:outlivesModal:)``.
    public internal(set) var drafts: [String: [String: String]] = [:]
    /// What was typed into forms and kept, by the screen it was typed on, then by form; see
    /// ``saveDraft(_:form:on:)``.
    public internal(set) var formDrafts: [RouteInstance: [String: [String: String]]] = [:]
    /// An alert waiting for an answer; it stays until the web layer clears it.
    public var alert: Notice?
    /// A navigation held back until the person answers the alert: leaving a form with unsaved
    /// changes asks first. The engine keeps it and never reads it; the web layer names what it
    /// held (`back`, a tab, an action and its fields, a screen) and carries it out on "Discard".
    public var heldNavigation: Notice?
    /// Toasts to show once.
    public var toasts: [Notice] = []
    /// The errors of the last refused submit, shown once: the notice names the form and maps
    /// each field to its message.
    public var formErrors: Notice?
    /// How the current screen was reached by the last change the web layer committed; nil when
    /// that change did not move the screen (a form's errors). Not where the person is: the page
    /// showing the screen reads it to animate its arrival.
    public var motion: Motion?

    init() {}
}

/// A modal or detour on screen: the coordinator whose routes it pushes, and its stack.
public struct PresentedStack: Hashable, Sendable, Codable {
    /// The stack coordinator handling pushes inside the presentation.
    public internal(set) var coordinator: CoordinatorID
    /// The screens, the presented route first.
    public internal(set) var stack: [RouteInstance]
    /// The names of the drafts kept by name while it was shown: dismissing it forgets them, so a
    /// modal shown again starts clean. (A form's draft goes with its screen anyway.)
    public internal(set) var draftForms: Set<String> = []

    init(coordinator: CoordinatorID, stack: [RouteInstance], draftForms: Set<String> = []) {
        self.coordinator = coordinator
        self.stack = stack
        self.draftForms = draftForms
    }

    private enum CodingKeys: String, CodingKey {
        case coordinator = "c"
        case stack = "s"
        case draftForms = "d"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coordinator = try container.decode(CoordinatorID.self, forKey: .coordinator)
        stack = try container.decode([RouteInstance].self, forKey: .stack)
        draftForms = Set(try container.decodeIfPresent([String].self, forKey: .draftForms) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(coordinator, forKey: .coordinator)
        try container.encode(stack, forKey: .stack)
        // Sorted, so the same forms always encode the same way.
        if !draftForms.isEmpty { try container.encode(draftForms.sorted(), forKey: .draftForms) }
    }
}

/// A one-shot message: an alert or a toast named in the app definition, with the values its text uses.
public struct Notice: Hashable, Sendable, Codable {
    /// The message's name, such as `session-expired`.
    public var name: String
    /// Values its text refers to, such as `["email": "new@example.com"]`.
    public var values: [String: String]

    /// Creates a notice.
    public init(_ name: String, values: [String: String] = [:]) {
        self.name = name
        self.values = values
    }
}
