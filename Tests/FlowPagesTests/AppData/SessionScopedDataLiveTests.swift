import FlowPages
import FlowPagesTestSupport
import Foundation
import Testing

/// A collection kept per session (`scope="session"`) stays each session's own while signed in:
/// two people signed in to one account each keep their own edits, never the other's.
@Suite struct SessionScopedDataLiveTests {
    /// `Views/README.md`'s Notes example with its notes kept per session instead of per account.
    static func folder() throws -> URL {
        let views = try Fixtures.readmeExample()
        let notes = views.appendingPathComponent("notes")
        let xml = try String(contentsOf: notes.appendingPathComponent("app.xml"), encoding: .utf8)
        try xml.replacingOccurrences(of: #"<collection id="notes" scope="account">"#, with: #"<collection id="notes" scope="session">"#)
            .write(to: notes.appendingPathComponent("app.xml"), atomically: true, encoding: .utf8)
        let data = try String(contentsOf: notes.appendingPathComponent("db.json"), encoding: .utf8)
        try data.replacingOccurrences(of: #", "_account": "test@example.com""#, with: "")
            .write(to: notes.appendingPathComponent("db.json"), atomically: true, encoding: .utf8)
        return views
    }

    static func signedIn(_ app: LiveApp) throws -> LiveBrowser {
        var browser = LiveBrowser(app)
        try browser.open("/notes/")
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(browser.page.heading == "Notes")
        return browser
    }

    static func titles(_ browser: inout LiveBrowser) throws -> [String] {
        try browser.open("/notes/")
        return browser.page.main?.elements("a").map(\.content).filter { !["New Note"].contains($0) } ?? []
    }

    /// The same app open to visitors: its notes tab needs no sign-in, its account tab does.
    static func openFolder() throws -> URL {
        let views = try folder()
        let file = views.appendingPathComponent("notes/app.xml")
        let xml = try String(contentsOf: file, encoding: .utf8)
        try xml.replacingOccurrences(of: #"<flows id="app" initial="auth">"#, with: #"<flows id="app" initial="main">"#)
            .replacingOccurrences(of: #"<tabs id="main" requires-sign-in="true">"#, with: #"<tabs id="main">"#)
            .replacingOccurrences(of: #"<tab id="account" root="account""#, with: #"<tab id="account" requires-sign-in="true" root="account""#)
            .write(to: file, atomically: true, encoding: .utf8)
        return views
    }

    @Test func aVisitorsEditsAreStillThereAfterSigningIn() throws {
        let views = try Self.openFolder()
        defer { try? FileManager.default.removeItem(at: views) }
        let app = try LiveApp(views: views.path)
        var visitor = LiveBrowser(app)
        try visitor.open("/notes/")
        #expect(visitor.page.heading == "Notes", "open to visitors")
        try visitor.press("New Note")
        try visitor.press("Save", filling: ["Title": "Written before signing in"])
        try visitor.selectTab("account")
        try visitor.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(visitor.page.heading == "Account", "signed in, where the guard was")
        #expect(try Self.titles(&visitor).contains("Written before signing in"), "the session's copy, kept across the sign-in")
        var other = LiveBrowser(app)
        try other.open("/notes/")
        try other.selectTab("account")
        try other.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(other.page.heading == "Account")
        #expect(try !Self.titles(&other).contains("Written before signing in"), "and no one else's, signed in to the same account")
    }

    @Test func twoSessionsSignedInToOneAccountEachKeepTheirOwnCopy() throws {
        let views = try Self.folder()
        defer { try? FileManager.default.removeItem(at: views) }
        let app = try LiveApp(views: views.path)
        var first = try Self.signedIn(app)
        var second = try Self.signedIn(app)
        try first.press("New Note")
        try first.press("Save", filling: ["Title": "First's own"])
        try second.press("New Note")
        try second.press("Save", filling: ["Title": "Second's own"])
        #expect(try Self.titles(&first).contains("First's own") && !Self.titles(&first).contains("Second's own"))
        #expect(try Self.titles(&second).contains("Second's own") && !Self.titles(&second).contains("First's own"))
        // Signing out and in again keeps the session's copy: it is the session's, not the sign-in's.
        try first.selectTab("account")
        try first.press("Log Out")
        try first.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(try Self.titles(&first).contains("First's own") && !Self.titles(&first).contains("Second's own"))
    }
}
