import FlowPages
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import Testing

/// Android navigation graphs written in the style of Android's samples (`Tests/NavGraphs/`),
/// imported as `flowpages import-navgraph` does, served beside the shared layout and walked over
/// real HTTP with no JavaScript: the entry, every action by clicking, Back where Android lands
/// after `popUpTo`, dialogs, and every deep link with its arguments shown.
@Suite struct NavGraphWalkTests {
    static let graphs = LiveApp.repository.appendingPathComponent("Tests/NavGraphs")

    /// Imports `files` of the set folder `set` as app `app` into a new views folder holding a copy
    /// of the shared layout, and serves it.
    static func serve(_ set: String, as app: String, _ files: [String], strings: [String] = [], menu: String? = nil) throws -> LiveApp {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        let folder = graphs.appendingPathComponent(set)
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        _ = try NavGraphImport.importFiles(files.map(path), appID: app, out: views.appendingPathComponent(app).path,
                                           strings: strings.map(path), menu: menu.map(path))
        return try LiveApp(views: views.path)
    }

    static func garden() throws -> LiveApp {
        try serve("garden", as: "garden", ["nav_garden.xml", "nav_account.xml"], strings: ["strings.xml"])
    }

    static func market() throws -> LiveApp {
        try serve("market", as: "market", ["nav_main.xml", "nav_shop.xml", "nav_cart.xml"], strings: ["strings.xml"], menu: "bottom_nav.xml")
    }

    static func newsroom() throws -> LiveApp {
        try serve("newsroom", as: "newsroom", ["nav_news.xml"], menu: "bottom_nav.xml")
    }

    /// The arguments a placeholder screen lists, by name.
    static func arguments(_ page: HTMLPage) -> [String: String] {
        guard let list = page.root.all.first(where: { $0.name == "dl" && $0.hasClass("arguments") }) else { return [:] }
        return Dictionary(uniqueKeysWithValues: zip(list.elements("dt").map(\.content), list.elements("dd").map(\.content)))
    }

    static func isDialog(_ page: HTMLPage) -> Bool { !page.root.elements("dialog").isEmpty }

