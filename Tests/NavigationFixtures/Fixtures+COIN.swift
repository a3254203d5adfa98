import Navigation

extension Fixtures {
    /// COIN (seed 003): three tabs; Canvas, New Project and Settings are modals over any tab.
    public static let coin: NavigationDefinition = build(
        root: .tabs("coin", [
            .stack("recents", root: "recents", tab: TabItem("Recents", icon: "clock.fill")),
            .stack("projects", root: "projects", tab: TabItem("Projects", icon: "folder.fill")),
            .stack("favorites", root: "favorites", tab: TabItem("Favorites", icon: "star.fill")),
        ], modals: [
            .stack("canvas", root: "canvas"),
            .stack("new-project", root: "new-project"),
            .stack("settings", root: "settings"),
        ]),
        routes: [
            RouteDefinition("recents", path: "/tab/recents", title: "Recents", owner: "recents", deepLink: true),
            RouteDefinition("projects", path: "/tab/projects", title: "Projects", owner: "projects", deepLink: true),
            RouteDefinition("project", path: "/project/{projectId}", title: "Project", owner: "projects",
                            parameters: [ParameterDefinition("projectId", pattern: "proj-[0-9]+")], deepLink: true),
            RouteDefinition("favorites", path: "/tab/favorites", title: "Favorites", owner: "favorites", deepLink: true),
            RouteDefinition("canvas", path: "/coin/{coinId}", title: "Canvas", owner: "canvas", presentation: .modal(.fullScreen),
                            parameters: [ParameterDefinition("coinId", pattern: "c[0-9]+"), ParameterDefinition("projectId", required: false)],
                            deepLink: true),
            RouteDefinition("new-project", path: "/projects/new", title: "New Project", owner: "new-project", presentation: .modal(.formSheet)),
            RouteDefinition("settings", path: "/settings", title: "Settings", owner: "settings", presentation: .modal(.sheet)),
        ]
    )
}
