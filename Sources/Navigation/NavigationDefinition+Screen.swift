extension NavigationDefinition {
    /// Describes the current screen of `state` for rendering.
    public func screen(in state: NavigationState) -> Screen {
        let base = baseStack(in: state)
        let baseScreens = screens(of: base, in: state)
        let modalScreens = state.modal?.stack ?? []
        let detourScreens = state.detours.flatMap(\.stack)
        let top = topLayer(in: state)
        let topScreens = screens(of: top, in: state)
        let current = currentScreen(in: state)

        // What a modal or detour shows over: the stack of the tree's top is always there.
        let baseTop = baseScreens.last ?? RouteInstance(base.root)
        let context: PresentationContext
        var underlying: RouteInstance?
        switch top {
        case .detour:
            context = .detour
            underlying = state.detours.dropLast().last?.stack.last ?? modalScreens.last ?? baseTop
        case .modal:
            context = .modal(modalStyle(of: state.modal))
            underlying = baseTop
        case .base:
            context = baseScreens.count > 1 ? .pushed : base.tabBar != nil ? .tab : .root
        }

        let back: BackAction? = switch (top, topScreens.count > 1) {
        case (_, true): .pop(to: topScreens[topScreens.count - 2])
        case (.modal, false): .dismissModal(revealing: baseTop)
        case (.detour, false): .dismissDetour(revealing: underlying ?? baseTop)
        case (.base, false): nil
        }

        func crumbs(_ screens: [RouteInstance], _ layer: Breadcrumb.Layer) -> [Breadcrumb] {
            screens.compactMap { screen in
                route(screen.name).map { Breadcrumb(route: screen, title: $0.breadcrumb ?? $0.title, layer: layer) }
            }
        }
        return Screen(
            route: current,
            title: route(current.name)?.title ?? current.name.rawValue,
            context: context,
            back: back,
            breadcrumbs: crumbs(baseScreens, .stack) + crumbs(modalScreens, .modal) + crumbs(detourScreens, .detour),
            tabBar: tabBar(over: base, in: state),
            underlying: underlying
        )
    }

    private func tabBar(over stack: StackNode, in state: NavigationState) -> TabBar? {
        guard let bar = visibleTabBar(in: state), bar.tabs.contains(stack) else { return nil }
        let items = bar.tabs.compactMap { tab -> TabBar.Item? in
            guard case .tab(_, let item) = tab.place else { return nil }
            let top = screens(of: tab, in: state).last ?? RouteInstance(tab.root)
            return TabBar.Item(id: tab.id, item: item, isSelected: tab == stack, requiresSignIn: tab.requiresSignIn || requiresSignIn(top.name), top: top)
        }
        return TabBar(coordinator: bar.reference.id, items: items, isVisible: state.modal == nil && state.detours.isEmpty)
    }
}
