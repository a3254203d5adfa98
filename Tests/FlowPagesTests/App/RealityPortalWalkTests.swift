import FlowPagesTestSupport
import Foundation
import Testing

/// The Reality Portal walk-throughs of ACCEPTANCE-RP.md (C1–C13), over real HTTP against the
/// repository's own app folder, with a cookie jar and no JavaScript: links are followed as a
/// browser follows them, buttons post their forms.
@Suite struct RealityPortalWalkTests {
    static let entry = "/reality-portal/"
    /// The documented query that finds listings 123 and 456 (Views/reality-portal/README.md).
    static let query = "Prague"

    /// Presses the in-page Back until there is none, returning the headings shown.
    /// Submits the Search tab's form with `query`, as the browser does (a GET form).
    static func search(_ browser: inout LiveBrowser, _ query: String) throws {
        try browser.selectTab("search")
        try #require(browser.page.heading == "Search")
        let action = try #require(browser.page.root.elements("form").first { $0["role"] == "search" }?["action"])
        try browser.get(action + "?query=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query))
    }

    static func logIn(_ browser: inout LiveBrowser, password: String = "password123") throws {
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": password])
    }

    /// The tab bar's selected tab and each tab's accessible text.
    @Test func c1FiveTabsWithHomeActive() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        let tabs = browser.page.tabs
        #expect(tabs.labels == ["Home tab", "Search tab", "Favorites tab", "Inquiries tab", "Account tab"])
        #expect(tabs.selected == "Home tab" && browser.page.heading == "Home" && browser.page.back == nil)
        #expect(browser.page.root.elements("a").contains { $0.content == "Sunny Loft with Terrace" }, "123 is featured on Home")
    }

