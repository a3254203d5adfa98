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
}
