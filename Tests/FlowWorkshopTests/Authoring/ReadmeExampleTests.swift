import FlowPages
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import Testing

/// `Views/README.md`'s complete example, read from the page itself: its files written into a
/// folder, checked, served and walked, so the documentation cannot drift from what works.
@Suite struct ReadmeExampleTests {
    @Test func theExampleHasEveryFileItsAppNeeds() throws {
        #expect(try Set(Fixtures.readmeExampleFiles().keys) == ["app.xml", "db.json", "login.html", "forgot.html", "notes.html", "note.html", "compose.html", "account.html"])
        let views = try Fixtures.readmeExample()
        defer { try? FileManager.default.removeItem(at: views) }
        #expect(ViewsCheck.problems(views: views.path).isEmpty, "\(ViewsCheck.problems(views: views.path))")
    }

    @Test func theExampleIsWalkedAsItsTextSays() throws {
        let views = try Fixtures.readmeExample()
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
