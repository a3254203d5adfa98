import FlowPages
import FlowPagesTestSupport
import Foundation
import HTTPServer
import Testing

/// App data on its own, through the router on a real SQLite file: a small board whose cards are
/// each visitor's own copy of its fixtures (`scope="session"`), created, edited from a form and
/// deleted by actions, bound to their routes and counted.
@Suite struct AppDataWebTests {
    typealias Browser = WebApplicationTests.Browser

    static let xml = """
        <app id="board" title="Board">
          <navigation><stack id="main" root="cards"/></navigation>
          <routes>
            <route name="cards" path="/cards" title="Cards" owner="main">
              <list name="cards" collection="cards" order="title"/>
              <count name="total" collection="cards"/>
            </route>
            <route name="card" path="/cards/{id}" title="Card: {card.title}" breadcrumb="{card.title}" owner="main">
              <param name="id" collection="cards" as="card"/>
            </route>
          </routes>
          <data fixtures="db.json">
            <collection id="cards" scope="session">
              <field name="title" required="true"/>
              <field name="points" type="integer"/>
            </collection>
          </data>
          <forms>
            <form id="card">
              <field name="title" label="Title"><required message="Give the card a title."/></field>
              <field name="points" label="Points"/>
            </form>
          </forms>
          <actions>
            <action id="add" form="card">
              <create collection="cards"><set name="title" field="title"/><set name="points" field="points"/></create>
              <navigate route="card"><with param="id" created="cards"/></navigate>
            </action>
            <action id="rename" form="card">
              <update collection="cards" id-param="id"><set name="title" field="title"/></update>
            </action>
            <action id="remove"><delete collection="cards" id-param="id"/><back/></action>
            <action id="pair" form="card">
              <create collection="cards"><set name="title" field="title"/></create>
              <create collection="cards"><set name="title" field="title"/><set name="points" field="points"/></create>
            </action>
          </actions>
        </app>
        """

    static let data = #"{ "cards": [ { "id": "a", "title": "Alpha", "points": 3 }, { "id": "b", "title": "Beta" } ] }"#

    let router: Router
    let store: TestStore

    init() throws {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        let folder = views.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        try Data(Self.xml.utf8).write(to: folder.appendingPathComponent("app.xml"))
        try Data(Self.data.utf8).write(to: folder.appendingPathComponent("db.json"))
        let cards = """
            {{extends "_layout/app"}}{{#block "content"}}<p id="total">{{ total }} cards</p>
            <ul>{{#each cards as item}}<li><a href="{{ url "card" id=item.id }}">{{ item.title }}</a></li>{{/each}}</ul>
            {{> _layout/form-start action=actions.add form=forms.card}}{{> _layout/field field=forms.card.title}}{{> _layout/field field=forms.card.points}}</form>
            {{> _layout/form-start action=actions.pair form=forms.card}}<button type="submit">Add a pair</button></form>{{/block}}
            """
        let card = """
            {{extends "_layout/app"}}{{#block "content"}}<p id="points">{{ card.points }} points</p>
            {{> _layout/form-start action=actions.rename form=forms.card}}{{> _layout/field field=forms.card.title}}</form>
            {{> _layout/button action=actions.remove label="Remove" class="secondary"}}{{/block}}
            """
        try Data(cards.utf8).write(to: folder.appendingPathComponent("cards.html"))
        try Data(card.utf8).write(to: folder.appendingPathComponent("card.html"))
        store = try TestStore.fresh("board")
        let web = try WebApplication(views: views.path, publicFolder: views.path, store: store.store)
        #expect(web.problems.isEmpty, "\(web.problems)")
        router = web.router
    }

    static func titles(_ page: String) -> [String] {
        page.components(separatedBy: "<li><a href=\"/board/cards/").dropFirst().compactMap { item in
            item.split(separator: ">", maxSplits: 1).last?.split(separator: "<").first.map(String.init)
        }
    }

