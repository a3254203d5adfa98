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
    /// Each route's path pattern and its placeholders in the path's order, read once (two or
    /// three at most: an array searched beats a set hashed).
    private let paths: [RouteName: (pattern: PathPattern, placeholders: [String])]
    /// The query items of the routes whose parameters are read from items of other names.
    private let queryKeys: [RouteName: [String: String]]

    /// The addresses of `navigation`'s screens under `prefix`.
    package init(prefix: String, navigation: NavigationDefinition) {
        self.prefix = prefix
        // The loader admits only routes whose paths parse.
        paths = Dictionary(uniqueKeysWithValues: navigation.routes.compactMap { route in
            (try? PathPattern(route.path)).map { (route.name, ($0, $0.parameterNames)) }
        })
        queryKeys = Dictionary(uniqueKeysWithValues: navigation.routes.compactMap { route in
            let renamed = route.parameters.filter { $0.queryName != nil }
            return renamed.isEmpty ? nil : (route.name, Dictionary(uniqueKeysWithValues: renamed.map { ($0.name, $0.queryKey) }))
        })
    }

    /// The URL of a screen: its path with path parameters filled, other parameters in the query,
    /// sorted so equal screens have equal URLs.
    package func screen(_ instance: RouteInstance) -> String {
        let route = paths[instance.name]
        let full = under(route?.pattern.path(with: instance.parameters) ?? "/")
        let inPath = route?.placeholders ?? []
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
        paths[route].map { $0.placeholders.filter { parameters[$0] == nil } }
    }

    /// The URL of a screen of the route `name` whose `count` parameters all fill its path's
    /// placeholders, each placeholder's value given by `value` (`{{ url "listing" id=item.id }}`,
    /// most of a page's links): made without a ``RouteInstance``. Nil when there is no such
    /// route, the count differs, or a placeholder has no value; ``screen(_:)`` makes those.
    func screen(route name: RouteName, count: Int, value: (String) -> String?) -> String? {
        guard let route = paths[name], route.placeholders.count == count, let path = route.pattern.path(filling: value) else { return nil }
        return under(path)
    }

    /// `path` under the mount's prefix: `/suma-finance/` for the root of a prefixed app.
    private func under(_ path: String) -> String {
        prefix + (prefix.isEmpty || path != "/" ? path : "/")
    }

    /// Whether `parameter` fills a segment of the route's path (else it travels in the query).
    func isInPath(_ parameter: String, of route: RouteName) -> Bool {
        paths[route]?.placeholders.contains(parameter) == true
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
