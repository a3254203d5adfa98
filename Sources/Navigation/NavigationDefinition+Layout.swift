/// Reading the tree's current shape out of a state: which stack is visible, which tab is selected.
extension NavigationDefinition {
    /// A stack the navigator works on: a stack of the tree, the modal's, or the top detour's.
    enum Layer: Hashable {
        case base(StackNode)
        case modal
        case detour
    }

    /// The screens of a stack of the tree, root first.
    func screens(of stack: StackNode, in state: NavigationState) -> [RouteInstance] {
        state.stacks[stack.id] ?? [RouteInstance(stack.root)]
    }

    func screens(of layer: Layer, in state: NavigationState) -> [RouteInstance] {
        switch layer {
        case .base(let stack): screens(of: stack, in: state)
        case .modal: state.modal?.stack ?? []
        case .detour: state.detours.last?.stack ?? []
        }
    }

    /// The stack coordinator whose routes a layer holds; nil for a modal or detour layer the
    /// state does not show.
    func coordinator(of layer: Layer, in state: NavigationState) -> CoordinatorID? {
        switch layer {
        case .base(let stack): stack.id
        case .modal: state.modal?.coordinator
        case .detour: state.detours.last?.coordinator
        }
    }


    /// The style a presented modal shows in: its stack's. A state naming no modal of the app is
    /// reset when it is restored; until then its modal draws as a sheet.
    func modalStyle(of modal: PresentedStack?) -> ModalStyle {
        if case .modal(_, let style)? = modal.flatMap({ tree.stacks[$0.coordinator] })?.place { return style }
        return .sheet
    }

    /// The selected tab of a tab bar.
    func selectedTab(of bar: TabBarReference, in state: NavigationState) -> CoordinatorID {
        state.selectedTabs[bar.id] ?? bar.initial
    }

    /// The stack of the tree that is on screen (under any modal or detour).
    func baseStack(in state: NavigationState) -> StackNode {
        switch tree.branch(in: state) {
        case .stack(let stack): stack
        case .tabs(let bar): bar.selected(in: state)
        }
    }

    /// The tab bar on screen, if the visible branch is one.
    func visibleTabBar(in state: NavigationState) -> TabBarNode? {
        if case .tabs(let bar) = tree.branch(in: state) { bar } else { nil }
    }

    /// Every screen `state` holds: each stack's of the tree that can be shown (every tab, the
    /// active flow only), the modal's and the detours'.
    func heldScreens(in state: NavigationState) -> Set<RouteInstance> {
        var held: Set<RouteInstance> = []
        switch tree.branch(in: state) {
        case .stack(let stack): held.formUnion(screens(of: stack, in: state))
        case .tabs(let bar): for tab in bar.tabs { held.formUnion(screens(of: tab, in: state)) }
        }
        for presented in (state.modal.map { [$0] } ?? []) + state.detours { held.formUnion(presented.stack) }
        return held
    }

    /// The layer on top: the top detour, else the modal, else the visible stack of the tree.
    func topLayer(in state: NavigationState) -> Layer {
        if !state.detours.isEmpty { return .detour }
        if state.modal != nil { return .modal }
        return .base(baseStack(in: state))
    }

    /// The screen on top: the top detour's, then the modal's, then the visible stack's top.
    public func currentScreen(in state: NavigationState) -> RouteInstance {
        if let top = state.detours.last?.stack.last ?? state.modal?.stack.last { return top }
        let base = baseStack(in: state)
        return screens(of: base, in: state).last ?? RouteInstance(base.root)
    }
}
