/// The same document as ``NavigationState/encoded()``, for any `Encoder`: the version under `v`,
/// a newer version refused with ``NavigationState/FormatError``.
extension NavigationState: Codable {
    private enum CodingKeys: String, CodingKey {
        case version = "v"
        case flow, stacks, tabs, modal, detours, detour, user, pending, flags, drafts, formDrafts, alert, held, toasts, motion
        case formErrors = "errors"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        try Self.checkVersion(version)
        flow = try container.decodeIfPresent(CoordinatorID.self, forKey: .flow)
        stacks = try container.decodeIfPresent([CoordinatorID: [RouteInstance]].self, forKey: .stacks) ?? [:]
        selectedTabs = try container.decodeIfPresent([CoordinatorID: CoordinatorID].self, forKey: .tabs) ?? [:]
        modal = try container.decodeIfPresent(PresentedStack.self, forKey: .modal)
        // One detour under `detour`: written before detours could nest.
        detours = try container.decodeIfPresent([PresentedStack].self, forKey: .detours)
            ?? container.decodeIfPresent(PresentedStack.self, forKey: .detour).map { [$0] } ?? []
        userID = try container.decodeIfPresent(String.self, forKey: .user)
        pendingDestination = try container.decodeIfPresent(RouteInstance.self, forKey: .pending)
        flags = Set(try container.decodeIfPresent([String].self, forKey: .flags) ?? [])
        drafts = try container.decodeIfPresent([String: [String: String]].self, forKey: .drafts) ?? [:]
        for drafts in try container.decodeIfPresent([ScreenDrafts].self, forKey: .formDrafts) ?? [] {
            guard formDrafts.updateValue(drafts.forms, forKey: drafts.screen) == nil else {
                throw DecodingError.dataCorruptedError(forKey: .formDrafts, in: container,
                                                       debugDescription: "the form drafts of screen '\(drafts.screen)' are given twice")
            }
        }
        alert = try container.decodeIfPresent(Notice.self, forKey: .alert)
        heldNavigation = try container.decodeIfPresent(Notice.self, forKey: .held)
        toasts = try container.decodeIfPresent([Notice].self, forKey: .toasts) ?? []
        formErrors = try container.decodeIfPresent(Notice.self, forKey: .formErrors)
        // A motion this code does not know is none: it only animates a page.
        motion = try container.decodeIfPresent(String.self, forKey: .motion).flatMap(Motion.init(rawValue:))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        try container.encodeIfPresent(flow, forKey: .flow)
        if !stacks.isEmpty { try container.encode(stacks, forKey: .stacks) }
        if !selectedTabs.isEmpty { try container.encode(selectedTabs, forKey: .tabs) }
        try container.encodeIfPresent(modal, forKey: .modal)
        if !detours.isEmpty { try container.encode(detours, forKey: .detours) }
        try container.encodeIfPresent(userID, forKey: .user)
        try container.encodeIfPresent(pendingDestination, forKey: .pending)
        // Sorted, so the same flags always encode the same way.
        if !flags.isEmpty { try container.encode(flags.sorted(), forKey: .flags) }
        if !drafts.isEmpty { try container.encode(drafts, forKey: .drafts) }
        if !formDrafts.isEmpty { try container.encode(formDraftsInOrder.map(ScreenDrafts.init), forKey: .formDrafts) }
        try container.encodeIfPresent(alert, forKey: .alert)
        try container.encodeIfPresent(heldNavigation, forKey: .held)
        if !toasts.isEmpty { try container.encode(toasts, forKey: .toasts) }
        try container.encodeIfPresent(formErrors, forKey: .formErrors)
        try container.encodeIfPresent(motion?.rawValue, forKey: .motion)
    }
}

/// One screen's form drafts as stored: the screen under `s`, each form's fields under `f`.
private struct ScreenDrafts: Codable {
    let screen: RouteInstance
    let forms: [String: [String: String]]

    init(_ drafts: (screen: RouteInstance, forms: [String: [String: String]])) {
        (screen, forms) = drafts
    }

    private enum CodingKeys: String, CodingKey {
        case screen = "s"
        case forms = "f"
    }
}
