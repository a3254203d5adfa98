import HTMLTemplate
import Testing

/// Records read by member name however they were built: from a dictionary, from members, or
/// in a layout shared by records of one shape.
@Suite struct TemplateRecordTests {
    @Test func recordsOfOneLayoutReadEachTheirOwnValues() throws {
        let layout = TemplateRecord.Layout(["id", "title", "price"])
        let first = TemplateRecord(layout: layout, values: ["1", "Flat <b>", 8_950_000])
        let second = TemplateRecord(layout: layout, values: ["2", "House", .null])
        #expect(first["title"] == "Flat <b>")
        #expect(second["title"] == "House")
        #expect(second["price"] == .null)
        #expect(first["photo"] == nil)
        #expect(layout.position(of: "price") == 2)
        #expect(layout.position(of: "Price") == nil)
        // Equal to the same members built another way.
        #expect(first == ["id": "1", "title": "Flat <b>", "price": 8_950_000])

        let set = try TemplateSet(templates: ["card": "{{#each items as item}}<h2>{{ item.title }}</h2>{{ item.price }};{{/each}}"])
        #expect(try set.render("card", ["items": .array([.record(first), .record(second)])]) == "<h2>Flat &lt;b&gt;</h2>8950000;<h2>House</h2>;")
    }

    @Test func aLargeRecordIsFoundByItsIndex() {
        let members = (0..<40).map { ("member\($0)", TemplateValue.int($0)) }
        let record = TemplateRecord(uniqueMembers: members)
        #expect(record["member0"] == 0)
        #expect(record["member39"] == 39)
        #expect(record["member40"] == nil)
        #expect(TemplateRecord(Dictionary(uniqueKeysWithValues: members))["member17"] == 17)
    }
}
