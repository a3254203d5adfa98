import FlowDefinition
import Foundation
import Navigation
import Testing

@Suite struct AppFolderLoaderTests {
    /// Writes an app folder `views/<id>/` with `app.xml` and a template for each given name.
    func makeFolder(id: String = "shop", xml: String, templates: [String]) throws -> String {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        let folder = views.appendingPathComponent(id)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: folder.appendingPathComponent("app.xml"))
        for template in templates {
            let url = folder.appendingPathComponent(template + ".html")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<h1>{{ title }}</h1>".utf8).write(to: url)
        }
        return folder.path
    }

    static let valid = """
        <?xml version="1.0" encoding="UTF-8"?>
        <app id="shop" title="Shop" locale="en" theme-color="#0a5fff">
          <link-scheme name="shopapp"/>
          <link-host name="shop.example"/>
          <sign-in route="login"/>
          <navigation>
            <tabs id="main">
              <tab id="home" root="home" title="Home" icon="house.fill"/>
              <tab id="orders" root="orders" title="Orders" badge="openOrders" requires-sign-in="true" depth-limit="3"/>
              <modal id="login-sheet" root="login"/>
            </tabs>
          </navigation>
          <routes>
            <route name="home" path="/" title="Home" owner="home"/>
            <route name="item" path="/items/{id}" title="Item" owner="home" shared-with="orders" deep-link="true" template="items/detail">
              <param name="id" type="integer"/>
              <param name="tab" required="false" pattern="photos|specs"/>
            </route>
            <route name="orders" path="/orders" title="Orders" owner="orders"/>
            <route name="checkout" path="/checkout" title="Checkout" owner="orders" presentation="replace" step="1 of 2" breadcrumb="Pay"/>
            <route name="login" path="/login" title="Log In" owner="login-sheet" presentation="sheet"/>
          </routes>
          <data>
            <collection id="orders" scope="account"><field name="status"/></collection>
            <count name="openOrders" collection="orders"><where field="status" value="open"/></count>
          </data>
        </app>
        """

    @Test func aValidFolderLoadsIntoItsDefinition() throws {
        let folder = try makeFolder(xml: Self.valid, templates: ["home", "items/detail", "orders", "checkout", "login"])
        let app = try AppFolderLoader.load(folder: folder, vocabulary: .test).get()
        #expect(app.id == "shop" && app.title == "Shop" && app.locale == "en" && app.themeColor == "#0a5fff")
        #expect(app.schemes == ["shopapp"] && app.hosts == ["shop.example"])
        #expect(app.templates[RouteName("item")] == "shop/items/detail")
        #expect(app.templates[RouteName("home")] == "shop/home")
        #expect(app.steps[RouteName("checkout")] == "1 of 2")
        let navigation = app.navigation
        #expect(navigation.route("item")?.parameters.map(\.name) == ["id", "tab"])
        #expect(navigation.route("item")?.parameters.first?.kind == .integer)
        #expect(navigation.route("item")?.sharedWith == ["orders"])
        #expect(navigation.route("login")?.presentation == .modal(.sheet))
        #expect(navigation.route("checkout")?.presentation == .replace)
        #expect(navigation.route("checkout")?.breadcrumb == "Pay")
        #expect(navigation.requiresSignIn("orders"))
        #expect(navigation.signIn?.route == "login")
        guard case .tabs(let initial) = navigation.root.kind else {
            Issue.record("the root should be tabs")
            return
        }
        #expect(initial == nil)
        #expect(navigation.root.children.map(\.tab?.title) == ["Home", "Orders"])
        #expect(navigation.root.children[1].tab?.badge == "openOrders")
        // The loaded definition navigates like any other.
        let navigator = Navigator(navigation)
        let state = try navigator.execute(.navigate(RouteInstance("item", ["id": "7"])), on: navigator.initialState).get().state
        #expect(navigation.currentScreen(in: state) == RouteInstance("item", ["id": "7"]))
    }

    func problems(_ xml: String, templates: [String] = ["home", "items/detail", "orders", "checkout", "login"]) throws -> [String] {
        let folder = try makeFolder(xml: xml, templates: templates)
        switch AppFolderLoader.load(folder: folder, vocabulary: .test) {
        case .success: return []
        case .failure(let found): return found.problems.map { "\($0.line): \($0.message)" }
        }
    }

    @Test func aTabIconIsOneFlowPagesDrawsOrASymbolOfTheFoldersOwnSprite() throws {
        let typo = try problems(Self.valid.replacingOccurrences(of: "icon=\"house.fill\"", with: "icon=\"hose.fill\""))
        #expect(typo.contains { $0.hasPrefix("8: icon 'hose.fill' is neither one FlowPages draws") && $0.contains("did you mean 'house.fill'?")
            && $0.contains("star.fill") }, "\(typo)")
        let own = Self.valid.replacingOccurrences(of: "icon=\"house.fill\"", with: "icon=\"book\"")
        let folder = try makeFolder(xml: own, templates: ["home", "items/detail", "orders", "checkout", "login"])
        let sprite = #"<svg xmlns="http://www.w3.org/2000/svg"><symbol id="book" viewBox="0 0 24 24"><path d="M4 4h16v16H4z"/></symbol></svg>"#
        try Data(sprite.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("icons.svg"))
        let app = try AppFolderLoader.load(folder: folder, vocabulary: .test).get()
        #expect(app.icons?.symbols == ["book"])
        try Data("<svg></svg>".utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("icons.svg"))
        guard case .failure(let found) = AppFolderLoader.load(folder: folder, vocabulary: .test) else {
            Issue.record("a sprite without symbols loaded")
            return
        }
        #expect(found.problems.contains { $0.file.hasSuffix("icons.svg") && $0.message.contains("<symbol id=") })
    }

    @Test func malformedXMLIsReportedWithItsLine() throws {
        let found = try problems("<app id=\"shop\" title=\"Shop\">\n  <navigation>\n</app>")
        #expect(found.first?.hasPrefix("3: ") == true)
        #expect(found.first?.contains("navigation") == true)
    }

    @Test(arguments: [
        ("<route name=\"home\" path=\"/\" title=\"Home\" owner=\"home\"/>", "<route name=\"home\" path=\"/\" title=\"Home\" owner=\"home\" presentation=\"popover\"/>", 14),
        ("<tab id=\"home\" root=\"home\" title=\"Home\" icon=\"house.fill\"/>", "<tab id=\"home\" root=\"home\" icon=\"house.fill\"/>", 8),
        ("depth-limit=\"3\"", "depth-limit=\"none\"", 9),
        ("step=\"1 of 2\"", "step=\"first\"", 20),
        ("<app id=\"shop\"", "<app id=\"Shop!\"", 2),
    ])
    func schemaErrorsNameTheLine(original: String, replacement: String, line: Int) throws {
        let found = try problems(Self.valid.replacingOccurrences(of: original, with: replacement))
        #expect(found.contains { $0.hasPrefix("\(line): ") }, "\(found)")
    }

    @Test(arguments: [
        ("owner=\"orders\" presentation=\"replace\"", "owner=\"basket\" presentation=\"replace\"", "20: route 'checkout' names owner 'basket', which is not a coordinator"),
        ("path=\"/orders\"", "path=\"/checkout\"", "20: routes 'orders' and 'checkout' share the path '/checkout'; every route needs its own"),
        ("path=\"/items/{id}\"", "path=\"/items/{id}/{size}\"", "15: route 'item' uses '{size}' in its path without declaring the parameter"),
        ("owner=\"login-sheet\" presentation=\"sheet\"", "owner=\"login-sheet\"", "10: modal 'login-sheet' starts at route 'login', whose presentation is not modal; give it a modal presentation"),
        ("owner=\"orders\"/>", "owner=\"orders\" presentation=\"sheet\"/>", "19: route 'orders' is presented modally but is not the root of a modal; register 'orders' as a modal and start it at 'orders'"),
        ("<sign-in route=\"login\"/>", "<sign-in route=\"nowhere\"/>", "5: the sign-in route 'nowhere' is not in the route table"),
        ("<tab id=\"home\" root=\"home\"", "<tab id=\"home\" root=\"start\"", "8: stack 'home' starts at route 'start', which is not in the route table"),
        ("owner=\"login-sheet\" presentation=\"sheet\"", "owner=\"login-sheet\" presentation=\"sheet\" detent=\"half\"",
         "21: route 'login' has detent=\"half\"; a detent is small, medium, large, extra-large, full-screen, or a height such as 40%, 20rem or 320px"),
        ("path=\"/orders\" title=\"Orders\" owner=\"orders\"/>", "path=\"/orders\" title=\"Orders\" owner=\"orders\" detent=\"medium\"/>",
         "19: route 'orders' has a detent, but only a sheet has one; set presentation=\"sheet\" or \"form-sheet\", or remove detent"),
        ("<link-scheme name=\"shopapp\"/>", "<link-scheme name=\"javascript\"/>",
         "3: link-scheme 'javascript' is a browser's own scheme, not an app's; name the app's custom scheme, such as 'myapp'"),
        ("path=\"/orders\" title=\"Orders\" owner=\"orders\"/>", "path=\"/orders\" title=\"Orders\" owner=\"orders\" under=\"ordres\"/>",
         "19: route 'orders' is under 'ordres', which is not a route; did you mean 'orders'?"),
        ("path=\"/orders\" title=\"Orders\" owner=\"orders\"/>", "path=\"/orders\" title=\"Orders\" owner=\"orders\" under=\"item\"/>",
         "19: route 'orders' is under 'item', whose parameter 'id' 'orders' does not have; a link to 'orders' could not show 'item' beneath it"),
        ("path=\"/orders\" title=\"Orders\" owner=\"orders\"/>", "path=\"/orders\" title=\"Orders\" owner=\"orders\" under=\"orders\"/>",
         "19: route 'orders' is under 'orders', which leads back to it; a route cannot be under itself"),
        ("path=\"/\" title=\"Home\" owner=\"home\"/>", "path=\"/\" title=\"Home\" owner=\"home\" under=\"orders\"/>",
         "14: route 'home' is under 'orders', which needs sign-in while 'home' does not; a link to 'home' would ask for sign-in first"),
    ])
    func referenceErrorsNameTheLine(original: String, replacement: String, expected: String) throws {
        #expect(try problems(Self.valid.replacingOccurrences(of: original, with: replacement)).contains(expected))
    }

    @Test(arguments: [
        ("title=\"Orders\" badge", "title=\"Orders\" link=\"tab/orders\" badge",
         "9: tab 'orders' has the link 'tab/orders', which is not a path of letters, digits, '-', '.', '_' and '~' segments such as '/tab/orders'"),
        ("title=\"Orders\" badge", "title=\"Orders\" link=\"/tab/{id}\" badge",
         "9: tab 'orders' has the link '/tab/{id}', which is not a path of letters, digits, '-', '.', '_' and '~' segments such as '/tab/orders'"),
        ("title=\"Orders\" badge", "title=\"Orders\" link=\"/_tab/orders\" badge",
         "9: tab 'orders' has the link '/_tab/orders', but paths starting with '_' or '.' are FlowPages' own; choose another path"),
        ("title=\"Orders\" badge", "title=\"Orders\" link=\"/items/7\" badge",
         "9: tab 'orders' has the link '/items/7', which is also the address of route 'item'; a link names a tab or a screen, not both"),
        ("icon=\"house.fill\"/>", "icon=\"house.fill\" link=\"/tab/orders\"/>",
         "9: tab 'orders' has the link '/tab/orders', which tab 'home' already has"),
    ])
    func aTabLinkThatCannotWorkIsReported(original: String, replacement: String, expected: String) throws {
        var xml = Self.valid.replacingOccurrences(of: original, with: replacement)
        if !replacement.contains("house") { xml = xml.replacingOccurrences(of: "icon=\"house.fill\"/>", with: "icon=\"house.fill\" link=\"/tab/home\"/>") }
        else { xml = xml.replacingOccurrences(of: "title=\"Orders\" badge", with: "title=\"Orders\" link=\"/tab/orders\" badge") }
        let found = try problems(xml)
        #expect(found.contains(expected), "\(found)")
    }

    @Test func aStylesheetTooLargeIsReported() throws {
        let folder = try makeFolder(xml: Self.valid, templates: ["home", "items/detail", "orders", "checkout", "login"])
        try Data(repeating: UInt8(ascii: " "), count: 300 * 1024).write(to: URL(fileURLWithPath: folder + "/style.css"))
        guard case .failure(let found) = AppFolderLoader.load(folder: folder, vocabulary: .test) else {
            Issue.record("a 300 KiB style.css loaded")
            return
        }
        #expect(found.problems.map(\.message) == ["style.css must be UTF-8 text of at most 256 KiB"])
    }

    @Test func tabLinksAreReadByPath() throws {
        let xml = Self.valid.replacingOccurrences(of: "title=\"Orders\" badge", with: "title=\"Orders\" link=\"/tab/orders\" badge")
        let app = try AppFolderLoader.load(folder: makeFolder(xml: xml, templates: ["home", "items/detail", "orders", "checkout", "login"]), vocabulary: .test).get()
        #expect(app.tabLinks == ["/tab/orders": "orders"])
    }

    @Test func aMissingTemplateAndAMisnamedFolderAreReportedTogether() throws {
        let folder = try makeFolder(id: "store", xml: Self.valid, templates: ["home", "orders", "checkout", "login"])
        guard case .failure(let found) = AppFolderLoader.load(folder: folder, vocabulary: .test) else {
            Issue.record("expected problems")
            return
        }
        let messages = found.problems.map { "\($0.line): \($0.message)" }
        #expect(messages.count == 2)
        #expect(messages[0] == "2: the app id is 'shop' but its folder is 'store'; rename one so they match")
        #expect(messages[1].hasPrefix("15: route 'item' uses template 'items/detail', but "))
        #expect(found.problems.allSatisfy { $0.file.hasSuffix("store/app.xml") })
    }

    @Test func aBrokenFolderDoesNotStopTheOthers() throws {
        let good = try makeFolder(xml: Self.valid, templates: ["home", "items/detail", "orders", "checkout", "login"])
        let views = (good as NSString).deletingLastPathComponent
        let broken = (views as NSString).appendingPathComponent("broken")
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try Data("<app id=\"broken\"".utf8).write(to: URL(fileURLWithPath: broken + "/app.xml"))
        try FileManager.default.createDirectory(atPath: views + "/_layout", withIntermediateDirectories: true)
        let (apps, found) = AppFolderLoader.loadAll(views: views, vocabulary: .test)
        #expect(apps.map(\.id) == ["shop"])
        #expect(!found.isEmpty && found.allSatisfy { $0.file.hasSuffix("broken/app.xml") })
    }

    @Test func aMissingAppXMLIsAClearProblem() {
        guard case .failure(let found) = AppFolderLoader.load(folder: "/nonexistent/app", vocabulary: .test) else {
            Issue.record("expected a problem")
            return
        }
        #expect(found.description == "/nonexistent/app/app.xml:1: cannot be read; an app folder needs an app.xml")
    }
}
