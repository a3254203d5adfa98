import FlowPagesTestSupport
import Foundation
import Testing

/// A first-time visitor — no session, nothing stored — opening a guarded address, as a deep
/// link's fallback page is reached on a phone without the app: the app's sign-in is shown there
/// with a line saying why, and signing in lands on that address.
@Suite struct FirstVisitLiveTests {
    @Test(arguments: [
        // Reality Portal's sign-in is a sheet over its Home; SUMA Finance's a pushed screen.
        ("/reality-portal/favorites", "Log In", "Favorites", "/reality-portal/_action/log-in"),
        ("/suma-finance/accounts", "Login", "Accounts", "/suma-finance/_action/log-in"),
    ])
    func aGuardedAddressShowsTheSignInThenLeadsThere(address: String, signIn: String, guarded: String, action: String) throws {
        let app = try LiveApp()
        var visitor = LiveBrowser(app)
        try visitor.open(address)
        #expect(visitor.last.status == 200 && visitor.page.heading == signIn && visitor.url == address, "shown where it was asked for")
        #expect(visitor.page.toasts == ["Sign in to see “\(guarded)”."])
        #expect(try app.data.sessionCount() == 0, "nothing stored before the first post")
        try visitor.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        if visitor.page.heading == "Biometric Enrollment" { try visitor.press("Skip") }
        #expect(visitor.page.heading == guarded && visitor.url == address)
    }

    @Test func whereASignInLeadsIsOnlyAGuardedScreenOfTheSameApp() throws {
        let app = try LiveApp()
        // Another site, another app, screens of this app that need no sign-in (a sign-in leads
        // only where one was needed), and no screen at all.
        for then in ["https://evil.example/", "//evil.example/", "/suma-finance/accounts", "/reality-portal/search", "/reality-portal/featured",
                     "/reality-portal/listing/1", "/reality-portal/listing/999999/x"] {
            var visitor = LiveBrowser(app)
            try visitor.open("/reality-portal/favorites")
            try visitor.post("/reality-portal/_action/log-in", ["csrf": visitor.hidden("csrf"), "screen": "/reality-portal/login", "then": then,
                                                                "form": "login", "email": "test@example.com", "password": "password123"])
            #expect(visitor.url.hasPrefix("/reality-portal/") && visitor.page.heading == "Home", "\(then): the sign-in's own landing, nowhere else")
        }
    }

    /// Pantry's guarded tab, as a first-time visitor meets it: its login sheet's action signs in
    /// and then dismisses — signing in already closed the sheet, resuming the tab.
    @Test func aGuardedTabsSignInSheetThatAlsoDismissesLeadsToTheTab() throws {
        let app = try Fixtures.pantry()
        var visitor = LiveBrowser(app)
        try visitor.open("/pantry/")
        try visitor.selectTab("shopping")
        #expect(visitor.page.heading == "Sign In")
        try visitor.press("Sign In", filling: ["Email address": "cook@example.com", "Password": "pantry-pass-1"])
        #expect(visitor.page.heading == "Shopping" && visitor.page.toasts.isEmpty, "\(visitor.page.heading): \(visitor.page.toasts)")
        #expect(visitor.page.root.all.contains { $0.name == "p" && $0.content.hasPrefix("Signed in as") })
    }

    /// A typed address naming a record that does not exist shows the Invalid Link alert, whose
    /// buttons answer it — for a visitor with a session and for one without.
    @Test(arguments: [true, false]) func theInvalidLinkAlertOfATypedAddressIsAnswered(hasSession: Bool) throws {
        let app = try LiveApp()
        var visitor = LiveBrowser(app)
        if hasSession {
            try visitor.open("/reality-portal/")
            try visitor.selectTab("search")
            #expect(try app.data.sessionCount() == 1)
        }
        try visitor.open("/reality-portal/listing/999999")
        #expect(visitor.last.status == 404 && visitor.page.alert?.title == "Invalid Link")
        try visitor.press("OK")
        #expect(visitor.page.alert == nil && visitor.page.toasts.isEmpty, "answered, not out of date: \(visitor.page.toasts)")
        #expect(visitor.page.heading == (hasSession ? "Search" : "Home"), "where the session was")
    }

    /// A guarded screen that is also a deep link, opened by a visitor without a session: the
    /// sign-in is shown in place, and signing in lands on the link.
    @Test func aGuardedDeepLinkOpenedByAFirstTimeVisitorIsKept() throws {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("pantry-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Tests/Apps/pantry"), to: views.appendingPathComponent("pantry"))
        let definition = views.appendingPathComponent("pantry/app.xml")
        let xml = try String(contentsOf: definition, encoding: .utf8)
        try xml.replacingOccurrences(of: #"owner="shopping" requires-sign-in="true">"#, with: #"owner="shopping" requires-sign-in="true" deep-link="true">"#)
            .write(to: definition, atomically: true, encoding: .utf8)
        let app = try LiveApp(views: views.path)
        var visitor = LiveBrowser(app)
        try visitor.open("/pantry/shopping")
        #expect(visitor.url == "/pantry/shopping" && visitor.page.heading == "Sign In", "shown where it was asked for: \(visitor.url)")
        try visitor.press("Sign In", filling: ["Email address": "cook@example.com", "Password": "pantry-pass-1"])
        #expect(visitor.page.heading == "Shopping" && visitor.url == "/pantry/shopping", "\(visitor.url): \(visitor.page.heading)")
    }
}
