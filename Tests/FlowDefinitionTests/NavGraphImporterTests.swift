import FlowDefinition
import Foundation
import Navigation
import Testing

@Suite struct NavGraphImporterTests {
    /// A main graph in the style of Android's own samples: a nested graph, an included graph,
    /// a global action, deep links with arguments, a dialog and an activity.
    static let main = """
        <?xml version="1.0" encoding="utf-8"?>
        <navigation xmlns:android="http://schemas.android.com/apk/res/android"
            xmlns:app="http://schemas.android.com/apk/res-auto"
            xmlns:tools="http://schemas.android.com/tools"
            android:id="@+id/nav_graph"
            app:startDestination="@id/homeFragment">

            <fragment android:id="@+id/homeFragment" android:name="com.example.HomeFragment" android:label="Home">
                <action android:id="@+id/action_home_to_detail" app:destination="@id/detailFragment" />
                <action android:id="@+id/action_home_to_settings" app:destination="@id/settings_graph" />
                <action android:id="@+id/action_home_to_confirm" app:destination="@id/confirmDialog" />
            </fragment>

            <fragment android:id="@+id/detailFragment" android:name="com.example.DetailFragment" android:label="Plant {plantId}">
                <argument android:name="plantId" app:argType="integer" />
                <argument android:name="tab" app:argType="string" app:nullable="true" android:defaultValue="@null" />
                <argument android:name="rating" app:argType="float" android:defaultValue="0.0" />
                <deepLink app:uri="https://www.example.com/plants/{plantId}?tab={tab}" />
                <action android:id="@+id/action_detail_to_gallery" app:destination="@id/galleryActivity"
                    app:popUpTo="@id/homeFragment" app:launchSingleTop="true" />
            </fragment>

            <activity android:id="@+id/galleryActivity" android:name="com.example.GalleryActivity" android:label="@string/gallery_title">
                <deepLink app:uri="plantapp://gallery/{plantId}" />
                <argument android:name="plantId" app:argType="integer" />
            </activity>

            <dialog android:id="@+id/confirmDialog" android:name="com.example.ConfirmDialog" android:label="Confirm">
                <action android:id="@+id/action_confirm_to_home" app:destination="@id/homeFragment"
                    app:popUpTo="@id/nav_graph" app:popUpToInclusive="true" />
            </dialog>

            <navigation android:id="@+id/settings_graph" app:startDestination="@id/settingsFragment">
                <fragment android:id="@+id/settingsFragment" android:label="Settings">
                    <action android:id="@+id/action_settings_to_about" app:destination="@id/aboutFragment" />
                </fragment>
                <fragment android:id="@+id/aboutFragment" android:label="About" />
            </navigation>

            <include app:graph="@navigation/account_graph" />

            <action android:id="@+id/action_global_account" app:destination="@id/account_graph" />
            <action android:id="@+id/action_global_pop" app:popUpTo="@id/homeFragment" />
        </navigation>
        """

    static let account = """
        <?xml version="1.0" encoding="utf-8"?>
        <navigation xmlns:android="http://schemas.android.com/apk/res/android"
            xmlns:app="http://schemas.android.com/apk/res-auto"
            android:id="@+id/account_graph" app:startDestination="@id/profileFragment">
            <fragment android:id="@+id/profileFragment" android:label="Profile">
                <deepLink app:uri="https://www.example.com/profile" />
                <action android:id="@+id/action_profile_to_home" app:destination="@id/homeFragment" />
            </fragment>
        </navigation>
        """

    func importGraphs() throws -> NavGraphImporter.Output {
        try NavGraphImporter.importGraphs([
            ("res/navigation/nav_graph.xml", Array(Self.main.utf8)),
            ("res/navigation/account_graph.xml", Array(Self.account.utf8)),
        ], appID: "plant-app").get()
    }

