import FlowDefinition
import HTTPServer
import Navigation

/// The URLs of one mounted app: screens at their route paths, and the form-post endpoints for
/// navigation (back, tab, dismiss) and actions, all under the app's mount prefix.
///
/// An app mounts at `/<app-id>` by default, or at the root (prefix "") for a configured host,
/// so universal-link paths work verbatim.
package struct AppURLs: Sendable {
    /// "" or "/<app-id>".
    package let prefix: String
    let navigation: NavigationDefinition
    /// Each route's path placeholders in the path's order, read once from its pattern (two or
    /// three at most: an array searched beats a set hashed).
    private let pathParameters: [RouteName: [String]]
    /// The query items of the routes whose parameters are read from items of other names.
    private let queryKeys: [RouteName: [String: String]]
    /// Each route's path pattern and its number of placeholders, by the route's name as
    /// templates write it.
    private let patterns: [String: (pattern: PathPattern, placeholders: Int)]

    /// The addresses of `navigation`'s screens under `prefix`.
    package init(prefix: String, navigation: NavigationDefinition) {
        self.prefix = prefix
        self.navigation = navigation
        pathParameters = Dictionary(uniqueKeysWithValues: navigation.routes.map { route in
            (route.name, (try? PathPattern(route.path))?.parameterNames ?? [])
        })
        patterns = Dictionary(uniqueKeysWithValues: navigation.routes.compactMap { route in
            (try? PathPattern(route.path)).map { (route.name.rawValue, ($0, $0.parameterNames.count)) }
        })
        queryKeys = Dictionary(uniqueKeysWithValues: navigation.routes.compactMap { route in
            let renamed = route.parameters.filter { $0.queryName != nil }
            return renamed.isEmpty ? nil : (route.name, Dictionary(uniqueKeysWithValues: renamed.map { ($0.name, $0.queryKey) }))
        })
    }

    /// The URL of a screen: its path with path parameters filled, other parameters in the query,
    /// sorted so equal screens have equal URLs.
    package func screen(_ instance: RouteInstance) -> String {
        let path = navigation.path(for: instance) ?? "/"
        let inPath = pathParameters[instance.name] ?? []
        let full = prefix + (prefix.isEmpty || path != "/" ? path : "/")
        // Most links carry only their path's values (a list's links to its records): no query.
        if instance.parameters.count <= inPath.count, instance.parameters.keys.allSatisfy(inPath.contains) { return full }
        let keys = queryKeys[instance.name] ?? [:]
        let query = instance.parameters.filter { !inPath.contains($0.key) }.map { (keys[$0.key] ?? $0.key, $0.value) }.sorted { $0.0 < $1.0 }
            .map { "\(URLEncoding.encode($0.0))=\(URLEncoding.encode($0.1))" }
        return query.isEmpty ? full : full + "?" + query.joined(separator: "&")
    }

    /// The placeholders of `route`'s path that `parameters` leaves empty, in the path's order;
    /// nil when the app has no such route.
    func missingPathParameters(of route: RouteName, in parameters: [String: String]) -> [String]? {
        pathParameters[route].map { names in names.filter { parameters[$0] == nil } }
    }

    /// The URL of a screen of the route `name` whose `count` parameters all fill its path's
    /// placeholders, each placeholder's value given by `value` (`{{ url "listing" id=item.id }}`,
    /// most of a page's links): made without a ``RouteInstance``. Nil when there is no such
    /// route, the count differs, or a placeholder has no value; ``screen(_:)`` makes those.
    func screen(route name: String, count: Int, value: (String) -> String?) -> String? {
        guard let (pattern, placeholders) = patterns[name], placeholders == count, let path = pattern.path(filling: value) else { return nil }
        return prefix + (prefix.isEmpty || path != "/" ? path : "/")
    }

    /// Whether `parameter` fills a segment of the route's path (else it travels in the query).
    func isInPath(_ parameter: String, of route: RouteName) -> Bool {
        pathParameters[route]?.contains(parameter) == true
    }

    /// Where Back and Close post.
    var back: String { prefix + ReservedPath.back.path }
    /// Where selecting a tab posts.
    func tab(_ id: CoordinatorID) -> String { prefix + ReservedPath.tab.path(URLEncoding.encode(id.rawValue)) }
    /// The app's own stylesheet, when it has one.
    var stylesheet: String { prefix + ReservedPath.stylesheet.path }
    /// Where dismissing a modal posts.
    var dismiss: String { prefix + ReservedPath.dismiss.path }
    /// Where a form posts to keep what was typed as a draft, saving nothing (Enter in a guarded form).
    var keep: String { prefix + ReservedPath.keep.path }
    /// Where the "Discard" of an unsaved-changes alert posts.
    var discard: String { prefix + ReservedPath.discard.path }
    /// Where the error page of a screen that could not be shown posts to start its flow over.
    var startOver: String { prefix + ReservedPath.startOver.path }
    /// The app's own link opener: `?url=` any link; what it cannot open is an invalid link.
    package var opener: String { prefix + ReservedPath.opener.path }
    /// The folder's preview image, for link previews (`/_preview.png`).
    func previewImage(_ image: PreviewImage) -> String {
        prefix + ReservedPath.previewImage.path(image.name.split(separator: ".").last.map { String($0).lowercased() } ?? "png")
    }
    /// Where an action posts.
    func action(_ id: String) -> String { prefix + ReservedPath.action.path(URLEncoding.encode(id)) }
}
