import FlowPagesTestSupport
import Foundation
import Testing

/// The SwiftUIFlow demo's walk-throughs (ACCEPTANCE-DEMO.md) and the engine behaviours each of
/// its screens shows, over real HTTP against the repository's own app folder, with no JavaScript.
@Suite struct DemoWalkTests {
    static let entry = "/swiftuiflow-demo/"

    /// Logged in, on the Red tab.
    static func loggedIn(_ app: LiveApp) throws -> LiveBrowser {
        var browser = LiveBrowser(app)
        try browser.open(entry)
        try #require(browser.page.heading == "Welcome")
        try browser.press("Log In")
        try #require(browser.page.heading == "Red")
        return browser
    }

    static func dialog(_ page: HTMLPage) -> HTMLPage.Node? { page.root.elements("dialog").first }

    @Test func logInShowsFiveColouredTabsAndLogOutStartsOver() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        #expect(browser.page.tabs.labels == ["Red tab", "Green tab", "Blue tab", "Yellow tab", "Purple tab"])
        let page = try #require(browser.page.root.all.first { $0.hasClass("page") })
        #expect(page["data-tab"] == "red", "the app's stylesheet colours the page by its tab")
        let css = try browser.request("GET", "/swiftuiflow-demo/_app.css", referer: nil)
        #expect(css.status == 200 && css.header("Content-Type") == "text/css; charset=utf-8" && css.body.contains(".page[data-tab=\"red\"]"))
        let tag = try #require(css.header("ETag"))
        let again = try browser.request("GET", "/swiftuiflow-demo/_app.css", referer: nil, extra: [("If-None-Match", tag)])
        #expect(again.status == 304 && again.body.isEmpty, "a page's revalidation costs no body")

