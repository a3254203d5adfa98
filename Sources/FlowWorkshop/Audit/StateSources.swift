import Crypto
import FlowDefinition
import FlowPages
import Foundation
import Navigation

/// What an audited state is made of, as files: its screen's template with every template it
/// extends or includes — the app's own partials and the shared layouts —, the app's stylesheet
/// and icons; and what the state's definition says, with the records it shows as the app folder
/// ships them. Its hash tells a finding made before any of
/// them changed ("changed since reviewed"); the folder's hash is what an audit is started on.
struct StateSources {
    /// The template sources, the screen's first.
    let templates: [String]
    /// The route and the overlay (form, alert, toast) as the definition holds them.
    let definition: String
    /// The app folder's own stylesheet and icons and FlowPages' shared stylesheet, as their files hold them now.
    let look: [UInt8]

    init(_ state: AuditState, in app: MountedApp) {
        let definition = app.app
        let route = state.shownRoute
        templates = route.flatMap { definition.templates[$0] }.map { Self.sources(of: $0, app: app) } ?? []
        look = (["style.css", "icons.svg"].map { definition.folder + "/" + $0 } + [app.sharedStylesheet].compactMap { $0 })
            .flatMap { FileManager.default.contents(atPath: $0).map(Array.init) ?? [] }
        var parts = [state.kind.rawValue]
        if let route, let described = definition.navigation.route(route) { parts.append(String(describing: described)) }
        // The records it shows: its collections' records as the app folder ships them.
        if let route, let data = definition.routeData[route] {
            let collections = Set(data.bindings.map(\.collection) + data.queries.map(\.collection))
            parts += definition.data.fixtures.filter { collections.contains($0.collection) }
                .sorted { ($0.collection, $0.id) < ($1.collection, $1.id) }.map { String(describing: $0) }
        }
        if let overlay = state.overlay {
            parts.append([definition.forms[overlay].map { String(describing: $0) }, definition.alerts[overlay].map { String(describing: $0) },
                          definition.toasts[overlay]].compactMap { $0 }.joined(separator: "\n"))
        }
        self.definition = parts.joined(separator: "\n")
    }

    /// SHA-256 of the templates, the definition and the app's look, in hex.
    var hash: String {
        var hasher = SHA256()
        hasher.update(data: Data((templates + [definition]).joined(separator: "\u{0}").utf8))
        hasher.update(data: Data(look))
        return Self.hex(hasher.finalize())
    }

    /// The sources of template `name` (`coin/recents`) and of every template it extends or
    /// includes (``TemplateSet/dependencies(of:)``), as their files hold them now: the app's own
    /// from its folder, the shared layouts from the views folder's (or those installed with
    /// FlowPages, ``SharedLayouts``).
    private static func sources(of name: String, app: MountedApp) -> [String] {
        let layouts = SharedLayouts.folder(for: (app.app.folder as NSString).deletingLastPathComponent)
        return app.templates.dependencies(of: name).compactMap { template in
            file(of: template, app: app.app, layouts: layouts).flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        }
    }

    /// The file of the template `name`: the app's own, or a shared layout; nil for any other.
    private static func file(of name: String, app: AppDefinition, layouts: String?) -> String? {
        if name.hasPrefix(app.id + "/") { return app.folder + "/" + name.dropFirst(app.id.count + 1) + ".html" }
        if name.hasPrefix(SharedLayouts.name + "/"), let layouts { return layouts + "/" + name.dropFirst(SharedLayouts.name.count + 1) + ".html" }
        return nil
    }

    /// The file of the template `name` as a person finds it under the views folder, as ``file(of:app:layouts:)``
    /// picks it: `pantry/list.html` in the app's folder, `_layout/app.html` among the shared layouts; nil for any other.
    static func viewsPath(of name: String, app: AppDefinition) -> String? {
        if name.hasPrefix(app.id + "/") { return (app.folder as NSString).lastPathComponent + "/" + name.dropFirst(app.id.count + 1) + ".html" }
        if name.hasPrefix(SharedLayouts.name + "/") { return name + ".html" }
        return nil
    }

    /// SHA-256 over every file of the app folder, by path: what an audit was started on.
    static func folderHash(_ app: AppDefinition) -> String {
        let root = URL(fileURLWithPath: app.folder).resolvingSymlinksInPath()
        let files = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .map { $0.resolvingSymlinksInPath().path }.sorted()
        var hasher = SHA256()
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            hasher.update(data: Data(path.dropFirst(root.path.count).utf8))
            hasher.update(data: data)
        }
        return hex(hasher.finalize())
    }

    private static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
