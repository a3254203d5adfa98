/// Reading the tree's current shape out of a state: which stack is visible, which tab is selected.
extension NavigationDefinition {
    /// A stack the navigator works on: a stack of the tree, the modal's, or the top detour's.
    enum Layer: Hashable {
        case base(CoordinatorID)
        case modal
        case detour
    }

    /// The screens of a stack of the tree, root first.
    func screens(of stack: CoordinatorID, in state: NavigationState) -> [RouteInstance] {
        state.stacks[stack] ?? [RouteInstance(nodes[stack]!.rootRoute!)]
    }

    func screens(of layer: Layer, in state: NavigationState) -> [RouteInstance] {
        switch layer {
        case .base(let stack): screens(of: stack, in: state)
        case .modal: state.modal?.stack ?? []
        case .detour: state.detours.last?.stack ?? []
        }
    }

    /// The stack coordinator whose routes a layer holds.
    func coordinator(of layer: Layer, in state: NavigationState) -> CoordinatorID {
        switch layer {
        case .base(let stack): stack
        case .modal: state.modal!.coordinator
        case .detour: state.detours.last!.coordinator
        }
    }

    /// The style of a modal's root route. The validator refuses a modal whose root is not modal.
    func modalStyle(of root: RouteName) -> ModalStyle {
        guard case .modal(let style)? = route(root)?.presentation else {
            preconditionFailure("'\(root)' is not a modal route; DefinitionValidator refuses such modals")
        }
        return style
    }

    /// The selected tab of a tab coordinator.
    func selectedTab(of tabs: CoordinatorID, in state: NavigationState) -> CoordinatorID {
        state.selectedTabs[tabs] ?? initialTab(of: nodes[tabs]!)!
    }

    /// The stack of the tree that is on screen (under any modal or detour).
    func baseStack(in state: NavigationState) -> CoordinatorID {
        var id = root.id
        while true {
            let node = nodes[id]!
            switch node.kind {
            case .flows: id = state.flow!
            case .tabs: id = selectedTab(of: id, in: state)
            case .stack: return id
            }
        }
    }

    /// Every screen `state` holds: each stack's of the tree that can be shown (every tab, the
    /// active flow only), the modal's and the detours'.
    func heldScreens(in state: NavigationState) -> Set<RouteInstance> {
        var held: Set<RouteInstance> = []
        func add(_ id: CoordinatorID) {
            switch nodes[id]!.kind {
            case .flows: if let flow = state.flow { add(flow) }
            case .tabs: nodes[id]!.children.forEach(add)
            case .stack: held.formUnion(screens(of: id, in: state))
            }
        }
        add(root.id)
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
        screens(of: topLayer(in: state), in: state).last!
    }
}