        try browser.open(Self.entry)
        try browser.press("Push Light Red")
        try browser.selectTab("purple")
        try browser.press("Log Out")
        #expect(browser.page.heading == "Welcome" && browser.page.tabs.labels.isEmpty)
        try browser.press("Log In")
        #expect(browser.page.heading == "Red" && browser.page.back == nil, "each flow starts fresh")
    }

    @Test func a12AMultiStepModal() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        try browser.selectTab("green")
        try browser.press("Push Light Green")
        try browser.press("Open the Dark Two-Step Modal")
        #expect(browser.page.heading == "Dark Step 1" && Self.dialog(browser.page) != nil && browser.page.back == "Close")
        try browser.press("Go to Step 2")
        #expect(browser.page.heading == "Dark Step 2" && browser.page.back == "Back to Dark Step 1")
        try browser.press("Back to Dark Step 1")
        #expect(browser.page.heading == "Dark Step 1" && Self.dialog(browser.page) != nil, "still a modal")
        try browser.press("Close")
        #expect(browser.page.heading == "Light Green" && Self.dialog(browser.page) == nil)
        #expect(try browser.backChain() == ["Green"])
    }

    @Test func a21ADetourKeepsTheContextUnderneath() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        try browser.selectTab("green")
        try browser.press("Push Light Green")
        try browser.press("Push Lighter Green")
        try browser.press("Open Detour D")
        #expect(browser.page.heading == "Detour D" && browser.page.back == "Back to Lighter Green")
        #expect(browser.page.tabs.labels.isEmpty, "the detour covers the screen")
        try browser.press("Back to Lighter Green")
        #expect(browser.page.heading == "Lighter Green" && browser.page.tabs.selected == "Green tab")
        #expect(try browser.backChain() == ["Light Green", "Green"])
    }

    @Test func detoursNestPushTheirOwnScreensAndShowOverAModal() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        try browser.selectTab("blue")
        try browser.press("Open Detour D")
        try browser.press("Open Detour E Over This One")
        #expect(browser.page.heading == "Detour E" && browser.page.back == "Back to Detour D")
        try browser.press("Back to Detour D")
        try browser.press("Push Step 2 Inside the Detour")
        #expect(browser.page.heading == "Detour D, Step 2")
        #expect(try browser.backChain() == ["Detour D", "Blue"])

        try browser.selectTab("green")
        try browser.press("Open the Dark Two-Step Modal")
        try browser.press("Open Detour D")
        #expect(browser.page.heading == "Detour D" && browser.page.back == "Back to Dark Step 1")
        try browser.press("Back to Dark Step 1")
        #expect(browser.page.heading == "Dark Step 1" && Self.dialog(browser.page) != nil, "Back returns to the modal")
    }

    @Test func a25ReplaceNavigation() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        try browser.selectTab("yellow")
        try browser.press("Start the Steps")
        #expect(browser.page.heading == "Step A")
        try browser.press("Replace with Step B")
        #expect(browser.page.heading == "Step B")
        try browser.press("Replace with Step C")
        #expect(browser.page.heading == "Step C")
        #expect(try browser.backChain() == ["Yellow"])
    }

    @Test func inContentNavigationToAnotherTabCleansTheTabItLeft() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        try browser.selectTab("blue")
        try browser.press("Push Light Blue")
        try browser.selectTab("red")
        try browser.press("Push Light Red")
        try browser.press("Push Lighter Red")
        try browser.press("Go to Light Blue in the Blue Tab")
        #expect(browser.page.heading == "Light Blue" && browser.page.tabs.selected == "Blue tab")
        try browser.selectTab("red")
        #expect(browser.page.heading == "Red" && browser.page.back == nil, "Red was left at its root")
        // The tab bar and tab links keep a tab's stack.
        try browser.press("Push Light Red")
        try browser.selectTab("blue")
        try browser.open("/swiftuiflow-demo/_open?url=" + "swiftuiflow://tab/red".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(browser.page.heading == "Light Red")
    }

    @Test func aTabLinkOpensTheTabForAVisitorWithoutASession() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open("/swiftuiflow-demo/_open?url=" + "swiftuiflow://tab/blue".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(browser.page.heading == "Blue" && browser.page.tabs.selected == "Blue tab")
        try browser.press("Push Light Blue")
        #expect(browser.page.heading == "Light Blue", "the visitor's first post carries on from the tab")
        var typed = LiveBrowser(app)
        try typed.open("/swiftuiflow-demo/tab/%67reen")
        #expect(typed.page.heading == "Green", "a tab link's address is read as a route's would be")
    }

    @Test func errorsTheEngineReportsAreShownAndChangeNothing() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        try browser.selectTab("purple")
        try browser.press("Navigate to an Unhandled Route")
        #expect(browser.page.heading == "Purple" && browser.page.toasts == ["That isn't available from here."])

        try browser.press("Push Purple 1")
        try browser.press("Push Purple 2")
        try browser.press("Push Purple 3")
        #expect(browser.page.heading == "Purple 2" && browser.page.toasts == ["You can't go further from here. Go back first, then try again."])
        #expect(try browser.backChain() == ["Purple 1", "Purple"])

        try browser.press("Open a Screen That Fails")
        #expect(browser.last.status == 500 && browser.page.heading == "Broken Screen")
        #expect(browser.page.main?.content.contains("This screen could not be shown") == true)
        #expect(browser.page.main?.content.contains("swiftuiflow-demo/broken:2:39: {{#each}} needs a list") == true,
                "a prototype names the template, line and column at fault: \(browser.page.main?.content ?? "")")
        #expect(browser.page.toasts == ["The screen “Broken Screen” could not be shown."])
        #expect(browser.page.tabs.selected == "Purple tab", "inside the app's layout, tabs and all")
        try browser.press("Back to Purple")
        #expect(browser.page.heading == "Purple" && browser.last.status == 200)
        #expect(browser.page.toasts.isEmpty, "the error view's toast is shown once")
    }

    @Test(arguments: [
        ("Open a Small Sheet", "Small Sheet", "detent-small", "sheet, small"),
        ("Open a Medium Sheet", "Medium Sheet", "detent-medium", "sheet, half height"),
        ("Open a Large Sheet", "Large Sheet", "detent-large", "sheet, nearly full height"),
        ("Open an Extra-Large Sheet", "Extra-Large Sheet", "detent-extra-large", "sheet, full height"),
        ("Open a Full-Screen Sheet", "Full-Screen Sheet", "detent-full-screen", "full screen"),
        ("Open a Custom-Height Sheet", "Custom-Height Sheet", "detent-custom", "sheet, 40% of the screen's height"),
    ])
    func eachDetentIsASheetOfItsHeightWithATextAlternative(button: String, heading: String, detent: String, spoken: String) throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        try browser.press(button)
        let dialog = try #require(Self.dialog(browser.page))
        #expect(browser.page.heading == heading && dialog.hasClass(detent))
        let described = try #require(dialog["aria-describedby"])
        #expect(browser.page.root.all.first { $0["id"] == described }?.content == spoken)
        if detent == "detent-custom" {
            #expect(dialog["data-height"] == "40%")
            let css = try browser.request("GET", "/swiftuiflow-demo/_app.css", referer: nil).body
            #expect(css.contains("dialog.modal.detent-custom[data-height=\"40%\"] { height: 40%; }"))
        }
    }

    /// A sheet stands over the screen it opened from, drawn in full (its own template: every
    /// button of Red, its bar and tab bar), inert and after the sheet, with none of its ids.
    @Test func aSheetShowsTheScreenBeneathItInFullAndInert() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        let red = browser.page.root.all.first { $0["id"] == "main" }!.elements("button").map(\.content)
        try browser.press("Push Light Red")
        try browser.press("Back to Red")
        try browser.press("Open a Medium Sheet")
        let page = browser.page
        let beneath = try #require(page.root.all.first { $0.hasClass("underlying") })
        #expect(beneath["inert"] != nil && beneath.hasClass("beneath-sheet") && beneath["data-tab"] == "red")
        #expect(beneath.all.first { $0.hasClass("screen-title") }?.content == "Red")
        #expect(red.allSatisfy { label in beneath.elements("button").contains { $0.content == label } }, "Red's own content, not its title alone")
        #expect(beneath.all.contains { $0.hasClass("tab-bar") } && beneath.all.allSatisfy { $0["id"] == nil })
        #expect(page.problems.isEmpty, "\(page.problems)")
        let order = page.root.all
        #expect(order.firstIndex { $0 === beneath }! > order.firstIndex { $0.name == "dialog" }!, "after the sheet: its labels find the sheet's fields")
        #expect(!page.buttons.contains("Push Light Red"), "nothing beneath can be pressed")
        try browser.press("Close")
        #expect(browser.page.heading == "Red" && !browser.page.root.all.contains { $0.hasClass("underlying") })
        // A full-screen modal hides what it covers: nothing is drawn beneath it.
        try browser.press("Open a Full-Screen Sheet")
        #expect(!browser.page.root.all.contains { $0.hasClass("underlying") })
    }

    /// Each page says how it came (`<html data-motion>`), for the stylesheet's view transitions:
    /// a post's kind is kept with the state it commits, for the page its 303 leads to; a GET that
    /// moves the screen itself (the browser's Back) knows its own; a post that keeps the screen
    /// (a form's errors), none. Nothing is written for it but what the change writes anyway.
    @Test func eachPageSaysHowItCame() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        func mark() -> String? { browser.page.root.elements("html").first?["data-motion"] }
        let steps: [(press: String, motion: String)] = [
            ("Push Light Red", "push"), ("Back to Red", "back"), ("Open a Medium Sheet", "present"), ("Close", "dismiss"),
        ]
        for (press, motion) in steps {
            try browser.press(press)
            #expect(mark() == motion, "\(press)")
            #expect(!browser.cookies.keys.contains { $0.contains("motion") }, "no cookie of its own: \(press)")
        }
        try browser.selectTab("green")
        #expect(mark() == "tab")
        try browser.press("Push Light Green")
        try browser.goBack()
        #expect(browser.page.heading == "Green" && mark() == "back", "the browser's Back, a GET, goes back too")
        var suma = LiveBrowser(app)
        try suma.open("/suma-finance/auth/login")
        try suma.press("Log In", filling: ["Email address": "", "Password": ""])
        #expect(!suma.page.errors.isEmpty && suma.page.root.elements("html").first?["data-motion"] == nil, "a form's errors move nothing")
    }

    @Test func anAlertStyleModalIsASmallCard() throws {
        let app = try LiveApp()
        var browser = try Self.loggedIn(app)
        try browser.press("Show an Alert-Style Modal")
        #expect(browser.page.heading == "Heads Up" && Self.dialog(browser.page)?.hasClass("style-alert") == true)
        try browser.press("Close")
        #expect(browser.page.heading == "Red")
    }
}
