import FlowDefinition
@testable import FlowPages
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import Testing

@Suite struct ViewsCheckTests {
    func makeViews(_ files: [String: String]) throws -> String {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        for (path, text) in files {
            let url = views.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return views.path
    }

    static let app = """
        <app id="notes" title="Notes">
          <link-scheme name="notesapp"/>
          <link-host name="notes.example"/>
          <navigation><stack id="main" root="list"/></navigation>
          <routes>
            <route name="list" path="/" title="Notes" owner="main"/>
            <route name="note" path="/notes/{id}" title="Note" owner="main" deep-link="true"><param name="id" type="integer"/></route>
          </routes>
        </app>
        """

    @Test func aValidViewsFolderHasNoProblems() throws {
        let views = try makeViews(["notes/app.xml": Self.app, "notes/list.html": "<h1>Notes</h1>", "notes/note.html": "<h1>{{ page.heading }} {{ params.id }}</h1>"])
        #expect(ViewsCheck.problems(views: views).isEmpty)
    }

    /// Issue 46: an image a template names is one of the folder's `images/`, found before it
    /// renders; an `<img>` without `alt` is a warning, since the app still works for most.
    @Test func anImageATemplateNamesIsInItsFolderAndAnImgWithoutAltIsAWarning() throws {
        let logo = #"<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>"#
        let views = try makeViews([
            "notes/app.xml": Self.app,
            "notes/images/logo.svg": logo,
            "notes/list.html": """
                <h1>Notes</h1><img src="{{ image "logos.svg" }}" alt="Notes">
                <img src="{{ image "logo.svg" }}">{{!-- <img src="x"> --}}<!-- <img src="y"> -->
                <img alt="" src="{{ image "logo.svg" }}"><IMG SRC="{{ image "logo.svg" }}" {{#if signedIn}}ALT="Signed in"{{/if}}>
                """,
            "notes/note.html": "<p><img\n  src=\"{{ image params.id }}\"></p>",
        ])
        let report = ViewsCheck.report(views: views)
        #expect(report.problems == ["\(views)/notes/list.html:1:25: {{ image \"logos.svg\" }} names no file of notes/images/; did you mean 'logo.svg'?"])
        let advice = "warning: <img> has no alt attribute, so a screen reader reads out its address; give it alt=\"what it shows\", or alt=\"\" if it is only decoration"
        #expect(report.warnings == ["\(views)/notes/list.html:2:1: \(advice)", "\(views)/notes/note.html:1:4: \(advice)"])

        let without = try makeViews(["notes/app.xml": Self.app, "notes/list.html": "<h1>Notes</h1>", "notes/note.html": #"<img src="{{ image "logo.svg" }}" alt="">"#])
        #expect(ViewsCheck.problems(views: without) == [
            "\(without)/notes/note.html:1:11: {{ image \"logo.svg\" }} names no file of notes/images/ (it has no images: put the file in an images/ folder beside app.xml)",
        ])
        let text = try makeViews(["notes/app.xml": Self.app, "notes/list.html": "<h1>Notes</h1>", "notes/note.html": "<h1>Note</h1>", "notes/images/read me.txt": "x"])
        #expect(ViewsCheck.problems(views: text) == [
            "\(text)/notes/images/read me.txt:1: is not an image FlowPages serves: an app's images are PNG, JPEG, GIF, WebP, AVIF or SVG (.png, .jpg, .jpeg, .gif, .webp, .avif, .svg)",
        ])
    }

    /// An `autofocus` in an app's own template is a warning: it takes a screen reader past the
    /// page's title and heading, which the layout focuses instead.
    @Test func anAutofocusIsAWarning() throws {
        let views = try makeViews([
            "notes/app.xml": Self.app, "notes/list.html": "<h1>Notes</h1>\n<p><input type=\"search\" aria-label=\"Find\" {{#if signedIn}}autofocus{{/if}}></p>",
            "notes/note.html": "<h1>Note</h1>",
        ])
        let report = ViewsCheck.report(views: views)
        #expect(report.problems.isEmpty)
        #expect(report.warnings == ["\(views)/notes/list.html:2:59: warning: autofocus takes a screen reader past the page's title and heading "
            + "(into a field, where the keys meant to move by heading type into it); remove it: the page focuses its heading, or its error summary after a refused submit"])
    }

    static let formApp = """
        <app id="notes" title="Notes">
          <navigation><stack id="main" root="list"/></navigation>
          <routes>
            <route name="list" path="/list" title="Notes" owner="main"/>
            <route name="note" path="/notes/{id}" title="Note" owner="main"><param name="id" type="integer"/></route>
            <route name="trash" path="/trash" title="Trash" owner="main"/>
          </routes>
          <forms><form id="login"><field name="email" type="email" label="Email"/></form></forms>
          <actions>
            <action id="open"><navigate route="note"><with param="id" value="1"/></navigate></action>
            <action id="empty-trash"><navigate route="list"/></action>
          </actions>
        </app>
        """

    @Test func aNameATemplateReadsThatItsPageDoesNotHaveIsAProblemWithADidYouMean() throws {
        let views = try makeViews([
            "notes/app.xml": Self.formApp,
            "notes/list.html": """
                <p>{{ forms.login.emial.value }}</p>
                {{#each notes as note}}<a href="{{ url "noet" id=note.id }}">{{ nte.title }}</a>{{/each}}
                <form action="{{ actions.open }}"></form><a href="{{ url "note" ids=1 }}">{{ page.heading.size }}</a>
                """,
            "notes/note.html": "{{#if params.id}}{{ params.id }}{{/if}}{{> notes/card label=page.heading}}",
            "notes/card.html": "<p>{{ label }} {{ lable }}</p>",
            "notes/trash.html": "<p>{{ page.heading }}</p>",
        ])
        let report = ViewsCheck.report(views: views)
        #expect(report.problems == [
            "\(views)/notes/card.html:1:16: {{ lable }}: this page has no 'lable' (a screen reads actions, alert, app, appBanner, appLinks, back, beacons, breadcrumbs, counts, csrf, errors, failure and 18 more); did you mean 'label'?",
            "\(views)/notes/list.html:1:4: {{ forms.login.emial.value }}: forms.login has no 'emial' (it has email); did you mean 'email'?",
            "\(views)/notes/list.html:2:1: {{ notes }}: this page has no 'notes' (a screen reads actions, alert, app, appBanner, appLinks, back, beacons, breadcrumbs, counts, csrf, errors, failure and 17 more)",
            "\(views)/notes/list.html:2:33: {{ url \"noet\" }} names no route of notes; did you mean 'note'?",
            "\(views)/notes/list.html:2:62: {{ nte.title }}: this page has no 'nte' (a screen reads actions, alert, app, appBanner, appLinks, back, beacons, breadcrumbs, counts, csrf, errors, failure and 18 more); did you mean 'note'?",
            "\(views)/notes/list.html:3:51: {{ url \"note\" ids=… }}: route 'note' has no parameter 'ids'; did you mean 'id'? (it takes id)",
            "\(views)/notes/list.html:3:75: {{ page.heading.size }}: page.heading is a single value or a list, with nothing inside to read by name",
        ], "a loop's variable and a partial's arguments are in scope; the app's partials are read with what they are passed")
        #expect(report.warnings == [
            "\(views)/notes/app.xml:11: warning: action 'empty-trash' is offered by no template and run by no alert's button",
            "\(views)/notes/app.xml:6: warning: no way leads to route 'trash': no action a screen offers, no tab, link or deep link opens it",
        ])
    }

    @Test func theShippedAppsReadOnlyWhatTheirPagesHaveAndLeaveNothingUnreached() {
        let report = ViewsCheck.report(views: LiveApp.repository.appendingPathComponent("Views").path)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
    }

    @Test func aPartialArgumentItsCallerLeavesOutIsReadOnlyWhereItIsThere() throws {
        let views = try makeViews([
            "notes/app.xml": Self.app,
            "notes/list.html": "{{> notes/card label=page.heading}}",
            "notes/note.html": "<h1>{{ page.heading }}</h1>",
            "notes/card.html": "{{#if note}}<p>{{ note.heading }}</p>{{else}}<p>{{ lable }}</p>{{/if}}{{#unless badge}}<p>none</p>{{else}}{{ badge.count }}{{/unless}}",
        ])
        #expect(ViewsCheck.problems(views: views) == [
            "\(views)/notes/card.html:1:49: {{ lable }}: this page has no 'lable' (a screen reads actions, alert, app, appBanner, appLinks, back, beacons, breadcrumbs, counts, csrf, errors, failure and 18 more); did you mean 'label'?",
        ], "an argument left out reads as empty in {{#if}}, so only its empty branch is read, and checked")
    }

    @Test func oneAppFolderIsCheckedWithTheSharedLayoutsBesideIt() throws {
        let views = LiveApp.repository.appendingPathComponent("Views")
        for folder in ["reality-portal", "reality-portal/"] {
            let report = ViewsCheck.report(views: views.appendingPathComponent(folder).path + (folder.hasSuffix("/") ? "/" : ""))
            #expect(report.problems.isEmpty, "\(report.problems)")
        }
        // A problem of the named folder is reported, and those of the others are not.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: views, to: copy)
        for app in ["coin", "reality-portal"] {
            let listing = copy.appendingPathComponent("\(app)/settings.html")
            try (try String(contentsOf: listing, encoding: .utf8) + "{{ nothing.here }}").write(to: listing, atomically: true, encoding: .utf8)
        }
        let problems = ViewsCheck.report(views: copy.appendingPathComponent("coin").path).problems
        #expect(problems.count == 1 && problems.first?.contains("coin/settings.html") == true, "\(problems)")
    }

    /// `flowpages check ~/my-app`: a folder with no `_layout` beside it is checked, and served,
    /// with the shared layouts FlowPages travels with (here the checkout's `Views/_layout`,
    /// found above the test binary as above `.build/debug/flowpages`).
    @Test func anAppFolderKeptAnywhereIsCheckedAndServedWithTheInstalledLayouts() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("my-apps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/reality-portal"), to: elsewhere.appendingPathComponent("reality-portal"))
        #expect(SharedLayouts.installed == LiveApp.repository.appendingPathComponent("Views/_layout").standardizedFileURL.path)
        for folder in [elsewhere.appendingPathComponent("reality-portal").path, elsewhere.path] {
            let report = ViewsCheck.report(views: folder)
            #expect(report.problems.isEmpty, "\(report.problems)")
        }
        let web = try WebApplication(views: elsewhere.path, publicFolder: elsewhere.path, store: TestStore.fresh("anywhere").store)
        #expect(web.problems.isEmpty, "\(web.problems)")
        #expect(web.appIDs == ["reality-portal"])

        // --layouts names other shared layouts, whose problems are theirs.
        let layouts = elsewhere.appendingPathComponent("shared")
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: layouts)
        try (try String(contentsOf: layouts.appendingPathComponent("button.html"), encoding: .utf8) + "{{#if unclosed}}")
            .write(to: layouts.appendingPathComponent("button.html"), atomically: true, encoding: .utf8)
        let problems = ViewsCheck.report(views: elsewhere.appendingPathComponent("reality-portal").path, layouts: layouts.path).problems
        #expect(!problems.isEmpty && problems.allSatisfy { $0.hasPrefix(layouts.path + "/button.html:") }, "\(problems)")
    }

    /// An app includes its own partials and the shared ones, never another app's: `check Views`
    /// and `check Views/<app>` say so alike, as serving it would fail; `./card` is its own
    /// `card` whatever the folder is called, so a copy under another id needs no renaming.
    @Test func anAppIncludesOnlyItsOwnPartialsWhicheverWayItIsChecked() throws {
        let jotter = Self.app.replacingOccurrences(of: "id=\"notes\"", with: "id=\"jotter\"")
            .replacingOccurrences(of: "notesapp", with: "jotterapp").replacingOccurrences(of: "notes.example", with: "jotter.example")
        let views = try makeViews([
            "notes/app.xml": Self.app, "notes/list.html": "{{> ./card label=page.heading}}", "notes/note.html": "x", "notes/card.html": "<p>{{ label }}</p>",
            "jotter/app.xml": jotter, "jotter/list.html": "{{> notes/card label=page.heading}}", "jotter/note.html": "{{> ./card label=page.heading}}",
            "jotter/card.html": "<p>{{ label }}</p>",
        ])
        let problem = "\(views)/jotter/list.html:1:1: there is no partial named 'notes/card' for app jotter: an app includes only its own partials "
            + "({{> ./card}}, or {{> jotter/card}}) and the shared _layout/ ones"
        #expect(ViewsCheck.problems(views: views) == [problem])
        #expect(ViewsCheck.problems(views: views + "/jotter") == [problem])
        #expect(ViewsCheck.problems(views: views + "/notes") == [])
    }

    @Test func problemsInAppXMLAndTemplatesAreListedTogether() throws {
        let views = try makeViews([
            "notes/app.xml": Self.app.replacingOccurrences(of: "owner=\"main\" deep-link", with: "owner=\"mian\" deep-link"),
            "notes/list.html": "<h1>Notes</h1>", "notes/note.html": "<script>{{ x }}</script>",
        ])
        let problems = ViewsCheck.problems(views: views)
        #expect(problems == [
            "\(views)/notes/app.xml:7: route 'note' names owner 'mian', which is not a coordinator",
            "\(views)/notes/note.html:1:9: output inside <script> is refused; pass data in a data-* attribute instead",
        ])
        #expect(ViewsCheck.problems(views: "/nonexistent") == ["/nonexistent: not a folder; pass the views folder, such as Views"])
    }

    @Test func markupTheServedContentSecurityPolicyDropsIsAWarningAtItsLine() throws {
        let views = try makeViews([
            "notes/app.xml": Self.app,
            "notes/list.html": """
                <h1 style="color: red">Notes</h1>
                <style>h1 { color: red }</style>
                <script>alert(1)</script><script src="/flowpages.js"></script><script src="https://cdn.example/x.js"></script>
                <button type="button"
                  onClick="go()">Go</button> <a href=" javascript:go()">Go</a> <a href="https://elsewhere.example/">Away</a>
                <img src="data:image/png;base64,AAAA" alt=""> <img src="{{ page.heading }}" alt=""> <form action="https://elsewhere.example/post"></form>
                <!-- <p style="x"> is a comment --><textarea><p style="x"></textarea>
                """,
            "notes/note.html": "<h1>{{ page.heading }}</h1>",
        ])
        let report = ViewsCheck.report(views: views)
        #expect(report.problems.isEmpty, "a page the policy trims still works: \(report.problems)")
        let policy = "under the Content-Security-Policy FlowPages serves (default-src 'self')"
        #expect(report.warnings == [
            "\(views)/notes/list.html:1:5: warning: the style attribute is not applied; give the element a class and style it in the app's style.css \(policy)",
            "\(views)/notes/list.html:2:1: warning: a <style> element is not applied; put its rules in the app's style.css \(policy)",
            "\(views)/notes/list.html:3:1: warning: an inline <script> does not run; pages work without script (a link or a form's button) \(policy)",
            "\(views)/notes/list.html:3:71: warning: <script src> from https://cdn.example does not run; scripts load only from this server \(policy)",
            "\(views)/notes/list.html:5:3: warning: the event handler onclick= does not run; pages work without script (a link or a form's button) \(policy)",
            "\(views)/notes/list.html:5:33: warning: the javascript: URL of href= does not run; link to a screen, or post an action \(policy)",
            "\(views)/notes/list.html:6:6: warning: <img src> from a data: URL is not loaded; serve it from this server \(policy)",
            "\(views)/notes/list.html:6:91: warning: a form posting to https://elsewhere.example is refused (form-action 'self') \(policy)",
        ])
    }

    @Test func twoAppsClaimingOneSchemeOrHostAreAProblemNamingBoth() throws {
        let copy = Self.app.replacingOccurrences(of: "id=\"notes\"", with: "id=\"jotter\"")
            .replacingOccurrences(of: "<link-host name=\"notes.example\"/>", with: "<link-host name=\"jotter.example\"/>\n  <link-host name=\"Notes.Example\"/>")
        let views = try makeViews([
            "notes/app.xml": Self.app, "notes/list.html": "x", "notes/note.html": "x",
            "jotter/app.xml": copy, "jotter/list.html": "x", "jotter/note.html": "x",
        ])
        #expect(ViewsCheck.problems(views: views) == [
            "\(views)/jotter/app.xml:2: <link-scheme name=\"notesapp\"> is also claimed at \(views)/notes/app.xml:2 (notes); a link opens only one app, so give each app its own scheme",
            "\(views)/jotter/app.xml:4: <link-host name=\"notes.example\"> is also claimed at \(views)/notes/app.xml:3 (notes); a link opens only one app, so give each app its own host",
            "\(views)/notes/app.xml:2: <link-scheme name=\"notesapp\"> is also claimed at \(views)/jotter/app.xml:2 (jotter); a link opens only one app, so give each app its own scheme",
            "\(views)/notes/app.xml:3: <link-host name=\"notes.example\"> is also claimed at \(views)/jotter/app.xml:4 (jotter); a link opens only one app, so give each app its own host",
        ])
    }

    @Test func theRouteTableListsEveryRoute() throws {
        let views = try makeViews(["notes/app.xml": Self.app, "notes/list.html": "x", "notes/note.html": "x"])
        let table = try ViewsCheck.routeTable(app: "notes", views: views).get()
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ROUTE  URL"))
        #expect(lines[1].hasPrefix("list   /            main   push"))
        #expect(lines[2].hasSuffix("https://notes.example notesapp://"))
        #expect(lines[2].contains("/notes/{id}"))
    }

    /// Views/README.md is where app authors learn what the server provides: every registered
    /// effect and every alert FlowPages shows by convention is listed there, once.
    @Test func theFolderReferenceListsEveryEffectAndWellKnownAlert() throws {
        let readme = try String(contentsOf: LiveApp.repository.appendingPathComponent("Views/README.md"), encoding: .utf8)
        for name in EffectRegistry.prototype.effects.keys {
            #expect(readme.contains("  - `\(name)`"), "Views/README.md does not describe the effect '\(name)'")
        }
        for alert in WellKnownAlert.allCases {
            #expect(readme.contains("| `\(alert.id)` |"), "Views/README.md does not list the alert '\(alert.id)'")
        }
    }

    @Test func aFolderNamingAnEffectTheServerLacksIsReportedWithItsLine() throws {
        let app = Self.app.replacingOccurrences(of: "</routes>", with: "</routes><actions><action id=\"like\"><effect name=\"toggle-favorite\"/></action></actions>")
        let views = try makeViews(["notes/app.xml": app, "notes/list.html": "x", "notes/note.html": "x"])
        let problems = ViewsCheck.problems(views: views)
        #expect(problems.contains { $0.contains("app.xml:") && $0.contains("runs effect 'toggle-favorite', which FlowPages does not provide") }, "\(problems)")
    }
}