    static func opened(_ link: String, app: String) -> String {
        "/\(app)/_open?url=" + link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    @Test func theEntryShowsTheStartDestinationInTheLayout() throws {
        let app = try Self.garden()
        var browser = LiveBrowser(app)
        try browser.open("/garden/")
        #expect(browser.last.status == 200 && browser.page.heading == "My Garden", "the label comes from strings.xml")
        #expect(browser.page.back == nil && browser.page.title.hasPrefix("My Garden"))
        #expect(browser.url == "/garden/home")
        try browser.reload()
        #expect(browser.page.heading == "My Garden", "the entry does not redirect to itself")
    }

    @Test func actionsPassTheirArgumentsAndDefaultsAreShown() throws {
        let app = try Self.garden()
        var browser = LiveBrowser(app)
        try browser.open("/garden/")
        try browser.press("Plants in north")
        #expect(browser.page.heading == "Plants in north", "the label's placeholder is filled with the action's argument")
        #expect(Self.arguments(browser.page) == ["zone": "north", "page": "1"], "an argument left out reads its default")
        #expect(browser.url == "/garden/zones/north")
        // The same action id on another screen leads with other arguments.
        try browser.press("Plant 7")
        #expect(browser.page.heading == "Plant 7" && Self.arguments(browser.page) == ["plantId": "7", "showPhotos": "false"])
        #expect(try browser.backChain() == ["Plants in north", "My Garden"])
        // An argument the screen leaves out travels on as its default.
        try browser.press("Plants in north")
        try browser.press("Map, page")
        #expect(browser.page.heading == "Map, page 1" && Self.arguments(browser.page) == ["page": "1"])
    }

    @Test func aRequiredArgumentNoActionGivesIsAskedFor() throws {
        let app = try Self.garden()
        var browser = LiveBrowser(app)
        try browser.open("/garden/")
        try browser.press("Plant")
        #expect(browser.page.heading == "My Garden" && browser.page.root.content.contains("Enter plant id: the screen needs it."))
        try browser.press("Plant", filling: ["Plant Id": "seven"])
        #expect(browser.page.heading == "My Garden" && browser.page.root.content.contains("Enter a whole number."))
        try browser.press("Plant", filling: ["Plant Id": "42"])
        #expect(browser.page.heading == "Plant 42" && browser.page.back == "Back to My Garden")
    }

    @Test func popUpToShapesTheBackStackAsAndroidDoes() throws {
        let app = try Self.garden()
        var browser = LiveBrowser(app)
        try browser.open("/garden/")
        try browser.press("Plant", filling: ["Plant Id": "42"])
        // launchSingleTop: a plant on top is replaced, not covered.
        try browser.press("Plant 8")
        #expect(browser.page.heading == "Plant 8" && browser.page.back == "Back to My Garden")
        // popUpTo home (not inclusive): the gallery goes over home, the plant is gone.
        try browser.press("Photo Gallery")
        #expect(browser.page.heading == "Photo Gallery" && Self.arguments(browser.page)["plantId"] == "8", "the screen's argument travels on")
        #expect(try browser.backChain() == ["My Garden"])

        // A pop-only action inside a nested graph: back to home, and back out of the graph.
        try browser.press("Settings")
        try browser.press("Licenses")
        #expect(browser.page.back == "Back to Settings")
        try browser.press("Back to My Garden")
        #expect(browser.page.heading == "My Garden" && browser.page.back == nil)
        try browser.press("Settings")
        try browser.press("Licenses")
        try browser.press("Back out of Settings")
        #expect(browser.page.heading == "My Garden" && browser.page.back == nil)

        // popUpTo the root graph, inclusive: nothing is left beneath.
        try browser.press("Settings")
        try browser.press("Your Profile")
        #expect(browser.page.back == "Back to Settings", "the graph included from two parents is reached from both")
        try browser.press("Signed Out")
        #expect(browser.page.heading == "Signed Out" && browser.page.back == nil)
        try browser.press("Your Profile")
        #expect(try browser.backChain() == ["Signed Out"])
    }

    @Test func dialogsAreModalsOverTheScreenThatOpenedThem() throws {
        let app = try Self.garden()
        var browser = LiveBrowser(app)
        try browser.open("/garden/")
        try browser.press("About the Garden")
        #expect(browser.page.heading == "About the Garden" && Self.isDialog(browser.page) && browser.page.back == "Close")
        try browser.press("Close")
        #expect(browser.page.heading == "My Garden" && !Self.isDialog(browser.page))

        try browser.press("Plant", filling: ["Plant Id": "3"])
        // A required boolean is a checkbox: left unticked it is false.
        try browser.press("Water?")
        #expect(browser.page.heading == "Water 3?" && Self.isDialog(browser.page))
        #expect(Self.arguments(browser.page) == ["plantId": "3", "urgent": "false"])
        try browser.press("Close")
        try browser.press("Water?", filling: ["Urgent": "on"])
        #expect(Self.arguments(browser.page) == ["plantId": "3", "urgent": "true"])
        try browser.press("Back to My Garden")
        #expect(browser.page.heading == "My Garden" && !Self.isDialog(browser.page) && browser.page.back == nil)

        // Reachable by URL, and closable.
        var typed = LiveBrowser(app)
        try typed.open("/garden/about")
        #expect(typed.last.status == 200 && typed.page.heading == "About the Garden" && Self.isDialog(typed.page))
        try typed.press("Close")
        #expect(typed.page.heading == "My Garden")
    }

    @Test func screensNoActionLeadsToAreOfferedOnTheStart() throws {
        let app = try Self.garden()
        var browser = LiveBrowser(app)
        try browser.open("/garden/")
        #expect(browser.page.root.elements("h2").map(\.content).contains("Opened by the app's code"))
        try browser.press("Share a Photo", filling: ["Photo Id": "pic-1"])
        #expect(browser.page.heading == "Share a Photo" && Self.arguments(browser.page) == ["photoId": "pic-1"])
        try browser.press("Back to My Garden")
        try browser.press("Search")
        #expect(browser.page.heading == "Search" && browser.page.back == "Back to My Garden")
    }

    @Test(arguments: [
        ("https://www.garden.example/plants/5?photos=true", "Plant 5", ["plantId": "5", "showPhotos": "true"]),
        ("http://www.garden.example/plants/6", "Plant 6", ["plantId": "6", "showPhotos": "false"]),
        ("https://www.garden.example/en/plants/9/", "Plant 9", ["plantId": "9", "showPhotos": "false"]),
        ("https://www.garden.example/en/plants/9", "Plant 9", ["plantId": "9", "showPhotos": "false"]),
        ("https://WWW.Garden.Example/zones/south", "Plants in south", ["zone": "south", "page": "1"]),
        ("gardenapp://Share/pic-9", "Share a Photo", ["photoId": "pic-9"]),
        ("gardenapp://share/pic-9", "Share a Photo", ["photoId": "pic-9"]),
        ("gardenapp://About", "About the Garden", [:]),
        ("android-app://com.example.garden/settings", "Settings", [:]),
        ("https://www.garden.example/search?q=roses", "Search", ["query": "roses"]),
    ])
    func everyDeepLinkOpensItsScreenWithItsArguments(link: String, heading: String, arguments: [String: String]) throws {
        let app = try Self.garden()
        var browser = LiveBrowser(app)
        try browser.open(Self.opened(link, app: "garden"))
        #expect(browser.last.status == 200 && browser.page.heading == heading && browser.page.alert == nil, "\(link)")
        #expect(Self.arguments(browser.page) == arguments, "\(link)")
        // Opened over the start destination: Back (or Close) leads there.
        #expect(try browser.backChain() == ["My Garden"], "\(link)")
    }

    @Test func aLinkNoScreenTakesIsAnInvalidLink() throws {
        let app = try Self.garden()
        var browser = LiveBrowser(app)
        try browser.open(Self.opened("https://www.garden.example/plants/not-a-number", app: "garden"))
        #expect(browser.page.heading == "My Garden" && browser.page.toasts.contains("This link is invalid or has expired."))
    }

    /// The buttons of a page's own content and dialogs: not Back or Close, the tab bar, the
    /// prototype's tools, or the inert screen beneath a dialog.
    static func contentButtons(_ page: HTMLPage) -> [String] {
        let excluded = page.root.all.filter { $0.hasClass("prototype-tools") || $0.hasClass("tab-bar") || $0.hasClass("back") }.flatMap(\.all)
        return page.root.elements("button").filter { button in !excluded.contains { $0 === button } && !page.isInert(button) }.map(\.content)
    }

    /// Every button of every page, pressed from a fresh session that replays the presses leading
    /// to its page, reaches every destination of the graphs.
    @Test func everyDestinationIsReachedByClicking() throws {
        let app = try Self.garden()
        let titles: Set = ["My Garden", "Plants in north", "Map, page 1", "Plant 7", "Plant 8", "Plant 42", "Photo Gallery", "About the Garden",
                           "Water 42?", "Share a Photo", "Search", "Settings", "Licenses", "Your Profile", "Signed Out"]
        let values = ["Plant Id": "42", "Photo Id": "pic-1"]
        func replay(_ path: [String]) throws -> LiveBrowser {
            var browser = LiveBrowser(app)
            try browser.open("/garden/")
            for label in path {
                // The fields of the pressed button's own form.
                let form = browser.page.button(label)?.form
                let fields = values.filter { value in browser.page.field(labelled: value.key).map { field in form?.all.contains { $0 === field } == true } ?? false }
                try browser.press(label, filling: fields)
            }
            return browser
        }
        var reached: Set<String> = ["My Garden"]
        var queue: [[String]] = [[]]
        var pressed = 0
        while !queue.isEmpty, pressed < 200 {
            let path = queue.removeFirst()
            for label in Self.contentButtons(try replay(path).page) {
                pressed += 1
                let page = try replay(path + [label]).page
                #expect(!page.heading.isEmpty, "pressing \(path + [label]) shows a screen")
                if reached.insert(page.heading).inserted { queue.append(path + [label]) }
            }
        }
        #expect(titles.subtracting(reached).isEmpty, "not reached: \(titles.subtracting(reached))")
    }

    @Test func aBottomNavigationBecomesTabs() throws {
        let app = try Self.market()
        var browser = LiveBrowser(app)
        try browser.open("/market/")
        #expect(browser.page.heading == "Catalog" && browser.page.tabs.labels == ["Shop tab", "Cart tab"], "the menu's titles, from strings.xml")
        try browser.press("Product A-100")
        #expect(browser.page.heading == "Product A-100" && browser.page.back == "Back to Catalog")
        // An action to the other tab's graph switches tabs.
        try browser.press("Your Cart")
        #expect(browser.page.heading == "Your Cart" && browser.page.tabs.selected?.hasPrefix("Cart") == true)
        try browser.press("Checkout")
        // popUpTo cart inclusive, then cart: the cart alone.
        try browser.press("Your Cart")
        #expect(browser.page.heading == "Your Cart" && browser.page.back == nil)
        try browser.selectTab("tab-shop-graph")
        #expect(browser.page.heading == "Catalog", "in-content navigation to another tab left Shop at its root")

        var linked = LiveBrowser(app)
        try linked.open(Self.opened("https://market.example/product/B-7", app: "market"))
        #expect(linked.page.heading == "Product B-7" && linked.page.tabs.selected?.hasPrefix("Shop") == true)
        #expect(try linked.backChain() == ["Catalog"])
    }

    /// The graph starts at a welcome screen outside the bottom navigation, and a scheme-less link
    /// fills the News tab's root argument: the app opens on Welcome with the tab bar, as the
    /// Android app does, and the link opens News's root with the link's section, from any tab and
    /// over anything pushed.
    @Test func aLinkToATabRootWithAnArgumentOpensThatRootWithIt() throws {
        let app = try Self.newsroom()
        var browser = LiveBrowser(app)
        try browser.open("/newsroom/")
        #expect(browser.page.heading == "Welcome" && browser.url == "/newsroom/", "the app opens on its start destination")
        #expect(browser.page.tabs.selected?.hasPrefix("News") == true, "inside the tab bar")
        #expect(browser.page.back == "Back to Feed: top")
        try browser.open("/newsroom/welcome")
        #expect(browser.page.heading == "Welcome" && browser.page.back == "Back to Feed: top", "its own address still opens it, once")
        try browser.press("Feed")
        #expect(browser.page.heading == "Feed: top" && browser.page.back == nil, "popUpTo welcome inclusive: the feed alone")

        try browser.press("Story 42")
        for link in ["news.example/sections/sport", "https://news.example/sections/sport"] {
            try browser.open(Self.opened(link, app: "newsroom"))
            #expect(browser.page.heading == "Feed: sport" && Self.arguments(browser.page) == ["section": "sport"], "\(link)")
            #expect(browser.page.back == nil, "the tab's root with the link's section, not a second feed over the story")
        }
        #expect(browser.url == "/newsroom/feed?section=sport")
        try browser.selectTab("tab-saved")
        try browser.open("/newsroom/sections/world")
        #expect(browser.page.heading == "Feed: world" && browser.page.tabs.selected?.hasPrefix("News") == true && browser.page.back == nil)
        try browser.selectTab("tab-feed")
        #expect(browser.page.heading == "Feed: world", "the tab bar keeps the root as the link left it")
    }
}