    @Test func c2TabStateIsKept() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try Self.search(&browser, Self.query)
        try browser.click("Sunny Loft with Terrace")
        #expect(browser.page.heading == "Sunny Loft with Terrace" && browser.page.tabs.selected == "Search tab")
        try browser.selectTab("home")
        try browser.selectTab("search")
        #expect(browser.page.heading == "Sunny Loft with Terrace" && browser.page.tabs.selected == "Search tab")
        #expect(try browser.backChain() == ["Results for “Prague”", "Search"])
    }

    @Test func c3TheSearchStackKeepsTheQuery() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try Self.search(&browser, Self.query)
        #expect(browser.page.heading == "Results for “Prague”")
        #expect(browser.page.main?.content.contains("2 listings found") == true)
        try browser.click("Family House with Garden")
        try browser.press("Back")
        #expect(browser.page.heading == "Results for “Prague”")
        try browser.press("Back")
        #expect(browser.page.heading == "Search" && browser.page.back == nil)
    }

    /// A search typed into the address with nothing to look for, or too much, is said on the
    /// screen one is on (400), which stays as it was: the path does name a screen.
    @Test(arguments: [("?query=", "is empty"), ("?query=" + String(repeating: "a", count: 101), "does not match"), ("", "has no query")])
    func aSearchAddressWithoutAFittingQueryIsSaidAndChangesNothing(query: String, fault: String) throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try Self.search(&browser, Self.query)
        try browser.open("/reality-portal/search/results" + query)
        #expect(browser.last.status == 400)
        #expect(browser.page.heading == "Results for “Prague”", "the session stayed where it was: \(browser.page.heading)")
        #expect(browser.page.toasts.contains { $0.contains("“Results” could not be shown") && $0.contains(fault) }, "\(browser.page.toasts)")
        try browser.selectTab("home")
        try browser.selectTab("search")
        #expect(browser.page.heading == "Results for “Prague”" && browser.page.toasts.isEmpty, "\(browser.page.heading) \(browser.page.toasts)")
        // A path that names nothing is still 404.
        try browser.open("/reality-portal/listing/not%20an%20id")
        #expect(browser.last.status == 404)
    }

    @Test func c4ListingSubScreensNameTheListing() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.click("Sunny Loft with Terrace")
        try browser.click("Photos")
        #expect(browser.page.heading == "Photos of Sunny Loft with Terrace")
        #expect(browser.page.title == "Photos of Sunny Loft with Terrace – Reality Portal")
        #expect(browser.page.back == "Back to Sunny Loft with Terrace")
        try browser.press("Back")
        #expect(browser.page.heading == "Sunny Loft with Terrace")
        try browser.click("Map")
        #expect(browser.page.heading == "Map of Sunny Loft with Terrace")
        try browser.press("Back")
        #expect(browser.page.heading == "Sunny Loft with Terrace")
        try browser.press("Back")
        #expect(browser.page.heading == "Home" && browser.page.back == nil)
    }

    @Test func c5TabsAreIndependent() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.click("Sunny Loft with Terrace")
        try browser.click("Photos")
        try Self.search(&browser, Self.query)
        try browser.click("Family House with Garden")
        for _ in 1...3 {
            try browser.selectTab("home")
            #expect(browser.page.heading == "Photos of Sunny Loft with Terrace")
            #expect(browser.page.breadcrumbs == "Current location: Home, then Sunny Loft with Terrace, then Photos")
            try browser.selectTab("search")
            #expect(browser.page.heading == "Family House with Garden")
            #expect(browser.page.breadcrumbs == "Current location: Search, then Results, then Family House with Garden")
        }
    }

    @Test func c6TheGuardShowsALoginSheetAndCancelKeepsTheContext() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try Self.search(&browser, Self.query)
        try browser.click("Sunny Loft with Terrace")
        try browser.selectTab("favorites")
        #expect(browser.page.heading == "Log In")
        #expect(browser.page.root.all.contains { $0.name == "dialog" }, "a sheet")
        #expect(browser.page.main?.content.contains("Family House with Garden") == false, "no Favorites content")
        try browser.press("Cancel")
        #expect(browser.page.heading == "Sunny Loft with Terrace" && browser.page.tabs.selected == "Search tab")
        #expect(try browser.backChain() == ["Results for “Prague”", "Search"])
    }

    @Test func c7SigningInOpensTheIntendedTab() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("favorites")
        try Self.logIn(&browser)
        #expect(browser.page.heading == "Favorites" && browser.page.tabs.selected == "Favorites tab")
        #expect(!browser.page.root.all.contains { $0.name == "dialog" })
        #expect(browser.page.root.elements("a").contains { $0.content == "Family House with Garden" }, "the fixture favourite")
    }

    @Test(arguments: [("inquiries", "Inquiries"), ("account", "Account")])
    func c8InquiriesAndAccountAreGuarded(tab: String, heading: String) throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab(tab)
        #expect(browser.page.heading == "Log In")
        try Self.logIn(&browser)
        #expect(browser.page.heading == heading && browser.page.back == nil)
    }

    @Test func c9ALoginErrorKeepsThePromptOpen() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("inquiries")
        try Self.logIn(&browser, password: "wrong-password")
        #expect(browser.page.alert?.title == "Login Failed")
        #expect(browser.page.heading == "Log In" && browser.page.tabs.selected == nil)
        try browser.press("Try Again")
        try browser.press("Cancel")
        #expect(browser.page.heading == "Home" && browser.page.tabs.selected == "Home tab")
    }

    @Test func c10SignedInGoesStraightInAndOpeningAnInquiryMarksItRead() throws {
        let app = try LiveApp()
        var browser = try Self.signedInOnAccount(app)
        try browser.selectTab("favorites")
        #expect(browser.page.heading == "Favorites")
        try browser.selectTab("inquiries")
        #expect(browser.page.heading == "Inquiries" && browser.page.main?.content.contains("New reply") == true)
        try browser.click("Family House with Garden")
        #expect(browser.page.heading == "Inquiry about Family House with Garden")
        #expect(browser.page.back == "Back to Inquiries")
        #expect(!browser.page.tabs.labels.contains { $0.contains("unread") }, "opening it marked it read")
        try browser.press("Back")
        #expect(browser.page.heading == "Inquiries" && browser.page.main?.content.contains("New reply") == false)
    }

    @Test func c11AnInquiryStartedSignedOutResumesAfterSignIn() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.click("Sunny Loft with Terrace")
        try browser.press("Ask the Agent")
        #expect(browser.page.heading == "Log In")
        try Self.logIn(&browser)
        #expect(browser.page.heading == "Inquiry about Sunny Loft with Terrace")
        #expect(browser.page.back == "Close")
        try browser.press("Send Inquiry", filling: ["Your message": ""])
        #expect(browser.page.errors == ["Write a message to the agent."])
        try browser.press("Send Inquiry", filling: ["Your message": "Is there a cellar?"])
        #expect(browser.page.heading == "Inquiry about Sunny Loft with Terrace")
        #expect(browser.page.tabs.selected?.hasPrefix("Inquiries") == true)
        #expect(browser.page.toasts == ["Your inquiry was sent. The agent usually replies within a day."])
        #expect(browser.page.main?.content.contains("Is there a cellar?") == true)
        try browser.press("Back")
        #expect(browser.page.root.elements("a").filter { $0.content == "Sunny Loft with Terrace" }.count == 1, "listed once")
        try browser.selectTab("home")
        // Sending led from Home's content to the Inquiries tab: Home is left clean (DECISIONS).
        #expect(browser.page.heading == "Home" && browser.page.back == nil)
    }

    /// A visitor who opened the app, chose the Account tab and signed in on its login sheet.
    static func signedInOnAccount(_ app: LiveApp) throws -> LiveBrowser {
        var browser = LiveBrowser(app)
        try browser.open(entry)
        try browser.selectTab("account")
        try logIn(&browser)
        return browser
    }

    @Test func c12AccountScreens() throws {
        let app = try LiveApp()
        var browser = try Self.signedInOnAccount(app)
        try browser.click("Profile")
        #expect(browser.page.heading == "Profile" && browser.page.back == "Back to Account")
        try browser.press("Back")
        try browser.click("Settings")
        #expect(browser.page.heading == "Settings" && browser.page.back == "Back to Account")
        try browser.press("Back")
        #expect(browser.page.heading == "Account" && browser.page.back == nil)
    }

    /// Saving the profile and the settings keeps them on the signed-in account and goes Back to
    /// Account with the app's toast.
    @Test func c12ProfileAndSettingsAreSaved() throws {
        let app = try LiveApp()
        var browser = try Self.signedInOnAccount(app)
        try browser.click("Profile")
        try browser.press("Save Profile", filling: ["Full name": "Tess Tester", "Phone number": "+420 601 234 567"])
        #expect(browser.page.heading == "Account" && browser.page.toasts == ["Your profile was saved."], "\(browser.page.heading) \(browser.page.errors)")
        #expect(browser.page.main?.content.contains("(Tess Tester)") == true)
        try browser.click("Settings")
        try browser.press("Save Settings", filling: ["Email me new listings that match my searches": "on"])
        #expect(browser.page.heading == "Account" && browser.page.toasts == ["Your settings were saved."], "\(browser.page.heading) \(browser.page.errors)")
        try browser.click("Settings")
        #expect(browser.page.field(labelled: "Email me new listings that match my searches")?["checked"] != nil, "the form shows what was saved")
        try browser.press("Save Settings", filling: ["Email me new listings that match my searches": ""])
        try browser.click("Settings")
        #expect(browser.page.field(labelled: "Email me new listings that match my searches")?["checked"] == nil, "and unticked, it stays unticked")
        // The fixture account is every tester's: the saved profile is this tester's own.
        var other = try Self.signedInOnAccount(app)
        #expect(other.page.main?.content.contains("(Test Buyer)") == true)
        try other.click("Profile")
        #expect(other.page.field(labelled: "Full name")?["value"] == "Test Buyer", "the form starts from the profile")
        let account = try #require(try app.store.accounts.account(app: "reality-portal", email: "test@example.com"))
        #expect(account.profile["fullName"] == "Test Buyer" && account.profile["newListingAlerts"] == nil, "the account itself is as documented")
    }

    @Test func c13TheUnreadBadgeShowsOnlyWhileSignedIn() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        #expect(browser.page.tabs.labels[3] == "Inquiries tab")
        try browser.selectTab("account")
        try Self.logIn(&browser)
        #expect(browser.page.tabs.labels[3] == "Inquiries tab, 1 unread")
        try browser.press("Log Out")
        #expect(browser.page.tabs.labels[3] == "Inquiries tab")
    }

    @Test(arguments: ["realityportal://listing/123", "https://reality.example.com/listing/123"])
    func deepLinksOpenOnHomeWithHomeUnderneathAndLeaveOtherTabsAlone(link: String) throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try Self.search(&browser, Self.query)
        try browser.click("Family House with Garden")
        try browser.open("/reality-portal/_open?url=" + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? link))
        #expect(browser.page.heading == "Sunny Loft with Terrace" && browser.page.tabs.selected == "Home tab")
        try browser.selectTab("search")
        #expect(browser.page.heading == "Family House with Garden")
        try browser.selectTab("home")
        #expect(try browser.backChain() == ["Home"])
    }

    /// A link into a listing's gallery or map opens the listing beneath it, as the app would:
    /// Back leads to the listing, then Home; from the listing itself it opens over it.
    @Test(arguments: ["realityportal://listing/123/gallery", "/reality-portal/listing/123/map"])
    func aLinkIntoAListingsPhotosOrMapOpensTheListingBeneath(link: String) throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        if link.hasPrefix("/") {
            try browser.open(link)
        } else {
            try browser.open("/reality-portal/_open?url=" + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? link))
        }
        #expect(browser.page.heading.hasSuffix(" of Sunny Loft with Terrace") && browser.page.tabs.selected == "Home tab", "\(browser.page.heading)")
        #expect(browser.page.back == "Back to Sunny Loft with Terrace")
        try browser.reload()
        #expect(browser.page.back == "Back to Sunny Loft with Terrace", "reloading it opens nothing more")
        #expect(try browser.backChain() == ["Sunny Loft with Terrace", "Home"])
    }

    /// A deep link into a listing's photos lands on Home with the listing beneath (DECISIONS 4),
    /// leaving the Search tab, which shows another listing, alone.
    @Test func aDeepLinkIntoAListingsPhotosFromAnotherTab() throws {
        let link = "/reality-portal/_open?url=" + "realityportal://listing/123/gallery".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try Self.search(&browser, Self.query)
        try browser.click("Family House with Garden")
        try browser.open(link)
        #expect(browser.page.heading == "Photos of Sunny Loft with Terrace" && browser.page.tabs.selected == "Home tab")
        #expect(browser.page.breadcrumbs == "Current location: Home, then Sunny Loft with Terrace, then Photos")
        try browser.selectTab("search")
        #expect(browser.page.heading == "Family House with Garden", "the Search tab is untouched")

        // While the Search tab shows that very listing, its deep link leaves it there: the
        // photos open over it, and Back leads to it.
        var searching = LiveBrowser(app)
        try searching.open(Self.entry)
        try Self.search(&searching, Self.query)
        try searching.click("Sunny Loft with Terrace")
        try searching.open(link)
        #expect(searching.page.heading == "Photos of Sunny Loft with Terrace" && searching.page.back == "Back to Sunny Loft with Terrace")
    }

    @Test func idsThatDoNotExistAreInvalidLinksAndChangeNothing() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        // A visitor's GETs store nothing; a first post (Back) stores the session, and a link
        // followed from then on moves it.
        try browser.click("Sunny Loft with Terrace")
        try browser.press("Back to Home")
        try browser.click("Sunny Loft with Terrace")
        try browser.open("/reality-portal/_open?url=realityportal%3A%2F%2Flisting%2F999999")
        #expect(browser.page.alert?.title == "Invalid Link" && browser.page.heading == "Sunny Loft with Terrace")
        try browser.press("OK")
        try browser.open("/reality-portal/listing/999999")
        #expect(browser.last.status == 404)
        #expect(browser.page.alert?.title == "Invalid Link" && browser.page.heading == "Sunny Loft with Terrace")
        try browser.open("/reality-portal/listing/123/gallery")
        try browser.open("/reality-portal/listing/999999/gallery")
        #expect(browser.last.status == 404)
        try browser.open("/reality-portal/_open?url=realityportal%3A%2F%2Fnowhere")
        #expect(browser.page.alert?.title == "Invalid Link" && browser.page.heading == "Photos of Sunny Loft with Terrace")
    }

    @Test func eachNewInquiryOpensOverTheInquiriesListNotOverTheLastOne() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.click("Sunny Loft with Terrace")
        try browser.press("Ask the Agent")
        try Self.logIn(&browser)
        try browser.press("Send Inquiry", filling: ["Your message": "First question"])
        try browser.selectTab("home")
        try browser.click("Sunny Loft with Terrace")
        try browser.press("Ask the Agent")
        try browser.press("Send Inquiry", filling: ["Your message": "Second question"])
        #expect(browser.page.main?.content.contains("Second question") == true)
        #expect(try browser.backChain() == ["Inquiries"])
    }

    @Test func anInquiryLinkWhileSignedOutAsksForSignInFirst() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("search")
        try browser.open("/reality-portal/inquiries/1")
        #expect(browser.last.status == 200 && browser.page.heading == "Log In", "the guard, not an invalid link")
        try Self.logIn(&browser)
        #expect(browser.page.heading == "Inquiry about Family House with Garden")
        try browser.open("/reality-portal/inquiries/999")
        #expect(browser.last.status == 404 && browser.page.alert?.title == "Invalid Link")
    }

    @Test func favouritesToggleOnTheListingAndShowOnTheFavoritesTab() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("favorites")
        try Self.logIn(&browser)
        try browser.selectTab("home")
        try browser.click("Sunny Loft with Terrace")
        try browser.press("Save to Favorites")
        #expect(browser.page.buttons.contains("Saved to Favorites"))
        // While Home shows the listing, a link to it shows it there (as the browser's Back
        // would); once Home is back on its root, Favorites opens it on its own stack.
        try browser.press("Back")
        try browser.selectTab("favorites")
        #expect(browser.page.root.elements("a").map(\.content).filter { $0.contains("Sunny") || $0.contains("Family") }
            == ["Family House with Garden", "Sunny Loft with Terrace"])
        try browser.click("Sunny Loft with Terrace")
        #expect(browser.page.tabs.selected == "Favorites tab", "a listing opened from Favorites stays on Favorites")
        try browser.press("Saved to Favorites")
        #expect(browser.page.buttons.contains("Save to Favorites"))
        try browser.press("Back")
        #expect(!browser.page.root.elements("a").contains { $0.content == "Sunny Loft with Terrace" })
    }

    /// Every tester signs in as the fixture account: what one does there — reading the unread
    /// inquiry, saving a favourite, sending an inquiry — is theirs alone, kept across their
    /// sign-out and sign-in, so the next tester finds the fixtures as documented (C13 again).
    @Test func theFixtureAccountIsEachTestersOwnCopy() throws {
        let app = try LiveApp()
        var first = try Self.signedInOnAccount(app)
        try first.selectTab("inquiries")
        try first.click("Family House with Garden")
        try first.selectTab("home")
        try first.click("Sunny Loft with Terrace")
        try first.press("Save to Favorites")
        try first.press("Ask the Agent")
        try first.press("Send Inquiry", filling: ["Your message": "Only mine?"])
        #expect(first.page.tabs.labels[3] == "Inquiries tab", "read by the first tester")

        var second = try Self.signedInOnAccount(app)
        #expect(second.page.tabs.labels[3] == "Inquiries tab, 1 unread", "the second tester finds the fixture unread")
        try second.selectTab("favorites")
        #expect(second.page.root.elements("a").map(\.content).filter { $0.contains("Sunny") || $0.contains("Family") } == ["Family House with Garden"])
        try second.selectTab("inquiries")
        #expect(second.page.main?.content.contains("Only mine?") == false)

        try first.selectTab("account")
        try first.press("Log Out")
        try first.selectTab("inquiries")
        try Self.logIn(&first)
        #expect(first.page.tabs.labels[3] == "Inquiries tab" && first.page.main?.content.contains("Only mine?") == true,
                "the first tester's copy outlives their sign-out")
        try first.selectTab("favorites")
        #expect(first.page.root.elements("a").contains { $0.content == "Sunny Loft with Terrace" })
    }

    @Test func aNewInquiryIsKeptAcrossARestart() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.click("Sunny Loft with Terrace")
        try browser.press("Ask the Agent")
        try Self.logIn(&browser)
        try browser.press("Send Inquiry", filling: ["Your message": "Kept across a restart?"])
        try app.restart()
        try browser.selectTab("inquiries")
        #expect(browser.page.main?.content.contains("Kept across a restart?") == true)

        var stranger = LiveBrowser(app)
        try stranger.open(Self.entry)
        try stranger.selectTab("inquiries")
        #expect(stranger.page.heading == "Log In", "signed out, no one's inquiries")
    }
}
