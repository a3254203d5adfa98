import FlowDefinition
import Foundation
import Navigation
import Testing

/// `<data>`, routes bound to records, lists and counts, data steps and the data file: read into
/// the definition, and every mistake reported at its file and line.
@Suite struct AppDataLoadingTests {
    static let app = """
        <?xml version="1.0" encoding="UTF-8"?>
        <app id="homes" title="Homes">
          <sign-in route="login"/>
          <navigation>
            <tabs id="main">
              <tab id="home" root="home" title="Home"/>
              <tab id="mine" root="inquiries" title="Inquiries" badge="unread" requires-sign-in="true"/>
              <modal id="login-sheet" root="login"/>
            </tabs>
          </navigation>
          <routes>
            <route name="home" path="/" title="Home" owner="home">
              <param name="q" required="false"/>
              <list name="results" collection="listings" order="-price" limit="10">
                <where field="featured" value="true"/>
                <search fields="title city" param="q"/>
              </list>
            </route>
            <route name="listing" path="/listing/{id}" title="{listing.title} in {listing.city}" owner="home" deep-link="true">
              <param name="id" collection="listings" as="listing"/>
            </route>
            <route name="inquiries" path="/inquiries" title="Inquiries" owner="mine"/>
            <route name="inquiry" path="/inquiries/{id}" title="About {inquiry.listing.title}" owner="mine">
              <param name="id" collection="inquiries" as="inquiry"/>
              <on-open><update collection="inquiries" id-param="id"><set name="read" value="true"/></update></on-open>
            </route>
            <route name="login" path="/login" title="Log In" owner="login-sheet" presentation="sheet"/>
          </routes>
          <data fixtures="db.json">
            <collection id="listings" scope="app">
              <field name="title" required="true"/>
              <field name="city"/>
              <field name="price" type="integer"/>
              <field name="featured" type="boolean"/>
            </collection>
            <collection id="inquiries" scope="account">
              <field name="listing" type="reference" collection="listings" required="true"/>
              <field name="message" type="text" required="true"/>
              <field name="read" type="boolean"/>
            </collection>
            <count name="unread" collection="inquiries" label="unread"><where field="read" value="false"/></count>
          </data>
          <forms>
            <form id="ask"><field name="message" type="textarea" label="Message"/></form>
          </forms>
          <actions>
            <action id="ask" form="ask">
              <create collection="inquiries"><set name="listing" param="id"/><set name="message" field="message"/></create>
              <navigate route="inquiry"><with param="id" created="inquiries"/></navigate>
            </action>
          </actions>
          <fixtures><account email="test@example.com" password="password123"/></fixtures>
        </app>
        """

    static let data = """
        {
          "listings": [
            { "id": 123, "title": "Loft", "city": "Prague", "price": 100, "featured": true },
            { "id": "456", "title": "House", "city": "Brno" }
          ],
          "inquiries": [
            { "id": 1, "_account": "test@example.com", "listing": "456", "message": "Garden?", "read": false }
          ]
        }
        """

