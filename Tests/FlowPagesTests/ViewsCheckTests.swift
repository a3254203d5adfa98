import FlowDefinition
@testable import FlowPages
import Foundation
import Testing

@Suite struct ViewsCheckTests {
    func makeViews(_ files: [String: String]) throws -> String {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        for (path, text) in files {
            let url = views.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return views.path
    }

    static let app = """
        <app id="notes" title="Notes">
          <link-scheme name="notesapp"/>
          <link-host name="notes.example"/>
          <navigation><stack id="main" root="list"/></navigation>
          <routes>
            <route name="list" path="/" title="Notes" owner="main"/>
            <route name="note" path="/notes/{id}" title="Note" owner="main" deep-link="true"><param name="id" type="integer"/></route>
          </routes>
        </app>
        """

    @Test func aValidViewsFolderHasNoProblems() throws {
        let views = try makeViews(["notes/app.xml": Self.app, "notes/list.html": "<h1>Notes</h1>", "notes/note.html": "<h1>{{ title }}</h1>"])
        #expect(ViewsCheck.problems(views: views).isEmpty)
    }

    @Test func problemsInAppXMLAndTemplatesAreListedTogether() throws {
        let views = try makeViews([
            "notes/app.xml": Self.app.replacingOccurrences(of: "owner=\"main\" deep-link", with: "owner=\"mian\" deep-link"),
            "notes/list.html": "<h1>Notes</h1>", "notes/note.html": "<script>{{ x }}</script>",
        ])
        let problems = ViewsCheck.problems(views: views)
        #expect(problems == [
            "\(views)/notes/app.xml:7: route 'note' names owner 'mian', which is not a coordinator",
            "\(views)/notes/note.html:1:9: output inside <script> is refused; pass data in a data-* attribute instead",
        ])
        #expect(ViewsCheck.problems(views: "/nonexistent") == ["/nonexistent: not a folder; pass the views folder, such as Views"])
    }

    @Test func theRouteTableListsEveryRoute() throws {
        let views = try makeViews(["notes/app.xml": Self.app, "notes/list.html": "x", "notes/note.html": "x"])
        let table = try ViewsCheck.routeTable(app: "notes", views: views).get()
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ROUTE  URL"))
        #expect(lines[1].hasPrefix("list   /            main   push"))
        #expect(lines[2].hasSuffix("https://notes.example notesapp://"))
        #expect(lines[2].contains("/notes/{id}"))
    }

    /// Views/README.md is where app authors learn what the server provides: every registered
    /// effect and every alert FlowPages shows by convention is listed there, once.
    @Test func theFolderReferenceListsEveryEffectAndWellKnownAlert() throws {
        let readme = try String(contentsOf: LiveApp.repository.appendingPathComponent("Views/README.md"), encoding: .utf8)
        for name in EffectRegistry.prototype.effects.keys {
            #expect(readme.contains("  - `\(name)`"), "Views/README.md does not describe the effect '\(name)'")
        }
        for alert in WellKnownAlert.allCases {
            #expect(readme.contains("| `\(alert.id)` |"), "Views/README.md does not list the alert '\(alert.id)'")
        }
    }

    @Test func aFolderNamingAnEffectTheServerLacksIsReportedWithItsLine() throws {
        let app = Self.app.replacingOccurrences(of: "</routes>", with: "</routes><actions><action id=\"like\"><effect name=\"toggle-favorite\"/></action></actions>")
        let views = try makeViews(["notes/app.xml": app, "notes/list.html": "x", "notes/note.html": "x"])
        let problems = ViewsCheck.problems(views: views)
        #expect(problems.contains { $0.contains("app.xml:") && $0.contains("runs effect 'toggle-favorite', which FlowPages does not provide") }, "\(problems)")
    }
}
