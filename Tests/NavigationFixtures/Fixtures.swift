import Navigation

/// The coordinator trees of the seed apps and of the SwiftUIFlow demo, shared by the tests and
/// the benchmarks until the apps are loaded from `app.xml`.
public enum Fixtures {
    /// Every fixture with its name.
    public static let all: [(name: String, definition: NavigationDefinition)] = [
        ("SUMA Finance", suma), ("Reality Portal", realityPortal), ("COIN", coin), ("SwiftUIFlow demo", demo),
    ]

    static func build(root: CoordinatorDefinition, routes: [RouteDefinition], signIn: SignInConfiguration? = nil) -> NavigationDefinition {
        do {
            return try NavigationDefinition(root: root, routes: routes, signIn: signIn)
        } catch {
            fatalError("fixture does not build: \(error)")
        }
    }
}
