@testable import FlowPages
import HTMLTemplate
import Testing

/// The helpers screen templates call, rendered through a template as a screen would.
@Suite struct TemplateHelpersTests {
    static func render(_ source: String, _ context: [String: TemplateValue]) throws -> String {
        let set = try TemplateSet(templates: ["page": source], helpers: TemplateHelpers.helpers(urls: nil))
        return try set.render("page", context)
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"), (8_950_000, "8,950,000"),
        (-1_000, "-1,000"), (-999, "-999"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func numberGroupsThousands(number: Int, text: String) throws {
        #expect(try Self.render("CZK {{ number price }}", ["price": .int(number)]) == "CZK " + text)
    }

    @Test func numberRefusesWhatIsNotAWholeNumber() {
        #expect(throws: TemplateError.self) { try Self.render("{{ number price }}", ["price": "8950000"]) }
    }

    @Test func eqComparesAsText() throws {
        let template = "{{#if eq a b}}same{{else}}different{{/if}}"
        #expect(try Self.render(template, ["a": 1, "b": "1"]) == "same")
        #expect(try Self.render(template, ["a": 1, "b": 2]) == "different")
    }
}
