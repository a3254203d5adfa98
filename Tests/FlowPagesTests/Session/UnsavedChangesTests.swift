import FlowPages
import FlowPagesTestSupport
import Foundation
import HTTPServer
import Testing

/// The unsaved-changes guard on its own, through the router on a real SQLite file: a note edited
/// on a screen pushed in one tab, left by an action that writes, by the other tab, or by Back
/// after a field was cleared; and the load-time checks of `<unsaved-changes>`.
@Suite struct UnsavedChangesTests {
    typealias Browser = WebApplicationTests.Browser

    static let xml = """
        <app id="notes" title="Notes">
          <navigation>
            <tabs id="main">
              <tab id="notes" root="notes" title="Notes"/>
              <tab id="log" root="log" title="Log"/>
            </tabs>
          </navigation>
          <routes>
            <route name="notes" path="/notes" title="Notes" owner="notes"/>
            <route name="note" path="/notes/{id}" title="{note.title}" owner="notes">
              <param name="id" collection="notes" as="note"/>
              <unsaved-changes form="note" alert="discard" record="note"/>
            </route>
            <route name="log" path="/log" title="Log" owner="log"><count name="entries" collection="entries"/></route>
          </routes>
          <data fixtures="db.json">
            <collection id="notes" scope="session"><field name="title" required="true"/><field name="body" type="text"/></collection>
            <collection id="entries" scope="session"><field name="what" required="true"/></collection>
          </data>
          <forms>
            <form id="note">
              <field name="title" label="Title"><required message="Give the note a title."/></field>
              <field name="body" type="textarea" label="Body"/>
            </form>
          </forms>
          <actions>
            <action id="save" form="note">
              <update collection="notes" id-param="id"><set name="title" field="title"/><set name="body" field="body"/></update>
            </action>
            <action id="log-and-leave"><create collection="entries"><set name="what" value="left"/></create><navigate route="log"/></action>
          </actions>
          <alerts>
            <alert id="discard" title="Discard Changes?" message="You have unsaved changes.">
              <button label="Don't Leave"/>
              <button label="Discard" discards="true"/>
            </alert>
          </alerts>
        </app>
        """

    static let data = #"{ "notes": [ { "id": "a", "title": "Alpha", "body": "First\nSecond" } ], "entries": [] }"#

    static let templates = [
        "notes.html": #"{{extends "_layout/app"}}{{#block "content"}}<a href="{{ url "note" id="a" }}">Alpha</a>{{/block}}"#,
        "note.html": """
            {{extends "_layout/app"}}{{#block "content"}}{{> _layout/form-start action=actions.save form=forms.note}}\
            {{> _layout/field field=forms.note.title}}{{> _layout/field field=forms.note.body}}</form>
            {{> _layout/button action=actions.log-and-leave label="Log and leave"}}{{/block}}
            """,
        "log.html": #"{{extends "_layout/app"}}{{#block "content"}}<p id="entries">{{ entries }} entries</p>{{/block}}"#,
    ]

