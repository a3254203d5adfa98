@testable import FlowPages
import Foundation
import HTMLTemplate
import Testing

@Suite struct TemplateLibraryTests {
    func makeViews(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.path
    }

    @Test func loadsEveryTemplateByItsPath() throws {
        let views = try makeViews([
            "_layout/app.html": "<title>{{#block \"title\"}}{{/block}}</title>{{#block \"content\"}}{{/block}}",
            "shop/item.html": "{{extends \"_layout/app\"}}{{#block \"title\"}}{{ name }}{{/block}}{{#block \"content\"}}{{> shop/price}}{{/block}}",
            "shop/price.html": "<b>{{ price }}</b>",
            "notes.txt": "ignored",
        ])
        let library = try TemplateLibrary.load(views: views)
        #expect(library.set.names == ["_layout/app", "shop/item", "shop/price"])
        #expect(try library.set.render("shop/item", ["name": "Tea & cake", "price": "€3"]) == "<title>Tea &amp; cake</title><b>€3</b>")
        #expect(library.templateName(for: views + "/shop/item.html") == "shop/item")
        #expect(library.templateName(for: "shop/item") == "shop/item")
    }

    @Test func anAppFolderLinkedIntoTheViewsFolderIsReadThroughItsLink() throws {
        let views = try makeViews(["_layout/app.html": "{{#block \"content\"}}{{/block}}"])
        let elsewhere = try makeViews(["shop/item.html": "{{extends \"_layout/app\"}}{{#block \"content\"}}tea{{/block}}"])
        try FileManager.default.createSymbolicLink(atPath: views + "/shop", withDestinationPath: elsewhere + "/shop")
        let library = try TemplateLibrary.load(views: views)
        #expect(library.set.names == ["_layout/app", "shop/item"])
        #expect(try library.set.render("shop/item", [:]) == "tea")
    }

    @Test func compileErrorsNameTheFileLineAndColumn() throws {
        let views = try makeViews(["a.html": "ok", "screens/login.html": "<p>\n  <script>{{ x }}</script>", "b.html": "{{#if x}}"])
        do {
            _ = try TemplateLibrary.load(views: views)
            Issue.record("expected errors")
        } catch {
            #expect(error.lines == [
                "\(views)/b.html:1:1: #if is never closed; add {{/if}}",
                "\(views)/screens/login.html:2:11: output inside <script> is refused; pass data in a data-* attribute instead",
            ])
        }
    }

    @Test func aMissingFolderIsAClearError() {
        #expect(throws: TemplateLibrary.LoadError.self) { try TemplateLibrary.load(views: "/nonexistent/views") }
    }

    @Test func jsonBecomesTemplateValues() throws {
        let json = #"{"name": "Ada", "age": 36, "ratio": 0.5, "admin": true, "none": null, "tags": ["a", 1], "address": {"city": "Paris"}}"#
        let context = try JSONDecoder().decode(TemplateContext.self, from: Data(json.utf8)).values
        #expect(context["name"] == "Ada")
        #expect(context["age"] == 36)
        #expect(context["ratio"] == 0.5)
        #expect(context["admin"] == true)
        #expect(context["none"] == .null)
        #expect(context["tags"] == ["a", 1])
        #expect(context["address"]?["city"] == "Paris")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TemplateContext.self, from: Data("[1]".utf8)) }
    }
}
