/// How an app signs people in: where guards send them, and which flows signing in and out enter.
public struct SignInConfiguration: Hashable, Sendable {
    /// The route a guard redirects to, such as `login`; it must not itself require sign-in.
    public var route: RouteName
    /// The flow entered on sign-in when it is not already active (SUMA's Main App).
    public var signedInFlow: CoordinatorID?
    /// The flow entered on sign-out; without one, the whole tree starts fresh.
    public var signedOutFlow: CoordinatorID?

    /// Creates a sign-in configuration.
    public init(route: RouteName, signedInFlow: CoordinatorID? = nil, signedOutFlow: CoordinatorID? = nil) {
        self.route = route
        self.signedInFlow = signedInFlow
        self.signedOutFlow = signedOutFlow
    }
}
