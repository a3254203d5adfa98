import Crypto
import FlowDefinition
import Foundation
import Navigation

/// What an audited state is made of, as files: its screen's template with the app's own partials
/// it includes, read from the app folder; and what the state's definition says. Its hash tells a
/// finding made before the folder changed ("changed since reviewed"); the folder's hash is what
/// an audit is started on.
struct StateSources {
    /// The template sources, the screen's first.
    let templates: [String]
    /// The route and the overlay (form, alert, toast) as the definition holds them.
    let definition: String

    init(_ state: AuditState, in app: MountedApp) {
        let definition = app.app
        let route = state.shownRoute(in: definition.navigation)
        templates = route.flatMap { definition.templates[$0] }.map { Self.sources(of: $0, app: definition) } ?? []
        var parts = [state.kind.rawValue]
        if let route, let described = definition.navigation.route(route) { parts.append(String(describing: described)) }
        if let overlay = state.overlay {
            parts.append([definition.forms[overlay].map { String(describing: $0) }, definition.alerts[overlay].map { String(describing: $0) },
                          definition.toasts[overlay]].compactMap { $0 }.joined(separator: "\n"))
        }
        self.definition = parts.joined(separator: "\n")
    }

    /// SHA-256 of the templates and the definition, in hex.
    var hash: String {
        Self.hex(SHA256.hash(data: Data((templates + [definition]).joined(separator: "\u{0}").utf8)))
    }

    /// The template `name` (`coin/recents`) and the app's own partials it includes, each once.
    private static func sources(of name: String, app: AppDefinition) -> [String] {
        var seen: Set<String> = []
        var found: [String] = []
        var queue = [name]
        while let next = queue.popLast() {
            guard seen.insert(next).inserted, next.hasPrefix(app.id + "/"),
                  let text = try? String(contentsOfFile: app.folder + "/" + next.dropFirst(app.id.count + 1) + ".html", encoding: .utf8)
            else { continue }
            found.append(text)
            // `{{> coin/coin-card …}}`: the app's own partials; the shared layout is FlowPages'.
            for piece in text.components(separatedBy: "{{>").dropFirst() {
                let partial = piece.drop { $0 == " " }.prefix { !$0.isWhitespace && $0 != "}" }
                queue.append(String(partial))
            }
        }
        return found
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
