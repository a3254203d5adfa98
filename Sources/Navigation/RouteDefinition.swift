/// One row of an app's route table.
public struct RouteDefinition: Hashable, Sendable {
    /// The route's unique name.
    public var name: RouteName
    /// The URL path pattern, such as `/listing/{id}`; parameters not in the path travel in the query.
    public var path: String
    /// Other path patterns of the same screen (an Android destination's further deep links, an
    /// older address): a link or a typed URL matching one opens the route, whose URL stays ``path``.
    public var aliases: [String]
    /// Every parameter the route takes, path and query.
    public var parameters: [ParameterDefinition]
    /// The screen title, as a person reads it in the navigation bar.
    public var title: String
    /// A shorter name for breadcrumbs, such as "Register" for "Create Account"; nil uses the title.
    public var breadcrumb: String?
    /// The stack coordinator that owns the route: where universal navigation and deep links put it.
    public var owner: CoordinatorID
    /// Other stacks that may push the route when it is navigated to from within them, such as a
    /// listing opened from Search results rather than from Home.
    public var sharedWith: [CoordinatorID]
    /// How the route appears.
    public var presentation: Presentation
    /// Whether showing the route requires a signed-in user.
    public var requiresSignIn: Bool
    /// Whether the route may be opened by a deep link (universal link or custom scheme).
    public var isDeepLinkable: Bool

    /// Creates a route definition.
    public init(
        _ name: RouteName,
        path: String,
        title: String,
        owner: CoordinatorID,
        presentation: Presentation = .push,
        parameters: [ParameterDefinition] = [],
        sharedWith: [CoordinatorID] = [],
        requiresSignIn: Bool = false,
        deepLink: Bool = false,
        breadcrumb: String? = nil,
        aliases: [String] = []
    ) {
        self.name = name
        self.path = path
        self.aliases = aliases
        self.parameters = parameters
        self.title = title
        self.breadcrumb = breadcrumb
        self.owner = owner
        self.sharedWith = sharedWith
        self.presentation = presentation
        self.requiresSignIn = requiresSignIn
        self.isDeepLinkable = deepLink
    }

    /// The definition of the parameter called `name`, if the route takes it.
    public func parameter(_ name: String) -> ParameterDefinition? {
        parameters.first { $0.name == name }
    }

    /// The parameters of a screen of this route as it reads them: its own, and the default of
    /// each it leaves out.
    public func values(of instance: RouteInstance) -> [String: String] {
        var values = instance.parameters
        for parameter in parameters where values[parameter.name] == nil {
            if let value = parameter.defaultValue { values[parameter.name] = value }
        }
        return values
    }
}
