import HTMLTemplate
import Testing

/// Swift values read as records: rendered member by member, compared as records, and declaring
/// the shape a template is checked against.
@Suite struct TemplateModelTests {
    final class Person: TemplateModel {
        let name: String
        let nickname: String?
        let admin: Bool
        let friends: [Friend]
        /// Counts how often templates read `name`, to show only what is read is read.
        let reads: Counter?

        init(name: String, nickname: String?, admin: Bool, friends: [Friend] = [], reads: Counter? = nil) {
            (self.name, self.nickname, self.admin, self.friends, self.reads) = (name, nickname, admin, friends, reads)
        }

        static let templateMembers: TemplateMembers<Person> = [
            "name": .init { person in person.reads?.count += 1; return person.name },
            "nickname": .init { $0.nickname }, "admin": .init { $0.admin }, "friends": .init { $0.friends },
        ]
    }

    final class Friend: TemplateModel {
        let name: String
        let nickname: String?

        init(name: String, nickname: String?) { (self.name, self.nickname) = (name, nickname) }

        static let templateMembers: TemplateMembers<Friend> = ["name": .init { $0.name }, "nickname": .init { $0.nickname }]
    }

    final class Counter: @unchecked Sendable {
        // Read and written only by the one test's rendering, on its own thread.
        var count = 0
    }

    final class Page: TemplateModel {
        let person: Person
        let extra: [String: TemplateValue]

        init(person: Person, extra: [String: TemplateValue]) { (self.person, self.extra) = (person, extra) }

        func templateMember(_ name: TemplateName) -> TemplateValue? {
            Self.templateMembers.value(named: name, of: self) ?? extra[name.text]
        }

        static let templateMembers: TemplateMembers<Page> = ["person": .init { $0.person }]
    }

    static let ada = Person(name: "Ada <3", nickname: nil, admin: true, friends: [Friend(name: "Bo", nickname: "B")])

    @Test func membersRenderAsARecordsWould() throws {
        let set = try TemplateSet(templates: ["page": """
            {{ person.name }}{{#if person.nickname}} ({{ person.nickname }}){{/if}}{{#if person.admin}} admin{{/if}}: \
            {{#each person.friends as friend}}{{ friend.name }} ({{ friend.nickname }}){{/each}} {{ motto }}
            """], options: TemplateOptions(strict: true))
        let page = Page(person: Self.ada, extra: ["motto": "Be <kind>"])
        #expect(try set.render("page", model: page) == "Ada &lt;3 admin: Bo (B) Be &lt;kind&gt;")
        let record: [String: TemplateValue] = [
            "person": ["name": "Ada <3", "nickname": nil, "admin": true, "friends": [["name": "Bo", "nickname": "B"]]],
            "motto": "Be <kind>",
        ]
        #expect(try set.render("page", model: page) == set.render("page", record), "the same bytes as the record it stands for")
    }

    @Test func onlyWhatATemplateReadsIsRead() throws {
        let counter = Counter()
        let person = Person(name: "Ada", nickname: nil, admin: true, reads: counter)
        let set = try TemplateSet(templates: ["page": "{{#if person.admin}}{{ person.name }}{{/if}} {{ person.name }}", "none": "{{ person.admin }}"])
        _ = try set.render("none", model: Page(person: person, extra: [:]))
        #expect(counter.count == 0)
        _ = try set.render("page", model: Page(person: person, extra: [:]))
        #expect(counter.count == 2)
    }

    @Test func aMissingMemberIsAnErrorInStrictModeAndNullOtherwise() throws {
        let strict = try TemplateSet(templates: ["page": "{{ person.emial }}"], options: TemplateOptions(strict: true))
        #expect(throws: TemplateError.self) { try strict.render("page", model: Page(person: Self.ada, extra: [:])) }
        let lenient = try TemplateSet(templates: ["page": "[{{ person.emial }}]"])
        #expect(try lenient.render("page", model: Page(person: Self.ada, extra: [:])) == "[]")
        let whole = try TemplateSet(templates: ["page": "{{ person }}"])
        #expect(throws: TemplateError.self) { try whole.render("page", model: Page(person: Self.ada, extra: [:])) }
    }

    @Test func theDeclarationIsTheShapeTemplatesAreCheckedAgainst() throws {
        #expect(Person.templateShape == .record([
            "name": .value, "nickname": .value, "admin": .value, "friends": .list(.record(["name": .value, "nickname": .value])),
        ]))
        let set = try TemplateSet(templates: ["page": "{{ person.name }}\n{{#each person.friends as f}}{{ f.emial }}{{/each}}"])
        guard case .record(let shape) = Page.templateShape else { Issue.record("a model's shape is a record"); return }
        let unknown = set.check("page", against: shape).unknown
        #expect(unknown.map { "\($0.line): \($0.path.joined(separator: "."))" } == ["2: f.emial"])
        #expect(unknown.first?.known == ["name", "nickname"])
    }

    @Test func aModelComparesAsItsRecord() {
        let record: TemplateValue = ["name": "Bo", "nickname": "B"]
        #expect(TemplateValue.model(Self.ada.friends[0]) == record)
        #expect(TemplateValue.model(Self.ada) != record)
        #expect(TemplateValue.model(Self.ada).isTruthy)
    }
}
