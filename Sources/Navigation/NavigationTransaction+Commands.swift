extension NavigationTransaction {
    /// Universal navigation: shows `target` from any state (seed 004 §2), see ``NavigationCommand/navigate(_:source:)``.
    mutating func navigate(to target: RouteInstance, _ source: NavigationSource) throws(NavigationError) {
        let checked = try definition.checked(target)
        let route = checked.definition
        if definition.requiresSignIn(route.name), state.userID == nil {
            try redirectToSignIn(keeping: target, source)
            return
        }
        if target == currentScreen { return }
        if try navigateWithinOverlays(to: target, checked, source) { return }

        if case .modal = route.presentation {
            try present(checked.owner, at: target, for: route.name, source)
            return
        }
        let base = definition.baseStack(in: state)
        if let index = screens(.base(base)).lastIndex(of: target) {
            pop(.base(base), to: index, source)
            return
        }
        if let tab = siblingTab(showing: target, besides: base) {
            select(tab: tab, source)
            return
        }
        // Local handling first (a listing opened from Search stays on Search); a deep link goes
        // to the route's owner so it opens in the same place from any state.
        let handlers = definition.stacks(handling: route)
        let stack = source != .deepLink && handlers.contains(base.id) ? base : checked.owner
        if stack.isModal {
            // A later step of a modal that is not open: open the modal at its root first.
            let root = RouteInstance(stack.root)
            try definition.check(root)
            try present(stack, at: root, for: route.name, source)
            try place(target, route, on: .modal, source)
            return
        }
        try activate(stack.id, route: route.name, source)
        try place(target, route, on: .base(stack), source)
    }

    /// In-content navigation: ``navigate(to:_:)``, then the tab it left, if it left one, popped to its root.
    mutating func navigateInContent(to target: RouteInstance) throws(NavigationError) {
        let source = definition.baseStack(in: state)
        try navigate(to: target, .direct)
        let landed = definition.baseStack(in: state)
        guard landed != source, let bar = source.tabBar, bar == landed.tabBar else { return }
        pop(.base(source), to: 0, .direct)
    }

    /// Android's popUpTo and launchSingleTop, see ``NavigationCommand/popUpTo(_:inclusive:then:singleTop:source:)``.
    mutating func popUp(
        to name: RouteName?, inclusive: Bool, then target: RouteInstance?, singleTop: Bool, _ source: NavigationSource
    ) throws(NavigationError) {
        if let name, definition.route(name) == nil { throw .unknownRoute(name) }
        if let target { try definition.check(target) }
        let base = definition.baseStack(in: state)
        let poppedRoot = name.map { popUp(to: $0, inclusive: inclusive, base: base, source) } ?? false
        guard let target else { return }
        let top = currentScreen
        if singleTop, top.name == target.name, top != target {
            let layer = definition.topLayer(in: state)
            var screens = screens(layer)
            screens[screens.count - 1] = target
            setScreens(layer, screens)
            record(.replaced(top, with: target), source)
            return
        }
        try navigate(to: target, source)
        let screens = screens(.base(base))
        if poppedRoot, definition.topLayer(in: state) == .base(base), screens.count == 2, screens[1] == target {
            setScreens(.base(base), [target])
        }
    }

    /// Pops back to the last screen of `name` on the trail (dismissing overlays above it);
    /// returns whether the base stack's root itself was popped (`inclusive` at the root).
    private mutating func popUp(to name: RouteName, inclusive: Bool, base: StackNode, _ source: NavigationSource) -> Bool {
        let isShown = state.detours.contains { $0.stack.contains { $0.name == name } }
            || state.modal?.stack.contains { $0.name == name } == true
            || screens(.base(base)).contains { $0.name == name }
        guard isShown else { return false }
        while true {
            let layer = definition.topLayer(in: state)
            guard let index = screens(layer).lastIndex(where: { $0.name == name }) else {
                dismiss(layer, source)
                continue
            }
            if !inclusive {
                pop(layer, to: index, source)
            } else if index > 0 {
                pop(layer, to: index - 1, source)
            } else if case .base = layer {
                pop(layer, to: 0, source)
                return true
            } else {
                dismiss(layer, source)
            }
            return false
        }
    }

    /// Presents a modal fresh at `root`, over its host's context; errors name the `requested` route.
    private mutating func present(
        _ modal: StackNode, at root: RouteInstance, for requested: RouteName, _ source: NavigationSource
    ) throws(NavigationError) {
        guard case .modal(let presenter, let style) = modal.place else { throw .noModalPresented }
        try activate(presenter, route: requested, source)
        state.modal = PresentedStack(coordinator: modal.id, stack: [root])
        record(.presented(root, style: style), source)
    }

    /// Handles `target` inside the detours and the modal, top first, dismissing each that cannot
    /// show it. Returns true when the navigation is complete.
    private mutating func navigateWithinOverlays(
        to target: RouteInstance, _ checked: CheckedRoute, _ source: NavigationSource
    ) throws(NavigationError) -> Bool {
        let route = checked.definition
        while true {
            let layer = definition.topLayer(in: state)
            if case .base = layer { return false }
            if let index = screens(layer).lastIndex(of: target) {
                pop(layer, to: index, source)
                return true
            }
            // A root (of a tab, flow or modal) is never pushed as a second copy inside an overlay,
            // nor is a screen already beneath it (the browser's Back onto it): that goes back.
            let isRoot = checked.owner.root == route.name
            if !isRoot, !isBeneathTopOverlay(target), let stack = definition.coordinator(of: layer, in: state),
               definition.stacks(handling: route).contains(stack) {
                try place(target, route, on: layer, source)
                return true
            }
            dismiss(layer, source)
            // Smart dismissal: the target was the screen behind the overlay.
            if target == currentScreen { return true }
        }
    }

    /// Whether `target` is on the trail beneath the top overlay: the visible stack, and under the
    /// top detour also the modal and the detours below it.
    private func isBeneathTopOverlay(_ target: RouteInstance) -> Bool {
        if screens(.base(definition.baseStack(in: state))).contains(target) { return true }
        guard !state.detours.isEmpty else { return false }
        return state.modal?.stack.contains(target) == true || state.detours.dropLast().contains { $0.stack.contains(target) }
    }

    /// Another tab of the visible tab coordinator whose top screen is `target`.
    private func siblingTab(showing target: RouteInstance, besides stack: StackNode) -> StackNode? {
        guard let bar = definition.visibleTabBar(in: state), bar.tabs.contains(stack) else { return nil }
        return bar.tabs.first { tab in tab != stack && definition.screens(of: tab, in: state).last == target }
    }

    /// Keeps `destination` as pending and shows the sign-in route instead. The sign-in route is
    /// never guarded (the definition refuses that), so this cannot loop.
    mutating func redirectToSignIn(keeping destination: RouteInstance, _ source: NavigationSource) throws(NavigationError) {
        // A guarded route needs a sign-in route (the definition refuses one without).
        guard let signInRoute = definition.signInRoute else { throw .unknownRoute(destination.name) }
        let signIn = RouteInstance(signInRoute.definition.name)
        record(.guardRedirected(destination: destination, signIn: signIn), source)
        if let flow = signInRoute.owner.flow, flow != state.flow {
            startFlow(flow, .autoRedirect)
        }
        try navigate(to: signIn, .autoRedirect)
        state.pendingDestination = destination
    }

    mutating func back() throws(NavigationError) {
        let layer = definition.topLayer(in: state)
        let count = screens(layer).count
        if count > 1 {
            pop(layer, to: count - 2, .back)
        } else if case .base = layer {
            throw .nothingToGoBackTo(currentScreen)
        } else {
            dismiss(layer, .back)
        }
    }

    /// Selects `tab`, dismissing any modal and detour; selecting the tab already shown pops it to
    /// its root when `popsToRoot` (a tab bar click) and keeps its stack otherwise (a tab link).
    mutating func selectTab(_ id: CoordinatorID, popsToRoot: Bool, _ source: NavigationSource) throws(NavigationError) {
        guard let tab = definition.tree.stacks[id], let bar = tab.tabBar else {
            throw .unknownTab(id)
        }
        if let flow = tab.flow, flow != state.flow {
            throw .inactiveFlow(nil, flow: flow, active: state.flow)
        }
        let top = definition.screens(of: tab, in: state).last ?? RouteInstance(tab.root)
        if state.userID == nil, tab.requiresSignIn || definition.requiresSignIn(top.name) {
            try redirectToSignIn(keeping: top, source)
            return
        }
        dismiss(.modal, source)
        dismissDetours(source)
        if definition.selectedTab(of: bar, in: state) == tab.id {
            if popsToRoot { pop(.base(tab), to: 0, source) }
        } else {
            try activate(tab.id, route: nil, source)
        }
    }

    mutating func presentDetour(_ target: RouteInstance, _ source: NavigationSource) throws(NavigationError) {
        let route = try definition.checked(target).definition
        if case .modal = route.presentation {
            throw .invalidDetour(route.name)
        }
        if definition.requiresSignIn(route.name), state.userID == nil {
            try redirectToSignIn(keeping: target, source)
            return
        }
        if let flow = definition.flow(of: route.owner), flow != state.flow {
            throw .inactiveFlow(route.name, flow: flow, active: state.flow)
        }
        if target == currentScreen { return }
        // A detour already shown is gone back to, not presented again: D, E, D… cannot pile up.
        if let shown = state.detours.lastIndex(where: { $0.stack.contains(target) }) {
            while state.detours.count > shown + 1 { dismiss(.detour, source) }
            if let index = screens(.detour).lastIndex(of: target) { pop(.detour, to: index, source) }
            return
        }
        guard state.detours.count < Self.maximumDetours else { throw .detourLimitExceeded(limit: Self.maximumDetours) }
        state.detours.append(PresentedStack(coordinator: route.owner, stack: [target]))
        record(.detourPresented(target), source)
    }

    mutating func changeFlow(_ flow: CoordinatorID) throws(NavigationError) {
        guard definition.nodes[flow]?.role == .flow else {
            throw .unknownFlow(flow)
        }
        startFlow(flow, .direct)
    }

    mutating func signIn(userID: String) throws(NavigationError) {
        guard (1...256).contains(userID.utf8.count) else {
            throw .invalidUserID
        }
        state.userID = userID
        record(.signedIn(userID: userID), .autoRedirect)
        let signedInFlow = definition.signIn?.signedInFlow
        guard let pending = state.pendingDestination else {
            leaveSignIn(into: signedInFlow)
            return
        }
        state.pendingDestination = nil
        // The destination is a wish, not a command: if it cannot be reached now, sign-in still
        // succeeds exactly as without one, so nothing done on its behalf (entering its flow
        // included) may survive.
        var attempt = self
        let pendingFlow = definition.route(pending.name).flatMap { definition.flow(of: $0.owner) }
        attempt.leaveSignIn(into: pendingFlow ?? signedInFlow)
        attempt.record(.destinationResumed(pending), .autoRedirect)
        do {
            try attempt.navigate(to: pending, .autoRedirect)
            self = attempt
        } catch {
            leaveSignIn(into: signedInFlow)
            record(.destinationDropped(pending, reason: error), .autoRedirect)
        }
    }

    /// Enters `flow` fresh when it is not the active one; otherwise closes the sign-in modal.
    private mutating func leaveSignIn(into flow: CoordinatorID?) {
        if let flow, flow != state.flow {
            startFlow(flow, .autoRedirect)
        } else if let modal = state.modal, let signIn = definition.signIn,
                  definition.route(signIn.route)?.owner == modal.coordinator {
            dismiss(.modal, .autoRedirect)
        }
    }

    mutating func signOut(keepDestination: Bool) {
        // Only a guarded screen needs resuming; any other stays reachable while signed out.
        let screen = currentScreen
        let destination = keepDestination && definition.requiresSignIn(screen.name) ? screen : nil
        state.userID = nil
        state.drafts = [:]
        state.formDrafts = [:]
        record(.signedOut, .autoRedirect)
        startFlow(definition.signIn?.signedOutFlow ?? state.flow, .autoRedirect)
        state.pendingDestination = destination
    }
}
