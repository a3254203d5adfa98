import FlowPages
import FlowPagesTestSupport
import Foundation
import Testing

/// What is typed into a form belongs to the screen it was typed on and is gone once the form's
/// action succeeds (DECISIONS, wave 3): a shelf of books, over real sockets, whose Add and Edit
/// are pushed screens sharing one form.
@Suite struct FormDraftsLiveTests {
    static let xml = """
        <app id="shelf" title="Shelf">
          <navigation><stack id="main" root="books"/></navigation>
          <routes>
            <route name="books" path="/books" title="Books" owner="main">
              <list name="books" collection="books" order="title"/>
            </route>
            <route name="add" path="/books/new" title="Add Book" owner="main">
              <unsaved-changes form="book" alert="discard"/>
            </route>
            <route name="edit" path="/books/{id}/edit" title="Edit Book" owner="main">
              <param name="id" collection="books" as="book"/>
              <list name="books" collection="books" order="title"/>
              <unsaved-changes form="book" alert="discard" record="book"/>
            </route>
          </routes>
          <data fixtures="db.json">
            <collection id="books" scope="session">
              <field name="title" required="true"/>
              <field name="author"/>
            </collection>
          </data>
          <forms>
            <form id="book">
              <field name="title" label="Title"><required message="Give the book a title."/></field>
              <field name="author" label="Author"/>
            </form>
          </forms>
          <actions>
            <action id="create" form="book">
              <create collection="books"><set name="title" field="title"/><set name="author" field="author"/></create>
              <back/>
            </action>
            <action id="save" form="book">
              <update collection="books" id-param="id"><set name="title" field="title"/><set name="author" field="author"/></update>
              <back/>
            </action>
          </actions>
          <alerts>
            <alert id="discard" title="Discard Changes?" message="You have unsaved changes.">
              <button label="Don't Leave"/>
              <button label="Discard" discards="true"/>
            </alert>
          </alerts>
        </app>
        """