    func load(_ xml: String = app, data: String = data) throws -> Result<AppDefinition, FolderProblems> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)/homes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: folder.appendingPathComponent("app.xml"))
        try Data(data.utf8).write(to: folder.appendingPathComponent("db.json"))
        for template in ["home", "listing", "inquiries", "inquiry", "login"] {
            try Data("<h1>x</h1>".utf8).write(to: folder.appendingPathComponent(template + ".html"))
        }
        return AppFolderLoader.load(folder: folder.path, vocabulary: .test)
    }

    @Test func everyPartIsRead() throws {
        let app = try load().get()
        #expect(app.data.collections["listings"]?.scope == .app && app.data.collections["inquiries"]?.scope == .account)
        #expect(app.data.collections["inquiries"]?.field("listing")?.type == .reference("listings"))
        #expect(app.data.counts["unread"] == RecordQuery(name: "unread", collection: "inquiries",
                                                         filters: [RecordFilter(field: "read", value: .constant("false"))], label: "unread", isCount: true))
        let home = try #require(app.routeData["home"]?.queries.first)
        #expect(home.order == RecordOrder(field: "price", descending: true) && home.limit == 10)
        #expect(home.search == RecordSearch(fields: ["title", "city"], parameter: "q"))
        #expect(app.routeData["listing"]?.bindings == [RecordBinding(parameter: "id", collection: "listings", name: "listing")])
        #expect(app.routeData["inquiry"]?.onOpen == [.update(collection: "inquiries", id: .parameter("id"), values: [FieldAssignment(field: "read", value: .constant("true"))])])
        #expect(app.actions["ask"]?.steps.last == .navigate("inquiry", parameters: [ActionParameter(name: "id", source: .created("inquiries"))]))
        #expect(app.data.fixtures.map(\.id) == ["123", "456", "1"])
        #expect(app.data.fixtures[0].values == ["title": .string("Loft"), "city": .string("Prague"), "price": .integer(100), "featured": .boolean(true)])
        #expect(app.data.fixtures[2].account == "test@example.com")
    }

    func problems(xml: String = app, data: String = data) throws -> [String] {
        guard case .failure(let found) = try load(xml, data: data) else { return [] }
        return found.problems.map { "\(($0.file as NSString).lastPathComponent):\($0.line): \($0.message)" }
    }

    @Test(arguments: [
        (#""price": 100"#, #""price": "cheap""#, "db.json:3: 'price' of collection 'listings' is a whole number, but this record has a string"),
        (#""city": "Brno""#, #""town": "Brno""#, "db.json:4: 'town' is not a field of collection 'listings'; its fields are title, city, price, featured"),
        (#""id": "456""#, #""id": 123"#, "db.json:4: 'listings' has two records with the id '123'"),
        (#""listing": "456""#, #""listing": "999""#, "db.json:7: 'listing' refers to record '999' of 'listings', which the data file does not have"),
        (#""_account": "test@example.com", "#, "", "db.json:7: record '1' of 'inquiries' belongs to an account: add \"_account\" with the email of an <account> under <fixtures>"),
        (#"{ "id": "456", "title": "House""#, #"{ "id": "456""#, "db.json:4: record '456' of 'listings' has no 'title', which the collection requires"),
        (#""listings": ["#, #""homes": ["#, "db.json:2: 'homes' is not a collection declared under <data>; the collections are inquiries, listings"),
        (#""featured": true }"#, #""featured": true "#, "db.json:4: not JSON: expected a member name in double quotes"),
    ])
    func dataFileProblemsNameTheirLine(original: String, replacement: String, message: String) throws {
        #expect(Self.data.contains(original))
        let found = try problems(data: Self.data.replacingOccurrences(of: original, with: replacement))
        #expect(found.contains(message), "\(found)")
    }

    @Test(arguments: [
        (#"<param name="id" collection="listings" as="listing"/>"#, #"<param name="id" collection="flats" as="listing"/>"#,
         "app.xml:20: parameter 'id' of route 'listing' names a record of collection 'flats', which is not declared under <data>"),
        (#"title="{listing.title} in {listing.city}""#, #"title="{listing.name}""#,
         "app.xml:19: the title of route 'listing' reads '{listing.name}', but collection 'listings' has no field 'name'"),
        (#"<where field="featured" value="true"/>"#, #"<where field="promoted" value="true"/>"#,
         "app.xml:15: 'results' of route 'home' uses field 'promoted', which collection 'listings' does not have; its fields are title, city, price, featured"),
        (#"<where field="featured" value="true"/>"#, #"<where field="featured" value="yes"/>"#,
         "app.xml:15: 'results' of route 'home' compares field 'featured' with 'yes', which a boolean field cannot hold"),
        (#"<search fields="title city" param="q"/>"#, #"<search fields="title city" param="query"/>"#,
         "app.xml:16: 'results' of route 'home' takes parameter 'query', which the route does not have"),
        (#"<set name="message" field="message"/></create>"#, #"</create>"#,
         "app.xml:47: action 'ask' creates a record of 'inquiries' without its required field 'message'; add <set name=\"message\" …/>"),
        (#"<set name="message" field="message"/>"#, #"<set name="message" field="text"/>"#,
         "app.xml:47: action 'ask' takes a value from field 'text', which form 'ask' does not have"),
        (#"badge="unread""#, #"badge="unanswered""#,
         "app.xml:7: tab 'mine' shows the count 'unanswered' as its badge, which is not a <count> under <data>"),
        (#"type="reference" collection="listings""#, #"type="reference" collection="houses""#,
         "app.xml:37: field 'listing' refers to collection 'houses', which is not declared under <data>"),
        (#"<list name="results""#, #"<list name="forms""#,
         "app.xml:14: route 'home' names a record or list 'forms', which templates already read as FlowPages' own; choose another name"),
    ])
    func appXMLProblemsNameTheirLine(original: String, replacement: String, message: String) throws {
        #expect(Self.app.contains(original))
        let found = try problems(xml: Self.app.replacingOccurrences(of: original, with: replacement))
        #expect(found.contains(message), "\(found)")
    }
}
