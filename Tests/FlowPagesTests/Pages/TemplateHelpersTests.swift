import FlowDefinition
@testable import FlowPages
import FlowPagesTestSupport
import Foundation
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

    /// `url` for Reality Portal as served at `/reality-portal`: a link whose values all fill its
    /// path is made without a route instance; one with query values, or a missing or unknown
    /// part, goes the general way, with the same answers as before.
    @Test(arguments: [
        (#"{{ url "listing" id=item.id }}"#, "/reality-portal/listing/12%2F3"),
        (#"{{ url "listing-gallery" id="a b" }}"#, "/reality-portal/listing/a%20b/gallery"),
        (#"{{ url "search" }}"#, "/reality-portal/search"),
        (#"{{ url "search-results" query="two rooms" }}"#, "/reality-portal/search/results?query=two%20rooms"),
        (#"{{ url "search-results" }}"#, "/reality-portal/search/results"),
    ])
    func urlMakesEachKindOfLink(template: String, url: String) throws {
        #expect(try Self.portal(template, ["item": .record(["id": "12/3"])]) == url)
    }

    @Test(arguments: [
        (#"{{ url "listing" }}"#, "the path needs id"),
        (#"{{ url "listing" other=1 }}"#, "the path needs id"),
        (#"{{ url "listings" id=1 }}"#, "there is no such route"),
        (#"{{ url "listing" id=item }}"#, "parameter id has no value"),
    ])
    func urlRefusesALinkItCannotMake(template: String, problem: String) {
        #expect { try Self.portal(template, ["item": .record(["id": "1"])]) } throws: { error in
            "\(error)".contains(problem)
        }
    }

    static func portal(_ source: String, _ context: [String: TemplateValue]) throws -> String {
        let views = LiveApp.repository.appendingPathComponent("Views").path
        let app = try AppFolderLoader.load(folder: views + "/reality-portal", vocabulary: .served(with: .prototype)).get()
        let urls = AppURLs(prefix: "/reality-portal", navigation: app.navigation)
        let set = try TemplateSet(templates: ["page": source], helpers: TemplateHelpers.helpers(urls: urls))
        return try set.render("page", context)
    }
}
