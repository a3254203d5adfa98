extension NavigationDefinition {
    /// Describes the current screen of `state` for rendering.
    public func screen(in state: NavigationState) -> Screen {
        let base = baseStack(in: state)
        let baseScreens = screens(of: base, in: state)
        let modalScreens = state.modal?.stack ?? []
        let detourScreens = state.detours.flatMap(\.stack)
        let top = topLayer(in: state)
        let topScreens = screens(of: top, in: state)
        let current = topScreens.last!

        let context: PresentationContext
        var underlying: RouteInstance?
        switch top {
        case .detour:
            context = .detour
            underlying = state.detours.dropLast().last?.stack.last ?? modalScreens.last ?? baseScreens.last
        case .modal:
            context = .modal(modalStyle(of: modalScreens[0].name))
            underlying = baseScreens.last
        case .base:
            context = baseScreens.count > 1 ? .pushed : nodes[base]!.role == .tab ? .tab : .root
        }

        let back: BackAction? = switch (top, topScreens.count > 1) {
        case (_, true): .pop(to: topScreens[topScreens.count - 2])
        case (.modal, false): .dismissModal(revealing: underlying!)
        case (.detour, false): .dismissDetour(revealing: underlying!)
        case (.base, false): nil
        }

        func crumbs(_ screens: [RouteInstance], _ layer: Breadcrumb.Layer) -> [Breadcrumb] {
            screens.map { screen in
                let definition = route(screen.name)!
                return Breadcrumb(route: screen, title: definition.breadcrumb ?? definition.title, layer: layer)
            }
        }
        return Screen(
            route: current,
            title: route(current.name)!.title,
            context: context,
            back: back,
            breadcrumbs: crumbs(baseScreens, .stack) + crumbs(modalScreens, .modal) + crumbs(detourScreens, .detour),
            tabBar: tabBar(over: base, in: state),
            underlying: underlying
        )
    }

    private func tabBar(over stack: CoordinatorID, in state: NavigationState) -> TabBar? {
        let node = nodes[stack]!
        guard node.role == .tab, let tabs = node.parent else { return nil }
        let items = nodes[tabs]!.children.map { id in
            let tab = nodes[id]!
            let top = screens(of: id, in: state).last!
            return TabBar.Item(
                id: id, item: tab.tab!, isSelected: id == stack,
                requiresSignIn: tab.requiresSignIn || requiresSignIn(top.name), top: top
            )
        }
        return TabBar(coordinator: tabs, items: items, isVisible: state.modal == nil && state.detours.isEmpty)
    }
}
