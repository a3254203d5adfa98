import Navigation

extension Fixtures {
    /// Reality Portal (seed 002): five tabs; Favorites, Inquiries and Account need sign-in through
    /// a login sheet; listings open from Home, Search and Favorites.
    public static let realityPortal: NavigationDefinition = build(
        root: .tabs("main", [
            .stack("home", root: "home", tab: TabItem("Home", icon: "house.fill")),
            .stack("search", root: "search", tab: TabItem("Search", icon: "magnifyingglass")),
            .stack("favorites", root: "favorites", tab: TabItem("Favorites", icon: "heart.fill"), requiresSignIn: true),
            .stack("inquiries", root: "inquiries", tab: TabItem("Inquiries", icon: "envelope.fill", badge: "unreadInquiries"), requiresSignIn: true),
            .stack("account", root: "account", tab: TabItem("Account", icon: "person.fill"), requiresSignIn: true),
        ], modals: [
            .stack("login-sheet", root: "login"),
            .stack("new-inquiry", root: "new-inquiry"),
        ]),
        routes: [
            RouteDefinition("home", path: "/", title: "Home", owner: "home"),
            RouteDefinition("featured", path: "/featured", title: "Featured Listings", owner: "home"),
            RouteDefinition("listing", path: "/listing/{id}", title: "Listing", owner: "home",
                            parameters: [ParameterDefinition("id")], sharedWith: ["search", "favorites"], deepLink: true),
            RouteDefinition("listing.gallery", path: "/listing/{id}/gallery", title: "Gallery", owner: "home",
                            parameters: [ParameterDefinition("id")], sharedWith: ["search", "favorites"], deepLink: true),
            RouteDefinition("listing.map", path: "/listing/{id}/map", title: "Map", owner: "home",
                            parameters: [ParameterDefinition("id")], sharedWith: ["search", "favorites"]),
            RouteDefinition("search", path: "/search", title: "Search", owner: "search"),
            RouteDefinition("search.results", path: "/search/results", title: "Results", owner: "search",
                            parameters: [ParameterDefinition("query")]),
            RouteDefinition("favorites", path: "/favorites", title: "Favorites", owner: "favorites"),
            RouteDefinition("inquiries", path: "/inquiries", title: "Inquiries", owner: "inquiries"),
            RouteDefinition("inquiry", path: "/inquiries/{id}", title: "Inquiry", owner: "inquiries",
                            parameters: [ParameterDefinition("id")]),
            RouteDefinition("new-inquiry", path: "/listing/{listingId}/inquire", title: "New Inquiry", owner: "new-inquiry",
                            presentation: .modal(.formSheet), parameters: [ParameterDefinition("listingId")], requiresSignIn: true),
            RouteDefinition("account", path: "/account", title: "Account", owner: "account"),
            RouteDefinition("profile", path: "/account/profile", title: "Profile", owner: "account"),
            RouteDefinition("settings", path: "/account/settings", title: "Settings", owner: "account"),
            RouteDefinition("login", path: "/login", title: "Log In", owner: "login-sheet", presentation: .modal(.sheet)),
        ],
        signIn: SignInConfiguration(route: "login")
    )
}
