import FlowPages
import Foundation
import Testing

/// `Views/README.md`'s complete example, read from the page itself: its files written into a
/// folder, checked, served and walked, so the documentation cannot drift from what works.
@Suite struct ReadmeExampleTests {
    /// The example's files, by name: each `#### \`notes/<file>\`` heading and the fenced block
    /// under it.
    static func files() throws -> [String: String] {
        let readme = try String(contentsOf: LiveApp.repository.appendingPathComponent("Views/README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## A complete example")).upperBound
        var files: [String: String] = [:]
        var lines = readme[section...].split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let heading = lines.first {
            lines = lines.dropFirst()
            guard heading.hasPrefix("#### `notes/"), heading.hasSuffix("`") else { continue }
            let name = String(heading.dropFirst("#### `notes/".count).dropLast())
            lines = lines.drop { !$0.hasPrefix("```") }.dropFirst()
            let body = lines.prefix { $0 != "```" }
            files[name] = body.joined(separator: "\n") + "\n"
            lines = lines.dropFirst(body.count + 1)
        }
        return files
    }

    static func folder() throws -> URL {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("readme-example-\(UUID().uuidString)")
        let notes = views.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        for (name, text) in try files() { try text.write(to: notes.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return views
    }

    @Test func theExampleHasEveryFileItsAppNeeds() throws {
        #expect(try Set(Self.files().keys) == ["app.xml", "db.json", "login.html", "forgot.html", "notes.html", "note.html", "compose.html", "account.html"])
        let views = try Self.folder()
        defer { try? FileManager.default.removeItem(at: views) }
        #expect(ViewsCheck.problems(views: views.path).isEmpty, "\(ViewsCheck.problems(views: views.path))")
    }

    @Test func theExampleIsWalkedAsItsTextSays() throws {
        let views = try Self.folder()
        defer { try? FileManager.default.removeItem(at: views) }
        let app = try LiveApp(views: views.path)
        var browser = LiveBrowser(app)
        try browser.open("/notes/")
        #expect(browser.page.heading == "Log In")
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(browser.page.heading == "Notes" && browser.url.hasSuffix("/notes/"), "the root route, at the app's own root")
        try browser.reload()
        #expect(browser.last.status == 200 && browser.page.heading == "Notes", "and reloading it stays there")
        try browser.click("Groceries")
        #expect(browser.page.heading == "Groceries" && browser.page.root.content.contains("Milk, bread and apples."))
        try browser.goBack()
        try browser.press("New Note")
        #expect(browser.page.heading == "New Note")
        try browser.press("Save")
        #expect(browser.page.root.content.contains("Give the note a title."))
        try browser.press("Save", filling: ["Title": "Ideas", "Note": "Walk every flow."])
        #expect(browser.page.heading == "Ideas" && browser.page.toasts == ["Note saved."])
        try browser.open("/notes/")
        #expect(browser.page.root.elements("a").map(\.content).filter { ["Groceries", "Ideas"].contains($0) } == ["Groceries", "Ideas"])
        try browser.selectTab("account")
        #expect(browser.page.root.content.contains("Signed in as Test User (test@example.com)."))
        try browser.press("Log Out")
        #expect(browser.page.heading == "Log In" && browser.page.toasts == ["You are logged out."])
    }
}
