import Navigation

extension Fixtures {
    /// SUMA Finance (seeds 000, 001 as DECISIONS.md reads them): onboarding, auth and main flows.
    public static let suma: NavigationDefinition = build(
        root: .flows("suma", initial: "onboarding", [
            .stack("onboarding", root: "onboarding.welcome"),
            .stack("auth", root: "login", depthLimit: 4, modals: [
                .stack("terms", root: "legal.terms"),
                .stack("privacy", root: "legal.privacy"),
            ]),
            .tabs("main", [
                .stack("home", root: "home", tab: TabItem("Home", icon: "house.fill")),
                .stack("transactions", root: "transactions", tab: TabItem("Transactions", icon: "list.bullet.rectangle")),
                .stack("accounts", root: "accounts", tab: TabItem("Accounts", icon: "creditcard.fill")),
                .stack("profile", root: "profile", tab: TabItem("Profile", icon: "person.crop.circle.fill")),
            ], modals: [
                .stack("biometric", root: "biometric-enrollment"),
            ], requiresSignIn: true),
        ], modals: [
            .stack("invalid-link", root: "invalid-link"),
        ]),
        routes: [
            RouteDefinition("onboarding.welcome", path: "/onboarding", title: "Welcome to SUMA Finance", owner: "onboarding"),
            RouteDefinition("onboarding.secure", path: "/onboarding/secure", title: "Secure & Private", owner: "onboarding", presentation: .replace),
            RouteDefinition("onboarding.get-started", path: "/onboarding/get-started", title: "Get Started", owner: "onboarding", presentation: .replace),
            RouteDefinition("login", path: "/auth/login", title: "Login", owner: "auth", deepLink: true),
            RouteDefinition("register", path: "/auth/register", title: "Create Account", owner: "auth",
                            parameters: [ParameterDefinition("referral", required: false)], deepLink: true, breadcrumb: "Register"),
            RouteDefinition("personal-info", path: "/auth/register/personal-info", title: "Personal Info", owner: "auth"),
            RouteDefinition("verify-email", path: "/auth/verify-email", title: "Verify Email", owner: "auth",
                            parameters: [ParameterDefinition("email"), ParameterDefinition("token", required: false)], deepLink: true),
            RouteDefinition("registration-success", path: "/auth/register/success", title: "Registration Success", owner: "auth", presentation: .replaceStack),
            RouteDefinition("forgot-password", path: "/auth/forgot-password", title: "Forgot Password", owner: "auth", deepLink: true),
            RouteDefinition("verification-code", path: "/auth/forgot-password/code", title: "Verification Code", owner: "auth",
                            parameters: [ParameterDefinition("email")]),
            RouteDefinition("new-password", path: "/auth/reset-password", title: "New Password", owner: "auth",
                            parameters: [ParameterDefinition("token"), ParameterDefinition("email")], deepLink: true),
            RouteDefinition("legal.terms", path: "/legal/terms", title: "Terms & Conditions", owner: "terms", presentation: .modal(.fullScreen)),
            RouteDefinition("legal.privacy", path: "/legal/privacy", title: "Privacy Policy", owner: "privacy", presentation: .modal(.fullScreen)),
            RouteDefinition("home", path: "/home", title: "Home", owner: "home"),
            RouteDefinition("transactions", path: "/transactions", title: "Transactions", owner: "transactions"),
            RouteDefinition("transaction", path: "/transactions/{id}", title: "Transaction", owner: "transactions",
                            parameters: [ParameterDefinition("id", kind: .integer)]),
            RouteDefinition("accounts", path: "/accounts", title: "Accounts", owner: "accounts"),
            RouteDefinition("profile", path: "/profile", title: "Profile", owner: "profile"),
            RouteDefinition("profile.settings", path: "/profile/settings", title: "Settings", owner: "profile"),
            RouteDefinition("biometric-enrollment", path: "/biometric-enrollment", title: "Biometric Enrollment", owner: "biometric", presentation: .modal(.fullScreen)),
            RouteDefinition("invalid-link", path: "/invalid-link", title: "Invalid Link", owner: "invalid-link", presentation: .modal(.alert)),
        ],
        signIn: SignInConfiguration(route: "login", signedInFlow: "main", signedOutFlow: "auth")
    )
}
