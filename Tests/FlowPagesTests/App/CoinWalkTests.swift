import FlowPagesTestSupport
import Foundation
import Testing

/// The COIN walk-throughs of ACCEPTANCE-COIN.md (D1–D14) and the unsaved-changes guard, over
/// real HTTP against the repository's own app folder, with a cookie jar and no JavaScript.
@Suite struct CoinWalkTests {
    static let entry = "/coin/"
    static let alertTitle = "Discard Changes?"

    static func alert(_ page: HTMLPage) -> String? {
        page.root.all.first { $0["role"] == "alertdialog" }?.elements("h2").first?.content
    }

    static func nameField(_ page: HTMLPage) -> String? {
        page.field(labelled: "COIN name")?["value"]
    }

    /// On the Canvas of Onboarding Interviews, from Recents.
    static func openCanvas(_ browser: inout LiveBrowser) throws {
        try browser.open(entry)
        try browser.press("Onboarding Interviews")
        try #require(browser.page.heading == "Onboarding Interviews")
    }

    @Test func d1LaunchOnRecents() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        let tabs = browser.page.tabs
        #expect(tabs.labels == ["Recents tab", "Projects tab", "Favorites tab"], "D14: each tab is named as one")
        #expect(tabs.selected == "Recents tab" && browser.page.heading == "Recents" && browser.page.back == nil)
        #expect(browser.page.button("Settings") != nil)
    }

    @Test func d2ProjectsStackAndD14BackName() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("projects")
        #expect(browser.page.heading == "Projects")
        let add = try #require(browser.page.root.elements("button").first { $0.content == "+ New Project" })
        #expect(add["aria-label"] == "Create Project")
        try browser.click("Customer Onboarding Study")
        #expect(browser.page.heading == "Customer Onboarding Study" && browser.page.tabs.selected == "Projects tab")
        let back = try #require(browser.page.button("Back to Projects")?.button)
        // Reads "Projects", as iOS shows it; named "Back to Projects".
        #expect(back.content == "Back to Projects" && back.raw.hasSuffix("Projects"))
        try browser.press("Back to Projects")
        #expect(browser.page.heading == "Projects" && browser.page.back == nil)
    }

    @Test func d3CanvasClosesToWhereItWasOpened() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.openCanvas(&browser)
        #expect(browser.page.tabs.labels.isEmpty, "full screen: no tab bar")
        #expect(browser.page.button("Close") != nil && browser.page.button("Export") != nil)
        // D14: the close is named "Close" alone, the export control "Export COIN".
        #expect(browser.page.button("Close")?.button.spoken == "Close")
        #expect(browser.page.button("Export")?.button["aria-label"] == "Export COIN")
        try browser.press("Close")
        #expect(browser.page.heading == "Recents")
        try browser.selectTab("favorites")
        try browser.press("Payment Hand-offs")
        #expect(browser.page.heading == "Payment Hand-offs")
        try browser.press("Close")
        #expect(browser.page.heading == "Favorites")
    }

    @Test func aModalsLaterStepAnswersItsURLOnlyWhileTheModalIsOpen() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open("/coin/coin/coin-1/export")
        #expect(browser.page.heading == "Recents" && browser.url == "/coin/recents", "closed: where the session is, not a 404")
        try Self.openCanvas(&browser)
        try browser.press("Export")
        #expect(browser.page.heading == "Export Onboarding Interviews")
        let export = browser.url
        try browser.reload()
        #expect(browser.last.status == 200 && browser.page.heading == "Export Onboarding Interviews" && browser.url == export)
        try browser.press("Back to Onboarding Interviews")
        try browser.press("Close")
        #expect(browser.page.heading == "Recents")
        try browser.open(export)
        #expect(browser.page.heading == "Recents", "closed again: the URL no longer opens it")
    }

    @Test func d4PanelsAreNotNavigation() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.openCanvas(&browser)
        let summaries = browser.page.root.elements("summary").map(\.content)
        #expect(summaries == ["Parking Lot", "To-Do", "Glossary"])
        try browser.press("Close")
        #expect(browser.page.heading == "Recents" && Self.alert(browser.page) == nil)
    }

    @Test func d5NewCoinOpensTheCanvasAtOnce() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open("/coin/project/proj-123")
        try browser.press("+ New COIN")
        #expect(browser.page.heading == "Untitled COIN" && Self.nameField(browser.page) == "Untitled COIN")
        #expect(browser.page.root.all.contains { $0.hasClass("canvas-area") && $0["aria-label"]?.contains("Customer Onboarding Study") == true })
        try browser.press("Close")
        #expect(browser.page.heading == "Customer Onboarding Study")
        #expect(browser.page.button("Untitled COIN") != nil, "the COIN belongs to proj-123")
    }

    @Test func d6AndD7DontLeaveDiscardSave() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.openCanvas(&browser)
        try browser.press("Close", filling: ["COIN name": "Renamed COIN"])
        #expect(Self.alert(browser.page) == Self.alertTitle)
        #expect(browser.page.root.all.contains { $0.content == "You have unsaved changes. Are you sure you want to close?" })
        #expect(browser.page.heading == "Onboarding Interviews", "the screen underneath is unchanged")
        try browser.press("Don't Leave")
        #expect(Self.alert(browser.page) == nil && Self.nameField(browser.page) == "Renamed COIN")
        try browser.press("Close")
        try browser.press("Discard")
        #expect(browser.page.heading == "Recents" && Self.alert(browser.page) == nil)
        try browser.press("Onboarding Interviews")
        #expect(Self.nameField(browser.page) == "Onboarding Interviews", "discarded, and the modal's draft forgotten")

        try browser.press("Save", filling: ["COIN name": "Saved Name"])
        #expect(browser.page.heading == "Saved Name")
        try browser.press("Close")
        #expect(browser.page.heading == "Recents" && Self.alert(browser.page) == nil)
        #expect(browser.page.button("Saved Name") != nil)
        try browser.press("Saved Name")
        try browser.press("Close")
        #expect(browser.page.heading == "Recents" && Self.alert(browser.page) == nil, "an unedited Canvas never asks")
    }

    @Test func d8ToD10NewProjectSheet() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("projects")
        try browser.press("+ New Project")
        #expect(browser.page.heading == "New Project" && browser.page.tabs.labels.isEmpty)
        #expect(browser.page.button("Cancel") != nil && browser.page.button("Save") != nil)
        try browser.press("Cancel")
        #expect(browser.page.heading == "Projects" && Self.alert(browser.page) == nil)

        try browser.press("+ New Project")
        try browser.press("Cancel", filling: ["Project name": "Temp"])
        #expect(Self.alert(browser.page) == Self.alertTitle)
        try browser.press("Don't Leave")
        #expect(browser.page.field(labelled: "Project name")?["value"] == "Temp")
        try browser.press("Cancel")
        try browser.press("Discard")
        #expect(browser.page.heading == "Projects" && !browser.page.root.elements("a").contains { $0.content == "Temp" })
        try browser.press("+ New Project")
        #expect(browser.page.field(labelled: "Project name")?["value"] == "", "shown again, the sheet starts clean")

        try browser.press("Save", filling: ["Project name": "Workshop Q4"])
        #expect(browser.page.heading == "Projects" && Self.alert(browser.page) == nil)
        try browser.click("Workshop Q4")
        #expect(browser.page.heading == "Workshop Q4" && browser.page.button("Back to Projects") != nil)
    }

    @Test func d11SettingsClosesToItsTab() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.press("Settings")
        #expect(browser.page.heading == "Settings" && browser.page.tabs.labels.isEmpty)
        try browser.press("Close")
        #expect(browser.page.heading == "Recents")
        try browser.selectTab("favorites")
        try browser.press("Settings")
        try browser.press("Close")
        #expect(browser.page.heading == "Favorites")
    }

    @Test func d12ActiveTabAgainGoesToItsRoot() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("projects")
        try browser.click("Customer Onboarding Study")
        try browser.selectTab("projects")
        #expect(browser.page.heading == "Projects" && browser.page.back == nil)
    }

    @Test func d13RelaunchRestoresStateAndTheUnsavedName() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("projects")
        try browser.click("Customer Onboarding Study")
        try browser.open(Self.entry)
        #expect(browser.page.heading == "Customer Onboarding Study" && browser.page.tabs.selected == "Projects tab")

        try browser.open("/coin/coin/coin-1")
        // Enter in the name field keeps the edit without saving (the form's default button).
        let keep = try #require(browser.page.root.elements("button").first { $0["formaction"]?.hasSuffix("/_keep") == true })
        #expect(keep["form"] == "coin-form")
        try browser.press("Keep changes", filling: ["COIN name": "Renamed COIN"])
        try browser.open(Self.entry)
        #expect(browser.page.heading == "Onboarding Interviews" && Self.nameField(browser.page) == "Renamed COIN")
        try browser.press("Close")
        #expect(Self.alert(browser.page) == Self.alertTitle)
    }

    // MARK: - The guard on its own

    /// A dirty Canvas: the edit kept as a draft, not saved.
    static func dirtyCanvas(_ browser: inout LiveBrowser) throws {
        try openCanvas(&browser)
        try browser.press("Keep changes", filling: ["COIN name": "Renamed COIN"])
        try #require(nameField(browser.page) == "Renamed COIN")
    }

    @Test func aScreenGetAwayAsksAndDiscardCarriesItOut() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.dirtyCanvas(&browser)
        // The browser's Back, or an address typed: a GET of another screen.
        try browser.get("/coin/projects")
        #expect(Self.alert(browser.page) == Self.alertTitle && browser.page.heading == "Onboarding Interviews")
        try browser.press("Discard")
        #expect(browser.page.heading == "Projects" && browser.page.tabs.selected == "Projects tab")
    }

    @Test func aDeepLinkAwayAsksAndDiscardFollowsIt() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.dirtyCanvas(&browser)
        try browser.open("/coin/_open?url=" + "coinapp://project/proj-456".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(Self.alert(browser.page) == Self.alertTitle && browser.page.heading == "Onboarding Interviews")
        try browser.press("Discard")
        #expect(browser.page.heading == "Checkout Redesign")
        try browser.press("Payment Hand-offs")
        try browser.press("Close")
        #expect(browser.page.heading == "Checkout Redesign", "the Canvas discarded is not in the way")
    }

    @Test func anInvalidLinkWhileDirtyNeverAsks() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.dirtyCanvas(&browser)
        try browser.open("/coin/_open?url=" + "coinapp://coin/coin-999".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(Self.alert(browser.page) == "Invalid Link" && browser.page.heading == "Onboarding Interviews")
        try browser.press("OK")
        #expect(Self.nameField(browser.page) == "Renamed COIN", "the edit is still there")
        try browser.open("/coin/_open?url=" + "coinapp:/tab/recents".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(Self.alert(browser.page) == "Invalid Link")
    }

    static func openLink(_ link: String, _ browser: inout LiveBrowser) throws {
        try browser.open("/coin/_open?url=" + link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
    }

    @Test func aTabLinkSelectsTheTabWithItsStack() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.selectTab("projects")
        try browser.click("Customer Onboarding Study")
        try browser.selectTab("recents")
        try Self.openLink("coinapp://tab/projects", &browser)
        #expect(browser.page.heading == "Customer Onboarding Study" && browser.page.tabs.selected == "Projects tab")
        // The link again, unlike the tab bar, leaves the stack as it is.
        try Self.openLink("coinapp://tab/projects", &browser)
        #expect(browser.page.heading == "Customer Onboarding Study" && browser.page.back == "Back to Projects")
        // The tab link's own address, typed or on a universal-link host, is the same link.
        try browser.open("/coin/tab/favorites")
        #expect(browser.page.heading == "Favorites" && browser.page.tabs.selected == "Favorites tab")
        try Self.openLink("coinapp://tab/galaxy", &browser)
        #expect(Self.alert(browser.page) == "Invalid Link" && browser.page.heading == "Favorites")
    }

    @Test func aTabLinkClosesTheCanvasAndAsksFirstWhenItIsDirty() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.openCanvas(&browser)
        try Self.openLink("coinapp://tab/favorites", &browser)
        #expect(browser.page.heading == "Favorites" && Self.alert(browser.page) == nil)

        try browser.press("Payment Hand-offs")
        try browser.press("Keep changes", filling: ["COIN name": "Renamed COIN"])
        try Self.openLink("coinapp://tab/projects", &browser)
        #expect(Self.alert(browser.page) == Self.alertTitle && browser.page.heading == "Payment Hand-offs")
        try browser.press("Don't Leave")
        #expect(Self.nameField(browser.page) == "Renamed COIN")
        try Self.openLink("coinapp://tab/projects", &browser)
        try browser.press("Discard")
        #expect(browser.page.heading == "Projects" && browser.page.tabs.selected == "Projects tab")
        try browser.selectTab("favorites")
        try browser.press("Payment Hand-offs")
        #expect(Self.nameField(browser.page) == "Payment Hand-offs", "the edit was discarded")
    }

    @Test func exportKeepsTheEditAndAsksNothing() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.openCanvas(&browser)
        try browser.press("Export", filling: ["COIN name": "Renamed COIN"])
        #expect(browser.page.heading == "Export Onboarding Interviews" && Self.alert(browser.page) == nil)
        try browser.press("Back to Onboarding Interviews")
        #expect(Self.nameField(browser.page) == "Renamed COIN")
    }

    @Test func aSecondTabSeesTheSameUnsavedState() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.dirtyCanvas(&browser)
        var second = LiveBrowser(app)
        second.cookies = browser.cookies
        try second.open("/coin/coin/coin-1")
        #expect(Self.nameField(second.page) == "Renamed COIN")
    }

    @Test func dataIsEachVisitorsOwn() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try Self.openCanvas(&browser)
        try browser.press("Save", filling: ["COIN name": "Mine Only"])
        var other = LiveBrowser(app)
        try other.open(Self.entry)
        #expect(other.page.button("Onboarding Interviews") != nil)
        #expect(other.page.button("Mine Only") == nil)
    }

    @Test func unknownIdsAreNotFound() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.open("/coin/project/proj-999")
        #expect(browser.last.status == 404)
    }
}