    /// The shelf whose form names the record it starts from (`<form record>`), which Edit's
    /// `<unsaved-changes>` then compares it with.
    static let formRecord = xml.replacingOccurrences(of: #"alert="discard" record="book"/>"#, with: #"alert="discard"/>"#)
        .replacingOccurrences(of: #"<form id="book">"#, with: #"<form id="book" record="book">"#)

    /// The shelf whose form starts from Edit's record with no `<unsaved-changes>` anywhere.
    static let unguarded = formRecord.replacingOccurrences(of: #"<unsaved-changes form="book" alert="discard"/>"#, with: "")
        .replacingOccurrences(of: #"<button label="Discard" discards="true"/>"#, with: "")

    /// Both ways a shared form can start from Edit's record.
    static let bothWays = [xml, formRecord]

    static let data = #"{ "books": [ { "id": "1", "title": "Middlemarch", "author": "Eliot" }, { "id": "2", "title": "Emma", "author": "Austen" } ] }"#

    static let templates = [
        "books.html": """
            {{extends "_layout/app"}}{{#block "content"}}<ul>{{#each books as item}}\
            <li><a href="{{ url "edit" id=item.id }}">{{ item.title }}</a> by {{ item.author }}</li>{{/each}}</ul>
            <a href="{{ url "add" }}">Add a book</a>{{/block}}
            """,
        "add.html": """
            {{extends "_layout/app"}}{{#block "content"}}{{> _layout/form-start action=actions.create form=forms.book}}\
            {{> _layout/field field=forms.book.title}}{{> _layout/field field=forms.book.author}}<button type="submit">Create</button></form>{{/block}}
            """,
        // Every book is linked from an Edit, so one Edit can be pushed over another.
        "edit.html": """
            {{extends "_layout/app"}}{{#block "content"}}{{> _layout/form-start action=actions.save form=forms.book}}\
            {{> _layout/field field=forms.book.title}}{{> _layout/field field=forms.book.author}}<button type="submit">Save</button></form>
            <ul>{{#each books as item}}<li><a href="{{ url "edit" id=item.id }}">Edit {{ item.title }}</a></li>{{/each}}</ul>{{/block}}
            """,
    ]

    /// A views folder holding the shelf made of `xml`, and the shared layouts.
    static func folder(_ xml: String = Self.xml) throws -> URL {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        let shelf = views.appendingPathComponent("shelf")
        try FileManager.default.createDirectory(at: shelf, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        try Data(xml.utf8).write(to: shelf.appendingPathComponent("app.xml"))
        try Data(Self.data.utf8).write(to: shelf.appendingPathComponent("db.json"))
        for (name, text) in Self.templates { try Data(text.utf8).write(to: shelf.appendingPathComponent(name)) }
        return views
    }

    /// The shelf of `xml` served, browsed by `body` from its list of books; the folder goes afterwards.
    static func onShelf(_ xml: String, _ body: (inout LiveBrowser) throws -> Void) throws {
        let views = try folder(xml)
        defer { try? FileManager.default.removeItem(at: views) }
        var browser = LiveBrowser(try LiveApp(views: views.path))
        try browser.open("/shelf/books")
        try body(&browser)
    }

    /// The value the field labelled `label` shows.
    static func value(_ label: String, on page: HTMLPage) -> String {
        page.field(labelled: label)?["value"] ?? ""
    }

    /// Presses the page's Back, as the person would, and returns what it showed.
    @discardableResult
    static func pressBack(_ browser: inout LiveBrowser) throws -> HTMLPage {
        let back = try #require(browser.page.back)
        return try browser.press(back)
    }

    @Test(arguments: bothWays)
    func addOpenedAgainAfterCreatingIsEmpty(xml: String) throws {
        try Self.onShelf(xml) { browser in
            try browser.click("Add a book")
            try browser.press("Create", filling: ["Title": "Dune", "Author": "Herbert"])
            #expect(browser.page.heading == "Books" && browser.page.main?.elements("a").map(\.content).contains("Dune") == true)
            try browser.click("Add a book")
            #expect(browser.page.heading == "Add Book")
            #expect(Self.value("Title", on: browser.page) == "" && Self.value("Author", on: browser.page) == "", "the created book's values are gone")
            try Self.pressBack(&browser)
            #expect(browser.page.alert == nil && browser.page.heading == "Books", "an untouched Add is left without asking")
        }
    }

    @Test(arguments: bothWays + [unguarded])
    func editOfAnotherBookShowsThatBookAndSavesItsOwnValues(xml: String) throws {
        try Self.onShelf(xml) { browser in
            try browser.click("Middlemarch")
            try browser.press("Save", filling: ["Title": "Silas Marner"])
            #expect(browser.page.heading == "Books" && browser.page.main?.content.contains("Silas Marner by Eliot") == true)
            try browser.click("Emma")
            #expect(Self.value("Title", on: browser.page) == "Emma" && Self.value("Author", on: browser.page) == "Austen", "book 2, not book 1's save")
            try browser.press("Save", filling: ["Title": "Persuasion"])
            let shelf = browser.page.main?.content ?? ""
            #expect(shelf.contains("Persuasion by Austen") && shelf.contains("Silas Marner by Eliot"), "book 2 keeps its author; book 1 is untouched: \(shelf)")
        }
    }

    @Test(arguments: bothWays)
    func leavingAnUntouchedEditDoesNotAsk(xml: String) throws {
        try Self.onShelf(xml) { browser in
            try browser.click("Middlemarch")
            try browser.press("Save", filling: ["Title": "Silas Marner"])
            try browser.click("Emma")
            try Self.pressBack(&browser)
            #expect(browser.page.alert == nil && browser.page.heading == "Books")
            try browser.click("Silas Marner")
            #expect(Self.value("Title", on: browser.page) == "Silas Marner", "saved, the form starts from the record as it is now")
            try Self.pressBack(&browser)
            #expect(browser.page.alert == nil && browser.page.heading == "Books")
        }
    }

    @Test(arguments: bothWays)
    func aFailedSaveKeepsWhatWasTypedOnThatScreenOnly(xml: String) throws {
        try Self.onShelf(xml) { browser in
            try browser.click("Emma")
            try browser.press("Save", filling: ["Title": "", "Author": "Jane Austen"])
            #expect(browser.page.heading == "Edit Book" && browser.page.errors == ["Give the book a title."])
            #expect(Self.value("Author", on: browser.page) == "Jane Austen")
            try browser.reload()
            #expect(Self.value("Title", on: browser.page) == "" && Self.value("Author", on: browser.page) == "Jane Austen", "kept as a draft of this Edit")
            // Another book's Edit pushed over this one does not leave it, and starts from its own book.
            try browser.click("Edit Middlemarch")
            #expect(browser.page.alert == nil && browser.url == "/shelf/books/1/edit")
            #expect(Self.value("Title", on: browser.page) == "Middlemarch" && Self.value("Author", on: browser.page) == "Eliot")
            try Self.pressBack(&browser)
            #expect(browser.page.alert == nil && browser.url == "/shelf/books/2/edit", "the untouched Edit is left without asking")
            #expect(Self.value("Title", on: browser.page) == "" && Self.value("Author", on: browser.page) == "Jane Austen")
            try Self.pressBack(&browser)
            #expect(browser.page.alert?.title == "Discard Changes?", "what was typed on it is still unsaved")
        }
    }

    @Test(arguments: [
        (#"<form id="book">"#, #"<form id="book" record="bok">"#,
         #"form 'book' starts from record 'bok', but no route binds a parameter as="bok"; bind one (<param name="id" collection="…" as="bok"/>) or remove record"#),
        (#"<form id="book">"#, #"<form id="book" record="similar">"#,
         "route 'edit' compares form 'book' with record 'book', but the form starts from record 'similar', which the route binds too; "
            + "name the same record in both, or leave record out of <unsaved-changes>"),
    ])
    func aRecordAFormCannotStartFromIsReportedAtItsLine(original: String, replacement: String, message: String) throws {
        let similar = #"<param name="like" required="false" collection="books" as="similar"/>"#
        let xml = Self.xml.replacingOccurrences(of: original, with: replacement)
            .replacingOccurrences(of: #"<param name="id" collection="books" as="book"/>"#, with: #"<param name="id" collection="books" as="book"/>"# + similar)
        let views = try Self.folder(xml)
        defer { try? FileManager.default.removeItem(at: views) }
        let web = try WebApplication(views: views.path, publicFolder: views.path, store: TestStore.fresh("shelf").store)
        #expect(web.problems.contains { $0.contains("app.xml:") && $0.hasSuffix(message) }, "\(web.problems)")
        #expect(web.problems.count == 1, "\(web.problems)")
    }
}
