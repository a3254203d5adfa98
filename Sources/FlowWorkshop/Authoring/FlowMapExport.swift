import FlowDefinition
import FlowPages
import Foundation

/// `flowpages map`: an app folder's flow map as text, without a server.
public enum FlowMapExport {
    /// What the map is written as.
    public enum Format: String, CaseIterable, Sendable {
        case svg, mermaid, dot
    }

    /// The map of app `id` of the views folder `views` in `format`, its screens' links under
    /// `/<id>/`; or the folder's problems as `file:line: message`.
    public static func render(app id: String, views: String, format: Format) -> Result<String, ProblemLines> {
        let app: AppDefinition
        switch AppFolderLoader.load(folder: (views as NSString).appendingPathComponent(id), vocabulary: .served(with: .prototype)) {
        case .success(let loaded): app = loaded
        case .failure(let problems): return .failure(ProblemLines(problems.problems.map(\.description)))
        }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary.load(views: views) { $0.hasPrefix(id + "/") || $0.hasPrefix("_") }
        } catch {
            return .failure(ProblemLines(error.lines))
        }
        let map = FlowMap(app: app, templates: library.set, urls: AppURLs(prefix: "/" + id, navigation: app.navigation))
        let renderer = FlowMapRenderer(map: map)
        let text: String = switch format {
        case .svg: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + renderer.svg.replacingOccurrences(of: " aria-hidden=\"true\" focusable=\"false\"", with: "") + "\n"
        case .mermaid: renderer.mermaid
        case .dot: renderer.dot
        }
        return .success(text)
    }
}
