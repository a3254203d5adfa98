import FlowDefinition
import Foundation
import Testing

/// The app folders under Views/ and the example in Views/README.md load with every check.
@Suite struct ShippedFoldersTests {
    static let views = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Views").path

    @Test func everyShippedAppFolderIsValid() {
        let (apps, problems) = AppFolderLoader.loadAll(views: Self.views, vocabulary: .test)
        #expect(problems.isEmpty, "\(problems)")
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: Self.views)) ?? [])
            .filter { FileManager.default.fileExists(atPath: "\(Self.views)/\($0)/app.xml") }
        #expect(apps.count == folders.count)
    }

    @Test func theReferenceExampleIsValid() throws {
        let page = try String(contentsOfFile: Self.views + "/README.md", encoding: .utf8)
        let start = try #require(page.range(of: "```xml\n<?xml"))
        let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        let xml = "<?xml" + String(page[start.upperBound..<end.lowerBound])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)/notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: folder.appendingPathComponent("app.xml"))
        for template in ["login", "forgot", "notes", "note", "compose", "account"] {
            try Data("<h1>x</h1>".utf8).write(to: folder.appendingPathComponent(template + ".html"))
        }
        let app = try AppFolderLoader.load(folder: folder.path, vocabulary: .test).get()
        #expect(app.navigation.routes.count == 6)
        #expect(app.actions.count == 4 && app.alerts.count == 1 && app.toasts.count == 1)
        #expect(app.fixtures.accounts.count == 1)
    }
}