    /// Writes the output as an app folder and loads it with every check.
    func loadImported(_ output: NavGraphImporter.Output) throws -> AppDefinition {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)/plant-app")
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

    @Test func everyElementIsMapped() throws {
        let output = try importGraphs()
        let app = try loadImported(output)
        let navigation = app.navigation
        #expect(Set(navigation.routes.map(\.name.rawValue)) == [
            "homeFragment", "detailFragment", "galleryActivity", "confirmDialog", "settingsFragment", "aboutFragment", "profileFragment",
        ])
        // startDestination is the stack's root, at "/".
        #expect(navigation.root.kind == .stack(root: "homeFragment", depthLimit: nil))
        #expect(navigation.route("homeFragment")?.path == "/")
        // Deep links give paths; placeholders become path and query parameters with their types.
        let detail = try #require(navigation.route("detailFragment"))
        #expect(detail.path == "/plants/{plantId}")
        #expect(detail.isDeepLinkable)
        #expect(detail.parameter("plantId")?.kind == .integer && detail.parameter("plantId")?.isRequired == true)
        #expect(detail.parameter("tab")?.isRequired == false)
        #expect(detail.parameter("rating")?.isRequired == false)
        #expect(navigation.route("galleryActivity")?.path == "/gallery/{plantId}")
        #expect(navigation.route("galleryActivity")?.title == "Gallery Title")
        #expect(app.schemes == ["plantapp"] && app.hosts == ["www.example.com"])
        // A dialog is a sheet modal; an included graph's destinations are routes.
        #expect(navigation.route("confirmDialog")?.presentation == .modal(.sheet))
        #expect(navigation.route("profileFragment")?.path == "/profile")
        // Actions to a graph go to its start destination; global actions are offered everywhere.
        #expect(app.actions["action_home_to_settings"]?.steps == [.navigate("settingsFragment", parameters: [])])
        #expect(app.actions["action_global_account"]?.steps == [.navigate("profileFragment", parameters: [])])
        #expect(app.actions.count == 8)
    }

    @Test func whatCannotBeMappedIsListed() throws {
        let notes = try importGraphs().unmapped
        #expect(notes.contains { $0.contains("activity 'galleryActivity' became a pushed screen") })
        #expect(notes.contains { $0.contains("argument 'rating' of 'detailFragment': float is read as text") })
        #expect(notes.contains { $0.contains("action 'action_detail_to_gallery' pops up to 'homeFragment'") })
        #expect(notes.contains { $0.contains("action 'action_confirm_to_home' pops up to 'nav_graph' inclusive") })
        #expect(notes.contains { $0.contains("action 'action_global_pop' has no destination") })
        #expect(notes.contains { $0.contains("label @string/gallery_title") })
    }

    @Test func placeholderTemplatesNameTheScreenItsArgumentsAndActions() throws {
        let output = try importGraphs()
        let detail = try #require(output.files["detailFragment.html"])
        #expect(detail.contains("<h1>Plant &#123;plantId&#125;</h1>"))
        #expect(detail.contains("<dt>plantId</dt><dd>{{ params.plantId }}</dd>"))
        #expect(detail.contains("<button type=\"submit\" name=\"action\" value=\"action_detail_to_gallery\">Gallery Title</button>"))
        #expect(detail.contains("value=\"action_global_account\">Profile</button>"))
    }

    @Test func theRoundTripResolvesEveryAction() throws {
        let app = try loadImported(try importGraphs())
        let navigator = Navigator(app.navigation)
        for (id, action) in app.actions.sorted(by: { $0.key < $1.key }) {
            guard case .navigate(let route, _)? = action.steps.first else {
                Issue.record("action \(id) does not navigate")
                continue
            }
            let definition = try #require(app.navigation.route(route))
            let parameters = Dictionary(uniqueKeysWithValues: definition.parameters.filter(\.isRequired).map { ($0.name, $0.kind == .integer ? "1" : "x") })
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
    }
}
