/// The outcome of reading a stored state back: either it is usable as it is, or the session starts
/// over, with a reason that says why.
public enum StateRestoration: Hashable, Sendable {
    /// The stored state was read and fits the definition.
    case restored(NavigationState)
    /// The stored state could not be used; `state` is a fresh start.
    case reset(NavigationState, reason: String)

    /// The state to continue with.
    public var state: NavigationState {
        switch self {
        case .restored(let state), .reset(let state, _): state
        }
    }
}

extension NavigationDefinition {
    /// Reads a state stored with ``NavigationState/encoded()`` and checks it against this
    /// definition; see ``restore(_:)``.
    public func restore(encoded bytes: [UInt8]) -> StateRestoration {
        restore { () throws(NavigationState.FormatError) in try NavigationState(encoded: bytes) }
    }

    /// Reads a stored state and checks it against this definition, never failing: an unreadable or
    /// newer state, or one naming routes and coordinators the app no longer has (its `app.xml`
    /// changed), gives a fresh start with the reason. A fresh start keeps the signed-in user and
    /// flags when the stored state could be read.
    /// - Parameter decode: Decodes the stored bytes, for example with a JSON decoder.
    public func restore(_ decode: () throws -> NavigationState) -> StateRestoration {
        let stored: NavigationState
        do {
            stored = try decode()
        } catch {
            return .reset(initialState, reason: "the stored navigation state could not be read: \(error)")
        }
        let problems = inconsistencies(in: stored)
        guard let first = problems.first else {
            return .restored(stored)
        }
        var fresh = initialState
        fresh.userID = stored.userID
        fresh.flags = stored.flags
        return .reset(fresh, reason: "the stored navigation state no longer fits the app: \(first)")
    }

    /// Every way `state` disagrees with this definition; empty for a state the navigator produced.
    public func inconsistencies(in state: NavigationState) -> [String] {
        var problems: [String] = []
        func checkScreens(_ screens: [RouteInstance], in stack: CoordinatorID, what: String) {
            if screens.isEmpty { problems.append("\(what) '\(stack)' is empty") }
            if let limit = nodes[stack]?.depthLimit, screens.count > limit {
                problems.append("\(what) '\(stack)' holds \(screens.count) screens, over its limit of \(limit)")
            }
            for screen in screens {
                let route: CheckedRoute
                do {
                    route = try checked(screen)
                } catch {
                    problems.append("\(what) '\(stack)': \(error)")
                    continue
                }
                if !stacks(handling: route.definition).contains(stack) {
                    problems.append("\(what) '\(stack)' holds '\(screen.name)', which it does not handle")
                }
            }
        }
        if case .flows = root.kind {
            if state.flow.flatMap({ nodes[$0]?.role }) != .flow { problems.append("the active flow is not a flow") }
        } else if state.flow != nil {
            problems.append("the app has no flows but the state names one")
        }
        func isActive(_ id: CoordinatorID) -> Bool {
            guard let node = nodes[id] else { return false }
            return node.flow == nil || node.flow == state.flow
        }
        for (id, screens) in state.stacks.sorted(by: { $0.key < $1.key }) {
            guard let stack = tree.stacks[id], !stack.isModal, isActive(id) else {
                problems.append("stack '\(id)' is not a stack of the active flow")
                continue
            }
            if screens == [RouteInstance(stack.root)] { problems.append("stack '\(id)' is stored at its root") }
            checkScreens(screens, in: id, what: "stack")
        }
        for (id, tab) in state.selectedTabs.sorted(by: { $0.key < $1.key }) {
            guard let bar = tree.tabBars[id], isActive(id), bar.tabs.contains(where: { $0.id == tab }) else {
                problems.append("tab '\(tab)' of '\(id)' is not a tab of the active flow")
                continue
            }
            if tab == bar.reference.initial { problems.append("tab coordinator '\(id)' is stored on its initial tab") }
        }
        if let modal = state.modal {
            if nodes[modal.coordinator]?.role == .modal, isActive(modal.coordinator) {
                checkScreens(modal.stack, in: modal.coordinator, what: "modal")
            } else {
                problems.append("modal '\(modal.coordinator)' is not a modal of the active flow")
            }
        }
        for detour in state.detours {
            if nodes[detour.coordinator]?.rootRoute != nil, isActive(detour.coordinator) {
                checkScreens(detour.stack, in: detour.coordinator, what: "detour")
            } else {
                problems.append("detour '\(detour.coordinator)' is not a stack of the active flow")
            }
        }
        if let pending = state.pendingDestination, route(pending.name) == nil {
            problems.append("the pending destination '\(pending.name)' is not a route")
        }
        return problems
    }
}