    /// The app from `xml`, and the problems its folder was loaded with.
    static func application(_ xml: String = Self.xml) throws -> WebApplication {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        let folder = views.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        try Data(xml.utf8).write(to: folder.appendingPathComponent("app.xml"))
        try Data(Self.data.utf8).write(to: folder.appendingPathComponent("db.json"))
        for (name, text) in Self.templates { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return try WebApplication(views: views.path, publicFolder: views.path, store: TestStore.fresh("notes").store)
    }

    /// On the note, its title typed as `title` and kept as a draft (Enter in the form).
    static func editing(_ browser: inout Browser, title: String) throws -> String {
        _ = try browser.open("/notes/notes")
        let (_, note) = try browser.open("/notes/notes/a")
        let kept = try browser.submit("/notes/_keep", from: note, extra: ["form": "note", "title": title, "body": "First\nSecond"])
        try #require(kept.url == "/notes/notes/a" && !kept.page.contains("role=\"alertdialog\""))
        return kept.page
    }

    static func asks(_ page: String) -> Bool {
        page.contains("role=\"alertdialog\"") && page.contains("Discard Changes?")
    }

    @Test func aHeldActionWritesNothingAndDiscardCarriesItOutOnce() throws {
        let web = try Self.application()
        #expect(web.problems.isEmpty, "\(web.problems)")
        var browser = Browser(router: web.router)
        let note = try Self.editing(&browser, title: "Changed")
        let held = try browser.submit("/notes/_action/log-and-leave", from: note)
        #expect(held.url == "/notes/notes/a" && Self.asks(held.page))
        let discarded = try browser.submit("/notes/_discard", from: held.page)
        #expect(discarded.url == "/notes/log" && discarded.page.contains("1 entries"), "the held attempt wrote nothing; the carried-out one once")
        let (_, again) = try browser.open("/notes/notes/a")
        #expect(again.contains("value=\"Alpha\"") && !Self.asks(again), "the edit was thrown away")
    }

    @Test func aTabFromAGuardedPushedScreenPostsTheFormAndAsks() throws {
        let web = try Self.application()
        var browser = Browser(router: web.router)
        let (_, list) = try browser.open("/notes/notes")
        let (_, note) = try browser.open("/notes/notes/a")
        #expect(note.contains("form=\"note-form\" formaction=\"/notes/_tab/log\""), "the tab posts what was typed on the way")
        #expect(list.contains("action=\"/notes/_tab/log\"") && !list.contains("form=\"note-form\""))
        let held = try browser.submit("/notes/_tab/log", from: note, extra: ["form": "note", "title": "Typed", "body": "First\nSecond"])
        #expect(held.url == "/notes/notes/a" && Self.asks(held.page) && held.page.contains("value=\"Typed\""))
        let stayed = try browser.submit("/notes/_dismiss", from: held.page)
        #expect(stayed.url == "/notes/notes/a" && !Self.asks(stayed.page) && stayed.page.contains("value=\"Typed\""), "Don't Leave keeps the edit")
        let asked = try browser.submit("/notes/_tab/log", from: stayed.page, extra: ["form": "note", "title": "Typed", "body": "First\nSecond"])
        let discarded = try browser.submit("/notes/_discard", from: asked.page)
        #expect(discarded.url == "/notes/log")
        let back = try browser.submit("/notes/_tab/notes", from: discarded.page)
        #expect(back.url == "/notes/notes/a" && back.page.contains("value=\"Alpha\""), "the tab's stack kept, the edit gone")
    }

    @Test func aFieldClearedIsAChangeAndSavingNeverAsks() throws {
        let web = try Self.application()
        var browser = Browser(router: web.router)
        let note = try Self.editing(&browser, title: "Alpha")
        let cleared = try browser.submit("/notes/_keep", from: note, extra: ["form": "note", "title": "Alpha", "body": ""])
        #expect(!Self.asks(cleared.page))
        let held = try browser.submit("/notes/_back", from: cleared.page, extra: ["form": "note", "title": "Alpha", "body": ""])
        #expect(held.url == "/notes/notes/a" && Self.asks(held.page), "an emptied body differs from the record's")
        let stayed = try browser.submit("/notes/_dismiss", from: held.page)
        let saved = try browser.submit("/notes/_action/save", from: stayed.page, extra: ["form": "note", "title": "Alpha", "body": ""])
        #expect(saved.url == "/notes/notes/a" && !Self.asks(saved.page))
        let left = try browser.submit("/notes/_back", from: saved.page, extra: ["form": "note", "title": "Alpha", "body": ""])
        #expect(left.url == "/notes/notes" && !Self.asks(left.page), "saved, the form matches its record")
    }

    @Test func aTextareaAsBrowsersSendItIsUnchanged() throws {
        let web = try Self.application()
        var browser = Browser(router: web.router)
        _ = try browser.open("/notes/notes")
        let (_, note) = try browser.open("/notes/notes/a")
        // HTML's form submission sends every line break of a textarea as CRLF.
        let left = try browser.submit("/notes/_back", from: note, extra: ["form": "note", "title": "Alpha", "body": "First\r\nSecond"])
        #expect(left.url == "/notes/notes" && !Self.asks(left.page))
    }

    @Test func aPostFromAnEarlierPageStillAsks() throws {
        let web = try Self.application()
        var browser = Browser(router: web.router)
        let note = try Self.editing(&browser, title: "Changed")
        // The list, shown from the browser's cache after Back, posts its tab: reconciling to the
        // list would itself leave the note.
        let response = try browser.send(.post, "/notes/_tab/log", form: ["csrf": Browser.hidden("csrf", in: note) ?? "", "screen": "/notes/notes"])
        #expect(response.status == .seeOther && response.headers["Location"] == "/notes/notes/a")
        let (_, page) = try browser.open("/notes/notes/a")
        #expect(Self.asks(page) && page.contains("value=\"Changed\""))
        let discarded = try browser.submit("/notes/_discard", from: page)
        #expect(discarded.url == "/notes/log")
    }

    @Test(arguments: [
        ("<button label=\"Discard\" discards=\"true\"/>", "<button label=\"Discard\"/>",
         "alert 'discard' asks before leaving route 'note', but none of its buttons has discards=\"true\"; without one the person could never leave"),
        ("record=\"note\"", "record=\"card\"", "route 'note' compares its form with record 'card', but none of its parameters is bound as=\"card\""),
        ("<unsaved-changes form=\"note\"", "<unsaved-changes form=\"memo\"", "route 'note' guards the unsaved changes of form 'memo', which is not declared under <forms>"),
        ("alert=\"discard\" record", "alert=\"discarded\" record", "route 'note' asks with alert 'discarded', which is not declared under <alerts>"),
        ("<button label=\"Discard\" discards=\"true\"/>", "<button label=\"Discard\" discards=\"true\" action=\"save\"/>",
         "button 'Discard' of alert 'discard' discards changes and carries on where the person was going, so it cannot also run action 'save'; remove one"),
        ("<unsaved-changes form=\"note\" alert=\"discard\" record=\"note\"/>", "",
         "button 'Discard' of alert 'discard' discards unsaved changes, but no route's <unsaved-changes> asks with this alert"),
    ])
    func aGuardThatCannotWorkIsReportedAtItsLine(original: String, replacement: String, message: String) throws {
        let web = try Self.application(Self.xml.replacingOccurrences(of: original, with: replacement))
        #expect(web.problems.contains { $0.contains("app.xml:") && $0.hasSuffix(message) }, "\(web.problems)")
    }
}