    @Test func createThenListAndARefusedFormWritesNothing() throws {
        var browser = Browser(router: router)
        let (_, board) = try browser.open("/board/cards")
        #expect(Self.titles(board) == ["Alpha", "Beta"] && board.contains("2 cards"))
        let refused = try browser.submit("/board/_action/add", from: board, extra: ["form": "card", "title": ""])
        #expect(refused.url == "/board/cards" && refused.page.contains("Give the card a title."))
        let wrongType = try browser.submit("/board/_action/add", from: refused.page, extra: ["form": "card", "title": "Gamma", "points": "many"])
        #expect(wrongType.url == "/board/cards" && wrongType.page.contains("is not a whole number"))
        #expect(wrongType.page.contains("2 cards"), "neither refusal wrote a card")
        let added = try browser.submit("/board/_action/add", from: wrongType.page, extra: ["form": "card", "title": "Gamma", "points": "5"])
        #expect(added.url == "/board/cards/1" && added.page.contains("<title>Card: Gamma – Board") && added.page.contains("5 points"))
        let (_, again) = try browser.open("/board/cards")
        #expect(Self.titles(again) == ["Alpha", "Beta", "Gamma"] && again.contains("3 cards"))
    }

    /// The first card is written, the second refused: the refusal is saved in the same commit
    /// as taking the first back (issue 35: a post commits once, whatever it decides).
    @Test func aRefusedActionKeepsNoneOfItsWritesAndCommitsOnce() throws {
        var browser = Browser(router: router)
        let (_, board) = try browser.open("/board/cards")
        _ = try browser.submit("/board/_action/add", from: board, extra: ["form": "card", "title": "Gamma"])
        let (_, again) = try browser.open("/board/cards")
        let form = ["form": "card", "title": "Twin", "points": "many", "csrf": Browser.hidden("csrf", in: again) ?? "",
                    "screen": Browser.hidden("screen", in: again) ?? ""]
        let before = store.writes
        let response = try browser.send(.post, "/board/_action/pair", form: form)
        #expect(response.status == .seeOther && store.writes - before == 1, "the refusal and the undoing of the first card: one commit")
        let (url, refused) = try browser.open(response.headers["Location"] ?? "")
        #expect(url == "/board/cards" && refused.contains("is not a whole number"))
        #expect(Self.titles(refused) == ["Alpha", "Beta", "Gamma"] && refused.contains("3 cards"), "the first card of the pair is not kept")
    }

    @Test func anEditFromAFormIsTheSessionsOwn() throws {
        var mine = Browser(router: router)
        let (_, card) = try mine.open("/board/cards/a")
        let renamed = try mine.submit("/board/_action/rename", from: card, extra: ["form": "card", "title": "Aleph"])
        #expect(renamed.page.contains(">Card: Aleph</h1>"))
        #expect(renamed.page.contains("3 points"), "fields the form does not set are kept")
        #expect(renamed.page.contains("aria-label=\"Current location: Cards, then Aleph\""), "the breadcrumb is filled too")
        #expect(Self.titles(try mine.open("/board/cards").page) == ["Aleph", "Beta"])

        var theirs = Browser(router: router)
        #expect(Self.titles(try theirs.open("/board/cards").page) == ["Alpha", "Beta"], "another visitor's copy is untouched")
    }

    @Test func aDeletedCardIsGoneForItsSessionOnly() throws {
        var mine = Browser(router: router)
        _ = try mine.open("/board/cards")
        let (_, card) = try mine.open("/board/cards/b")
        let removed = try mine.submit("/board/_action/remove", from: card)
        #expect(removed.url == "/board/cards" && Self.titles(removed.page) == ["Alpha"])
        let gone = try mine.get("/board/cards/b")
        #expect(gone.status == .notFound)
        #expect(String(decoding: gone.body, as: UTF8.self).contains("That page does not exist"), "no invalid-link alert declared: a toast says so")

        var theirs = Browser(router: router)
        #expect(try theirs.get("/board/cards/b").status == .ok)
    }
}
