import FlowDefinition
import Foundation
import Navigation
import Testing

/// What `flowpages import-navgraph` makes of Android graphs: the graphs of `Tests/NavGraphs/`
/// (walked over HTTP by `NavGraphWalkTests`), read here route by route and note by note, and
/// small graphs for each edge.
@Suite struct NavGraphImporterTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("NavGraphs")

    static func file(_ path: String) throws -> NavGraphImporter.File {
        let url = folder.appendingPathComponent(path)
        return ("res/" + path, Array(try Data(contentsOf: url)))
    }

    static func garden() throws -> NavGraphImporter.Output {
        try NavGraphImporter.importGraphs([file("garden/nav_garden.xml"), file("garden/nav_account.xml")], appID: "garden",
                                          strings: [file("garden/strings.xml")]).get()
    }

    static func market(menu: Bool = true) throws -> NavGraphImporter.Output {
        try NavGraphImporter.importGraphs([file("market/nav_main.xml"), file("market/nav_shop.xml"), file("market/nav_cart.xml")],
                                          appID: "market", strings: [file("market/strings.xml")],
                                          menu: menu ? file("market/bottom_nav.xml") : nil).get()
    }

    static func newsroom() throws -> NavGraphImporter.Output {
        try NavGraphImporter.importGraphs([file("newsroom/nav_news.xml")], appID: "newsroom", menu: file("newsroom/bottom_nav.xml")).get()
    }

    /// A one-file graph around `body`, with the usual namespaces.
    static func graph(_ body: String, start: String = "a", id: String = "main_graph") -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <navigation xmlns:android="http://schemas.android.com/apk/res/android"
                xmlns:app="http://schemas.android.com/apk/res-auto"
                android:id="@+id/\(id)" app:startDestination="@id/\(start)">
            \(body)
            </navigation>
            """.utf8)
    }

    static func importOne(_ body: String, start: String = "a") throws -> NavGraphImporter.Output {
        try NavGraphImporter.importGraphs([("res/navigation/main.xml", graph(body, start: start))], appID: "one").get()
    }

    /// Writes the output as an app folder and loads it with every check.
    static func load(_ output: NavGraphImporter.Output, as id: String) throws -> AppDefinition {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)/\(id)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, contents) in output.files {
            try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
        }
        switch AppFolderLoader.load(folder: folder.path, vocabulary: .test) {
        case .success(let app): return app
        case .failure(let problems):
            Issue.record("the imported folder does not load:\n\(problems)\n\(output.files["app.xml"] ?? "")")
            throw problems
        }
    }

    @Test func destinationsBecomeRoutesWithTheirArgumentsAndDeepLinks() throws {
        let app = try Self.load(try Self.garden(), as: "garden")
        let navigation = app.navigation
        #expect(Set(navigation.routes.map(\.name.rawValue)) == [
            "home", "plant_list", "zone_map", "plant_detail", "gallery_activity", "about_dialog", "water_dialog", "share_photo", "search",
            "settings", "licenses", "profile", "signed_out",
        ], "one route per destination; the graph included twice is imported once")
        #expect(navigation.root.kind == .stack(root: "home", depthLimit: nil))
        #expect(navigation.route("home")?.path == "/home", "the start destination has an address of its own, not the app's entry")
        #expect(navigation.route("home")?.title == "My Garden", "@string labels from strings.xml")

        let detail = try #require(navigation.route("plant_detail"))
        #expect(detail.path == "/plants/{plantId}" && detail.isDeepLinkable && detail.title == "Plant {plantId}")
        #expect(detail.aliases == ["/en/plants/{plantId}"], "a further deep link is another address of the screen; its trailing slash is dropped")
        #expect(detail.parameter("plantId")?.kind == .integer && detail.parameter("plantId")?.isRequired == true)
        #expect(detail.parameter("showPhotos") == ParameterDefinition("showPhotos", kind: .boolean, required: false, defaultValue: "false", queryName: "photos"))
        #expect(navigation.route("plant_list")?.path == "/zones/{zone}", "a scheme-less link's path")
        #expect(navigation.route("share_photo")?.path == "/share/{photoId}", "a custom scheme's host, lowercased, is the first segment")
        #expect(navigation.route("settings")?.path == "/com.example.garden/settings", "android-app:// reads as a custom scheme")
        #expect(navigation.route("search")?.parameter("query")?.queryName == "q")
        #expect(navigation.route("gallery_activity")?.parameter("plantId")?.defaultValue == "0")
        #expect(app.schemes == ["gardenapp", "android-app"] && app.hosts == ["www.garden.example"])
        // Dialogs are modals of their own over the screen that opens them.
        #expect(navigation.route("about_dialog")?.presentation == .modal(.alert))
        #expect(navigation.route("about_dialog")?.owner == "about_dialog-dialog")
    }

    @Test func actionsKeepTheirArgumentsAndBackStack() throws {
        let app = try Self.load(try Self.garden(), as: "garden")
        let actions = app.actions
        #expect(actions["show_plants"]?.steps == [.navigate("plant_list", parameters: [ActionParameter(name: "zone", source: .constant("north"))])])
        // An id reused for a different destination or arguments gets its screen's id in front.
        #expect(actions["show_plant"]?.steps == [.navigate("plant_detail", parameters: [ActionParameter(name: "plantId", source: .field("plantId"))])])
        #expect(actions["show_plant"]?.form == "show_plant", "a required argument no action gives is asked for")
        #expect(actions["plant_list-show_plant"]?.steps == [.navigate("plant_detail", parameters: [ActionParameter(name: "plantId", source: .constant("7"))])])
        // The same id with the same meaning stays one action (show_account: global and on settings).
        #expect(actions["show_account"]?.steps == [.navigate("profile", parameters: [])])
        #expect(actions.keys.filter { $0.hasSuffix("show_account") }.count == 1)
        // An action to a graph goes to its start destination.
        #expect(actions["open_settings"]?.steps == [.navigate("settings", parameters: [])])
        #expect(actions["open_gallery"]?.steps == [.popUpTo("home", inclusive: false, then: "gallery_activity",
                                                            parameters: [ActionParameter(name: "plantId", source: .parameter("plantId"))], singleTop: false)])
        #expect(actions["show_related"]?.steps == [.popUpTo(nil, inclusive: false, then: "plant_detail", parameters: [
            ActionParameter(name: "plantId", source: .constant("8")), ActionParameter(name: "showPhotos", source: .parameter("showPhotos")),
        ], singleTop: true)])
        #expect(actions["back_home"]?.steps == [.popUpTo("home", inclusive: false, then: nil, parameters: [], singleTop: false)])
        // Popping up to a graph pops its start destination too.
        #expect(actions["leave_settings"]?.steps == [.popUpTo("settings", inclusive: true, then: nil, parameters: [], singleTop: false)])
        #expect(actions["sign_out"]?.steps == [.popUpTo("home", inclusive: true, then: "signed_out", parameters: [], singleTop: false)])
        // A required boolean is asked for with a checkbox; an argument the screen has travels on, as its default when left out.
        #expect(app.forms["water"]?.fields.map(\.type) == [.checkbox])
        #expect(actions["show_map"]?.steps == [.navigate("zone_map", parameters: [ActionParameter(name: "page", source: .parameter("page"))])])
        // A screen nothing leads to is opened from the start destination.
        #expect(actions["open-search"]?.steps == [.navigate("search", parameters: [])])
    }

    @Test func placeholderScreensShowTheirArgumentsAndButtons() throws {
        let files = try Self.garden().files
        let detail = try #require(files["plant_detail.html"])
        #expect(detail.hasPrefix("{{extends \"_layout/app\"}}"), "rendered in the shared layout")
        #expect(detail.contains("<dt>plantId</dt><dd>{{ params.plantId }}</dd>"))
        #expect(detail.contains("action=\"{{ actions.show_related }}\" class=\"action\">{{> _layout/form-fields}}<button type=\"submit\">Plant 8</button>"))
        #expect(detail.contains(">Water?</button>"), "a placeholder no action fills is left out of the button")
        let home = try #require(files["home.html"])
        #expect(home.contains("{{> _layout/field field=forms.show_plant.plantId}}"))
        #expect(home.contains("<h2 id=\"unreached\">Opened by the app's code</h2>"))
        let licenses = try #require(files["licenses.html"])
        #expect(licenses.contains(">Back to My Garden</button>") && licenses.contains(">Back out of Settings</button>"))
    }

    @Test func whatIsNotMappedExactlyIsNotedAtItsFileAndLine() throws {
        let notes = try Self.garden().unmapped
        // Each at the line its element's start tag begins on, however many lines the tag takes.
        let expected = [
            "res/garden/nav_garden.xml:21: action 'open_settings' animates (enterAnim, exitAnim); pages change without animation",
            "res/garden/nav_garden.xml:91: activity 'gallery_activity' is a pushed screen; a separate Android task has no web counterpart",
            "res/garden/nav_garden.xml:91: activity 'gallery_activity' sets android:action=\"android.intent.action.VIEW\"; the screen does not start another app",
            "res/garden/nav_garden.xml:176: graph 'nav_account' is included again; its destinations are shared with the first include, not copied",
            "res/garden/nav_garden.xml:31: argument 'zone' of 'plant_list' is part of its deep link's path, so the screen's address always holds it; an action that leaves it out passes its default 'all'",
            "res/garden/nav_garden.xml:124: no action leads to 'share_photo' (app code may open it by id); a button on 'home' opens it",
            "res/garden/nav_garden.xml:134: no action leads to 'search' (app code may open it by id); a button on 'home' opens it",
            "res/garden/nav_garden.xml:168: action 'leave_settings' pops up to graph 'settings_graph': back out of its start destination 'settings', as the graph is entered there",
        ]
        #expect(notes.sorted() == expected.sorted())
    }

    @Test func notesOfAnIncludedGraphNameItsOwnFile() throws {
        let included = Array("""
            <navigation xmlns:android="http://schemas.android.com/apk/res/android" xmlns:app="http://schemas.android.com/apk/res-auto"
                android:id="@+id/extra_graph" app:startDestination="@id/b">
                <fragment android:id="@+id/b" android:label="@string/missing">
                    <deepLink app:uri="https://example.com/b" app:mimeType="image/*" />
                    <action android:id="@+id/keep" app:destination="@id/a" app:popUpTo="@id/a" app:popUpToSaveState="true" app:restoreState="true" />
                </fragment>
            </navigation>
            """.utf8)
        let output = try NavGraphImporter.importGraphs([
            ("res/navigation/main.xml", Self.graph(#"<fragment android:id="@+id/a"><action android:id="@+id/go" app:destination="@id/extra_graph" /></fragment><include app:graph="@navigation/extra" />"#)),
            ("res/navigation/extra.xml", included),
        ], appID: "x").get()
        #expect(output.unmapped.contains("res/navigation/extra.xml:3: label @string/missing is a resource FlowPages cannot read; it reads 'Missing'; pass the strings.xml that defines it with --strings"))
        #expect(output.unmapped.contains("res/navigation/extra.xml:4: the deep link of 'b' matches mimeType 'image/*'; a browser link carries none, so it matches by its URI only"))
        #expect(output.unmapped.contains("res/navigation/extra.xml:5: action 'keep' sets popUpToSaveState; FlowPages keeps no saved back stacks, so a popped screen comes back fresh"))
        #expect(output.unmapped.contains("res/navigation/extra.xml:5: action 'keep' sets restoreState; FlowPages keeps no saved back stacks, so a popped screen comes back fresh"))
        _ = try Self.load(output, as: "x")
    }

    @Test func aLabelOfArgumentsAloneSaysWhichScreenItIs() throws {
        let output = try Self.importOne(#"""
            <fragment android:id="@+id/a"><action android:id="@+id/edit" app:destination="@id/edit_task" /></fragment>
            <fragment android:id="@+id/edit_task" android:label="{title}"><argument android:name="title" app:argType="string" /></fragment>
            """#)
        let app = try Self.load(output, as: "one")
        #expect(app.navigation.route("edit_task")?.title == "Edit Task: {title}")
        #expect(output.files["a.html"]?.contains(">Edit Task</button>") == true)
    }

    @Test func idsUsedTwiceAndADialogStartStillLoad() throws {
        let output = try NavGraphImporter.importGraphs([("res/navigation/main.xml", Self.graph(#"""
            <dialog android:id="@+id/a" android:label="@string/welcome"><action android:id="@+id/go" app:destination="@id/inner" /></dialog>
            <navigation android:id="@+id/inner" app:startDestination="@id/detail">
                <fragment android:id="@+id/detail" android:label="Inner detail" />
            </navigation>
            <fragment android:id="@+id/detail" android:label="Outer detail" />
            """#))], appID: "one", strings: [("res/values/strings.xml", Array(#"""
            <resources><string name="welcome">@string/hello</string><string name="hello">Hello</string></resources>
            """#.utf8))]).get()
        let app = try Self.load(output, as: "one")
        #expect(app.navigation.route("a")?.presentation == .push && app.navigation.route("a")?.title == "Hello")
        #expect(app.navigation.route("detail_main_graph")?.title == "Outer detail")
        #expect(output.unmapped.contains("res/navigation/main.xml:9: destination id 'detail' is used again in graph 'main_graph'; this one's route is 'detail_main_graph', and an action naming 'detail' leads to the one of the innermost graph around it"))
        // Entering the inner graph opens its own start, not the outer screen of the same id.
        #expect(app.actions["go"]?.steps == [.navigate("detail", parameters: [])])
        #expect(output.unmapped.contains("res/navigation/main.xml:9: no action leads to 'detail_main_graph' (app code may open it by id); a button on 'a' opens it"))
        #expect(output.unmapped.contains("res/navigation/main.xml:5: <dialog> 'a' starts its stack, so nothing lies under it; it is a screen of its own"))
    }

    @Test func aRootGraphOfGraphsIsABottomNavigation() throws {
        let app = try Self.load(try Self.market(), as: "market")
        guard case .tabs(let initial?) = app.navigation.root.kind else {
            Issue.record("not tabs: \(app.navigation.root.kind)")
            return
        }
        #expect(initial == "tab-shop-graph")
        #expect(app.navigation.root.children.map(\.tab?.title) == ["Shop", "Cart"], "the menu's titles, from strings.xml")
        #expect(app.navigation.route("product")?.owner == "tab-shop-graph" && app.navigation.route("checkout")?.owner == "tab-cart-graph")
        // Without the menu, each top-level graph is a tab named after it.
        let unnamed = try Self.load(try Self.market(menu: false), as: "market")
        #expect(unnamed.navigation.root.children.map(\.tab?.title) == ["Shop", "Cart"])
    }

    /// A scheme-less link filling a tab root's argument opens that root with it: the root keeps
    /// its own address (a root opens without arguments) and the link is an alias of it.
    @Test func aLinkFillingATabRootsArgumentIsAnAliasOfTheRoot() throws {
        let output = try Self.newsroom()
        let app = try Self.load(output, as: "newsroom")
        let feed = try #require(app.navigation.route("feed"))
        #expect(feed.path == "/feed" && feed.aliases == ["/sections/{section}"] && feed.isDeepLinkable)
        #expect(feed.parameter("section") == ParameterDefinition("section", required: false, defaultValue: "top"))
        #expect(app.hosts == ["news.example"])
        #expect(!output.unmapped.contains { $0.contains("does not open the screen") }, "\(output.unmapped)")
    }

    /// A graph starting at a screen outside the bottom navigation opens on that screen, as the
    /// Android app does: it is the app's entry, a screen of the tab it leads to (with the tab bar),
    /// its own address kept; the choice is noted.
    @Test func aStartOutsideTheTabsIsTheAppsEntryOnTheTabItLeadsTo() throws {
        let output = try Self.newsroom()
        let app = try Self.load(output, as: "newsroom")
        guard case .tabs(let initial?) = app.navigation.root.kind else {
            Issue.record("not tabs: \(app.navigation.root.kind)")
            return
        }
        #expect(initial == "tab-feed")
        let welcome = try #require(app.navigation.route("welcome"))
        #expect(welcome.path == "/" && welcome.aliases == ["/welcome"] && welcome.owner == "tab-feed" && welcome.presentation == .push)
        #expect(output.unmapped.contains("res/newsroom/nav_news.xml:2: the graph starts at 'welcome', which is none of the tabs ('News', 'Saved'); "
            + "'welcome' is a screen of 'News', where its action 'start_reading' leads"), "\(output.unmapped)")
        #expect(output.unmapped.contains("res/newsroom/nav_news.xml:2: the app opens on 'welcome' with the tab bar, over 'News''s root, which Back there leads to (on Android, Back at the start leaves the app)"),
                "\(output.unmapped)")
        #expect(!output.unmapped.contains { $0.contains("no action leads to 'welcome'") }, "the entry leads to it")
        #expect(output.files["feed.html"]?.contains("open-welcome") == false)
        // Leading nowhere among the tabs: the first tab, said as such.
        let menu: NavGraphImporter.File = ("res/menu/bottom.xml", Array("""
            <menu xmlns:android="http://schemas.android.com/apk/res/android">
                <item android:id="@+id/b" android:title="Bee" /><item android:id="@+id/c" android:title="Sea" />
            </menu>
            """.utf8))
        let lost = try NavGraphImporter.importGraphs([("res/navigation/main.xml", Self.graph("""
            <fragment android:id="@+id/a" android:label="Splash" />
            <fragment android:id="@+id/b" android:label="B" />
            <fragment android:id="@+id/c" android:label="C" />
            """))], appID: "one", menu: menu).get()
        #expect(lost.unmapped.contains { $0.hasSuffix("the graph starts at 'a', which is none of the tabs ('Bee', 'Sea') and leads to none of them; 'a' is a screen of the first, 'Bee'") },
                "\(lost.unmapped)")
        #expect(try Self.load(lost, as: "one").navigation.route("a")?.path == "/")
        // A start that is a dialog has no address of its own to open on: a button on the tab.
        let dialog = try NavGraphImporter.importGraphs([("res/navigation/main.xml", Self.graph("""
            <dialog android:id="@+id/a" android:label="Consent" />
            <fragment android:id="@+id/b" android:label="B" />
            <fragment android:id="@+id/c" android:label="C" />
            """))], appID: "one", menu: menu).get()
        #expect(dialog.unmapped.contains { $0.hasSuffix("'a' is shown over another screen, so the app cannot open on it; it opens on 'Bee', and 'a' is a button there") }, "\(dialog.unmapped)")
        #expect(dialog.files["b.html"]?.contains("open-a") == true)
    }

    /// Android opens a deep link into a nested graph over that graph's start (its synthetic back
    /// stack); the imported route is `under` that start, when the link gives what it needs.
    @Test func aDeepLinkIntoANestedGraphOpensOverItsStart() throws {
        let output = try Self.importOne("""
            <fragment android:id="@+id/a" android:label="Home" />
            <navigation android:id="@+id/shop" app:startDestination="@id/catalog">
                <fragment android:id="@+id/catalog" android:label="Catalog">
                    <deepLink app:uri="https://market.example/catalog" />
                </fragment>
                <navigation android:id="@+id/item" app:startDestination="@id/product">
                    <fragment android:id="@+id/product" android:label="Product {sku}">
                        <argument android:name="sku" app:argType="string" />
                        <deepLink app:uri="https://market.example/product/{sku}" />
                    </fragment>
                    <fragment android:id="@+id/reviews" android:label="Reviews">
                        <argument android:name="sku" app:argType="string" />
                        <deepLink app:uri="https://market.example/product/{sku}/reviews" />
                    </fragment>
                    <fragment android:id="@+id/photo" android:label="Photo">
                        <argument android:name="photo" app:argType="string" />
                        <deepLink app:uri="https://market.example/photo/{photo}" />
                    </fragment>
                    <dialog android:id="@+id/share" android:label="Share">
                        <argument android:name="sku" app:argType="string" />
                        <deepLink app:uri="https://market.example/product/{sku}/share" />
                    </dialog>
                </navigation>
            </navigation>
            """)
        let app = try Self.load(output, as: "one")
        #expect(app.linkParents["reviews"] == "product", "the innermost graph's start")
        #expect(app.linkParents["product"] == "catalog", "a graph's start lies over the start of the graph around it")
        #expect(app.linkParents["catalog"] == nil, "the root graph's start is the stack's root, beneath every screen anyway")
        #expect(app.linkParents["photo"] == nil && app.linkParents["share"] == nil)
        #expect(output.unmapped.contains { $0.contains("'photo' over 'product', whose argument 'sku' the link does not give") }, "\(output.unmapped)")
    }

    @Test func everyImportedActionNavigatesFromTheStart() throws {
        let app = try Self.load(try Self.garden(), as: "garden")
        let navigator = Navigator(app.navigation)
        for (id, action) in app.actions.sorted(by: { $0.key < $1.key }) {
            let (route, back): (RouteName?, RouteName?) = switch action.steps.first {
            case .navigate(let route, _)?: (route, nil)
            case .popUpTo(let popped, _, let then, _, _)?: (then, popped)
            default: (nil, nil)
            }
            guard let route else {
                #expect(back != nil, "action \(id) neither navigates nor pops")
                continue
            }
            let definition = try #require(app.navigation.route(route))
            let samples: [ParameterDefinition.Kind: String] = [.integer: "1", .boolean: "true", .string: "x"]
            let parameters = Dictionary(uniqueKeysWithValues: definition.parameters.filter(\.isRequired).map { ($0.name, samples[$0.kind]!) })
            let result = navigator.execute(.navigate(RouteInstance(route, parameters)), on: navigator.initialState)
            #expect((try? result.get()) != nil, "action \(id) to \(route) does not navigate: \(result)")
        }
    }

    @Test func brokenInputIsReportedNotCrashedOn() {
        let broken = NavGraphImporter.importGraphs([("x.xml", Array("<navigation><fragment".utf8))], appID: "x")
        guard case .failure(let problems) = broken else {
            Issue.record("expected problems")
            return
        }
        #expect(problems.problems.first?.file == "x.xml")
        let notAGraph = NavGraphImporter.importGraphs([("layout.xml", Array("<LinearLayout/>".utf8))], appID: "x")
        guard case .failure(let other) = notAGraph else {
            Issue.record("expected problems")
            return
        }
        #expect(other.problems.first?.message == "the root element is <LinearLayout>, not <navigation>; is this a navigation graph?")
        let noStart = NavGraphImporter.importGraphs([("g.xml", Array("<navigation><fragment android:id=\"@+id/a\" xmlns:android=\"x\"/></navigation>".utf8))], appID: "x")
        guard case .failure(let missing) = noStart else {
            Issue.record("expected problems")
            return
        }
        #expect(missing.problems.first?.message.contains("startDestination") == true)
        let notStrings = NavGraphImporter.importGraphs([("g.xml", Self.graph(#"<fragment android:id="@+id/a"/>"#))], appID: "x",
                                                       strings: [("values/colors.xml", Array("<colors/>".utf8))])
        guard case .failure(let strings) = notStrings else {
            Issue.record("expected problems")
            return
        }
        #expect(strings.problems.first?.description == "values/colors.xml:1: the root element is <colors>, not <resources>; is this a strings.xml file?")
    }
}
