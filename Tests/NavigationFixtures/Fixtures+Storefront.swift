import Navigation

extension Fixtures {
    /// A shop made to put resuming after sign-in under strain, not a seed app: depth-limited tabs
    /// whose guarded Returns screen lands on a tab that may already be full, and a guarded Admin
    /// flow whose Export step sits in a modal that only opens with an audit's id. The Orders tab's
    /// root takes an optional status (open by default), as a filtered list a link may open.
    public static let storefront: NavigationDefinition = build(
        root: .flows("store", initial: "shop", [
            .tabs("shop", [
                .stack("browse", root: "browse", depthLimit: 3, tab: TabItem("Browse")),
                .stack("orders", root: "orders", depthLimit: 2, tab: TabItem("Orders")),
                .stack("account", root: "account", depthLimit: 2, tab: TabItem("Account")),
            ], modals: [
                .stack("login-sheet", root: "login"),
            ]),
            .stack("admin", root: "admin", modals: [
                .stack("audit", root: "audit"),
            ], requiresSignIn: true),
        ]),
        routes: [
            RouteDefinition("browse", path: "/", title: "Browse", owner: "browse"),
            RouteDefinition("product", path: "/products/{id}", title: "Product", owner: "browse", parameters: [ParameterDefinition("id")]),
            RouteDefinition("orders", path: "/orders", title: "Orders", owner: "orders",
                            parameters: [ParameterDefinition("status", required: false, defaultValue: "open")]),
            RouteDefinition("order", path: "/orders/{id}", title: "Order", owner: "orders", parameters: [ParameterDefinition("id")]),
            RouteDefinition("returns", path: "/returns", title: "Returns", owner: "orders", requiresSignIn: true),
            RouteDefinition("account", path: "/account", title: "Account", owner: "account"),
            RouteDefinition("addresses", path: "/account/addresses", title: "Addresses", owner: "account"),
            RouteDefinition("login", path: "/login", title: "Log In", owner: "login-sheet", presentation: .modal(.sheet)),
            RouteDefinition("admin", path: "/admin", title: "Admin", owner: "admin"),
            RouteDefinition("audit", path: "/admin/audits/{id}", title: "Audit", owner: "audit", presentation: .modal(.sheet),
                            parameters: [ParameterDefinition("id")]),
            RouteDefinition("audit.export", path: "/admin/export", title: "Export", owner: "audit"),
        ],
        signIn: SignInConfiguration(route: "login", signedOutFlow: "shop")
    )
}
