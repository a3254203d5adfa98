import Navigation

extension Fixtures {
    /// The SwiftUIFlow example (seed 004): login flow, five coloured tabs, modals of every style,
    /// a two-step modal, a detour target, replace navigation and a depth-limited stack.
    public static let demo: NavigationDefinition = build(
        root: .flows("demo", initial: "login-flow", [
            .stack("login-flow", root: "login"),
            .tabs("main", [
                .stack("red", root: "red", tab: TabItem("Red"), modals: [
                    .stack("dark-red", root: "dark-red"),
                ]),
                .stack("green", root: "green", tab: TabItem("Green"), modals: [
                    .stack("dark-green", root: "dark-green"),
                ]),
                .stack("blue", root: "blue", tab: TabItem("Blue")),
                .stack("yellow", root: "yellow", tab: TabItem("Yellow")),
                .stack("purple", root: "purple", depthLimit: 3, tab: TabItem("Purple")),
            ], modals: [
                .stack("info-form", root: "info.form"),
                .stack("info-alert", root: "info.alert"),
            ], requiresSignIn: true),
        ]),
        routes: [
            RouteDefinition("login", path: "/login", title: "Login", owner: "login-flow"),
            RouteDefinition("red", path: "/red", title: "Red", owner: "red"),
            RouteDefinition("red.light", path: "/red/light", title: "Light Red", owner: "red"),
            RouteDefinition("dark-red", path: "/red/dark", title: "Dark Red", owner: "dark-red", presentation: .modal(.sheet)),
            RouteDefinition("green", path: "/green", title: "Green", owner: "green"),
            RouteDefinition("green.light", path: "/green/light", title: "Light Green", owner: "green"),
            RouteDefinition("dark-green", path: "/green/dark", title: "Dark Green", owner: "dark-green", presentation: .modal(.fullScreen)),
            RouteDefinition("even-darker-green", path: "/green/dark/darker", title: "Even Darker Green", owner: "dark-green"),
            RouteDefinition("blue", path: "/blue", title: "Blue", owner: "blue"),
            RouteDefinition("blue.light", path: "/blue/light", title: "Light Blue", owner: "blue"),
            RouteDefinition("blue.lighter", path: "/blue/lighter", title: "Lighter Blue", owner: "blue"),
            RouteDefinition("yellow", path: "/yellow", title: "Yellow", owner: "yellow"),
            RouteDefinition("yellow.step1", path: "/yellow/step-1", title: "Step 1", owner: "yellow"),
            RouteDefinition("yellow.step2", path: "/yellow/step-2", title: "Step 2", owner: "yellow", presentation: .replace),
            RouteDefinition("purple", path: "/purple", title: "Purple", owner: "purple"),
            RouteDefinition("purple.one", path: "/purple/1", title: "Purple 1", owner: "purple"),
            RouteDefinition("purple.two", path: "/purple/2", title: "Purple 2", owner: "purple"),
            RouteDefinition("purple.three", path: "/purple/3", title: "Purple 3", owner: "purple"),
            RouteDefinition("info.form", path: "/info/form", title: "Info", owner: "info-form", presentation: .modal(.formSheet)),
            RouteDefinition("info.alert", path: "/info/alert", title: "Heads Up", owner: "info-alert", presentation: .modal(.alert)),
        ],
        signIn: SignInConfiguration(route: "login", signedInFlow: "main", signedOutFlow: "login-flow")
    )
}
