/// One command's work on a private copy of the state. Every step may throw; the navigator then
/// drops the copy, so a refused command leaves the session exactly as it was.
struct NavigationTransaction {
    typealias Layer = NavigationDefinition.Layer

    /// The most detours shown over one another; one more is refused.
    static let maximumDetours = 8

    let definition: NavigationDefinition
    var state: NavigationState
    var events: [NavigationEvent] = []

    init(definition: NavigationDefinition, state: NavigationState) {
        self.definition = definition
        self.state = state
    }

    var currentScreen: RouteInstance { definition.currentScreen(in: state) }

    mutating func record(_ change: NavigationEvent.Change, _ source: NavigationSource) {
        events.append(NavigationEvent(change, source: source))
    }

    func screens(_ layer: Layer) -> [RouteInstance] {
        definition.screens(of: layer, in: state)
    }

    /// Stores a layer's screens, leaving a stack of the tree out when it is back at its root.
    mutating func setScreens(_ layer: Layer, _ screens: [RouteInstance]) {
        switch layer {
        case .base(let stack):
            let isAtRoot = screens.count == 1 && screens[0].name == definition.nodes[stack]!.rootRoute && screens[0].parameters.isEmpty
            state.stacks[stack] = isAtRoot ? nil : screens
        case .modal:
            state.modal!.stack = screens
        case .detour:
            state.detours[state.detours.count - 1].stack = screens
        }
    }

    mutating func pop(_ layer: Layer, to index: Int, _ source: NavigationSource) {
        let screens = screens(layer)
        guard index < screens.count - 1 else { return }
        setScreens(layer, Array(screens[...index]))
        record(.popped(screens[(index + 1)...].reversed(), to: screens[index]), source)
    }

    /// Shows `target` on `layer` by its presentation: pops back to it when it is already there.
    mutating func place(_ target: RouteInstance, _ route: RouteDefinition, on layer: Layer, _ source: NavigationSource) throws(NavigationError) {
        var screens = screens(layer)
        if let index = screens.lastIndex(of: target) {
            pop(layer, to: index, source)
            return
        }
        let top = screens.last!
        // A stack's root opened with other parameters (a link filling them) is that root again,
        // never a second copy over it: what was pushed on it goes, as a new root would make it.
        if case .base(let stack) = layer, definition.nodes[stack]!.rootRoute == target.name {
            setScreens(layer, [target])
            record(.replaced(top, with: target), source)
            return
        }
        switch route.presentation {
        // Modal routes are roots, shown only by presenting their modal; they never get here.
        case .push, .modal:
            let stack = definition.coordinator(of: layer, in: state)
            if let limit = definition.nodes[stack]!.depthLimit, screens.count >= limit {
                throw .depthLimitExceeded(stack, limit: limit)
            }
            screens.append(target)
            record(.pushed(target), source)
        case .replace:
            screens[screens.count - 1] = target
            record(.replaced(top, with: target), source)
        case .replaceStack:
            screens = [target]
            record(.replaced(top, with: target), source)
        }
        setScreens(layer, screens)
    }

    mutating func dismiss(_ layer: Layer, _ source: NavigationSource) {
        switch layer {
        case .base:
            return
        case .detour:
            guard let detour = state.detours.popLast() else { return }
            record(.detourDismissed(detour.stack[0], revealing: currentScreen), source)
        case .modal:
            guard let modal = state.modal else { return }
            dismissDetours(source)
            state.modal = nil
            forgetDrafts(of: modal)
            // Leaving the sign-in modal without signing in abandons the guarded destination.
            if let signIn = definition.signIn, definition.route(signIn.route)?.owner == modal.coordinator {
                state.pendingDestination = nil
            }
            record(.dismissed(modal.stack[0], revealing: currentScreen), source)
        }
    }

    /// Dismisses every detour, top first.
    mutating func dismissDetours(_ source: NavigationSource) {
        while !state.detours.isEmpty { dismiss(.detour, source) }
    }

    /// Forgets the drafts kept while `modal` was shown, so it starts clean when shown again.
    private mutating func forgetDrafts(of modal: PresentedStack) {
        for form in modal.draftForms { state.clearDraft(form: form) }
    }

    /// Forgets what was typed on screens the state no longer holds (popped, dismissed with
    /// their modal or detour, in a flow left): a screen opened again starts clean, and drafts of
    /// screens left cannot pile up to the limit.
    mutating func forgetDraftsOfScreensLeft() {
        guard !state.formDrafts.isEmpty else { return }
        state.forgetDrafts(keeping: definition.heldScreens(in: state))
    }

    mutating func select(tab: CoordinatorID, _ source: NavigationSource) {
        let tabs = definition.nodes[tab]!.parent!
        let current = definition.selectedTab(of: tabs, in: state)
        guard current != tab else { return }
        state.selectedTabs[tabs] = tab == definition.initialTab(of: definition.nodes[tabs]!) ? nil : tab
        record(.tabSwitched(from: current, to: tab), source)
    }

    /// Makes a coordinator's context visible by selecting the tabs above it.
    mutating func activate(_ coordinator: CoordinatorID, route: RouteName?, _ source: NavigationSource) throws(NavigationError) {
        if let flow = definition.flow(of: coordinator), flow != state.flow {
            throw .inactiveFlow(route, flow: flow, active: state.flow)
        }
        var path: [CoordinatorID] = []
        var id: CoordinatorID? = coordinator
        while let current = id {
            path.append(current)
            id = definition.nodes[current]!.parent
        }
        for id in path.reversed() where definition.nodes[id]!.role == .tab {
            select(tab: id, source)
        }
    }

    /// Starts a flow fresh (or, with nil on an app without flows, the whole tree).
    mutating func startFlow(_ flow: CoordinatorID?, _ source: NavigationSource) {
        let previous = state.flow
        state.flow = flow
        state.stacks = [:]
        state.selectedTabs = [:]
        if let modal = state.modal { forgetDrafts(of: modal) }
        state.modal = nil
        state.detours = []
        record(.flowChanged(from: previous, to: flow), source)
    }
}
