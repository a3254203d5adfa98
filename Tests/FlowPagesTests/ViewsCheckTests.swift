import FlowDefinition
@testable import FlowPages
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
            "\(views)/notes/card.html:1:16: {{ lable }}: this page has no 'lable' (a screen reads actions, alert, app, appBanner, appLinks, back, breadcrumbs, counts, csrf, errors, forms, label and 15 more); did you mean 'label'?",
            "\(views)/notes/list.html:1:4: {{ forms.login.emial.value }}: forms.login has no 'emial' (it has email); did you mean 'email'?",
            "\(views)/notes/list.html:2:1: {{ notes }}: this page has no 'notes' (a screen reads actions, alert, app, appBanner, appLinks, back, breadcrumbs, counts, csrf, errors, forms, motion and 14 more)",
            "\(views)/notes/list.html:2:33: {{ url \"noet\" }} names no route of notes; did you mean 'note'?",
            "\(views)/notes/list.html:2:62: {{ nte.title }}: this page has no 'nte' (a screen reads actions, alert, app, appBanner, appLinks, back, breadcrumbs, counts, csrf, errors, forms, motion and 15 more); did you mean 'note'?",
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
