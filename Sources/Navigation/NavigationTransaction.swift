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
            let isAtRoot = screens == [RouteInstance(stack.root)]
            state.stacks[stack.id] = isAtRoot ? nil : screens
        case .modal:
            state.modal?.stack = screens
        case .detour:
            if !state.detours.isEmpty { state.detours[state.detours.count - 1].stack = screens }
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
        guard let top = screens.last else { return }
        // A stack's root opened with other parameters (a link filling them) is that root again,
        // never a second copy over it: what was pushed on it goes, as a new root would make it.
        if case .base(let stack) = layer, stack.root == target.name {
            setScreens(layer, [target])
            record(.replaced(top, with: target), source)
            return
        }
        switch route.presentation {
        // Modal routes are roots, shown only by presenting their modal; they never get here.
        case .push, .modal:
            if let stack = definition.coordinator(of: layer, in: state).flatMap({ definition.tree.stacks[$0] }), let limit = stack.depthLimit,
               screens.count >= limit {
                throw .depthLimitExceeded(stack.id, limit: limit)
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

    /// Selects `tab` in its tab bar; a stack that is no tab has nothing to select.
    mutating func select(tab: StackNode, _ source: NavigationSource) {
        guard let bar = tab.tabBar else { return }
        let current = definition.selectedTab(of: bar, in: state)
        guard current != tab.id else { return }
        state.selectedTabs[bar.id] = tab.id == bar.initial ? nil : tab.id
        record(.tabSwitched(from: current, to: tab.id), source)
    }

    /// Makes a coordinator's context visible by selecting the tabs above it.
    mutating func activate(_ coordinator: CoordinatorID, route: RouteName?, _ source: NavigationSource) throws(NavigationError) {
        if let flow = definition.flow(of: coordinator), flow != state.flow {
            throw .inactiveFlow(route, flow: flow, active: state.flow)
        }
        // Tabs hold stacks only, and a modal shows over its presenter's context: the one tab to
        // select is the stack's own, or its presenter's, up the modals.
        var next = definition.tree.stacks[coordinator]
        while let stack = next {
            select(tab: stack, source)
            guard case .modal(let presenter, _) = stack.place else { return }
            next = definition.tree.stacks[presenter]
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
