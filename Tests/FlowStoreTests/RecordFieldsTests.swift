import FlowStore
import Testing

/// A decoded body shared by the records read from it, and the form a reader keeps with it.
@Suite struct RecordFieldsTests {
    final class Maker: Sendable {}

    @Test func recordsReadFromOneBodyShareItsFieldsAndTheFormMadeOfThem() throws {
        let bodies = RecordBodies()
        let body = Array(#"{"price":120,"title":"Loft"}"#.utf8)
        let first = try bodies.decode([body, body])
        #expect(first[0] === first[1])
        #expect(try bodies.decode([body])[0] === first[0])
        #expect(first[0].values == ["price": .integer(120), "title": .string("Loft")])

        let maker = Maker()
        var made = 0
        let make = { (id: String, fields: [String: RecordValue]) -> [String] in
            made += 1
            return [id] + fields.keys.sorted()
        }
        #expect(first[0].form(for: maker, id: "1", make) == ["1", "price", "title"])
        #expect(first[1].form(for: maker, id: "1", make) == ["1", "price", "title"])
        #expect(made == 1)
        // Another maker, record, or form's type gets its own; the last one made is kept.
        let other = Maker()
        #expect(first[0].form(for: other, id: "1", make) == ["1", "price", "title"])
        #expect(made == 2)
        #expect(first[0].form(for: other, id: "2", make) == ["2", "price", "title"])
        #expect(made == 3)
        #expect(first[0].form(for: other, id: "2") { _, _ in 7 } == 7)
        #expect(first[0].form(for: other, id: "2", make) == ["2", "price", "title"])
        #expect(made == 4)
    }

    @Test func recordsAreEqualByIdAndFieldsWhetherOrNotTheyShareABody() {
        let shared = RecordFields(["title": .string("Loft")])
        let a = StoredRecord(id: "1", fields: shared)
        let b = StoredRecord(id: "1", values: ["title": .string("Loft")])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != StoredRecord(id: "2", fields: shared))
        #expect(a != StoredRecord(id: "1", values: ["title": .string("Barn")]))
    }
}
