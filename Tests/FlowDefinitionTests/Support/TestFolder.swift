import FlowDefinition
import Foundation

/// An app folder written for one test: its `app.xml` and a one-line template per route, loaded as
/// a server would load it, and removed once loaded.
enum TestFolder {
    static func load(_ xml: String, app: String, templates: [String]) throws -> Result<AppDefinition, FolderProblems> {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: views) }
        let folder = views.appendingPathComponent(app)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: folder.appendingPathComponent("app.xml"))
        for template in templates {
            try Data("<h1>x</h1>".utf8).write(to: folder.appendingPathComponent(template + ".html"))
        }
        return AppFolderLoader.load(folder: folder.path, vocabulary: .test)
    }
}
