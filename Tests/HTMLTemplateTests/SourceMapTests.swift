import HTMLTemplate
import Testing

/// Which template line wrote each byte: literal text (line by line), outputs, partials with the
/// tag that included them, a screen's blocks inside its layout, loops, and markup rendered apart.
@Suite struct SourceMapTests {
    /// A page rendered with its map, and where the first byte of `text` in it came from.
    struct Mapped {
        let page: String
        let map: SourceMap

        init(_ set: TemplateSet, _ name: String, _ context: [String: TemplateValue] = [:], in layout: String? = nil, sourceMap: SourceMap = SourceMap()) throws {
            var map: SourceMap? = sourceMap
            let bytes = try layout.map { try set.renderBytes(name, in: $0, context, sourceMap: &map) } ?? set.renderBytes(name, context, sourceMap: &map)
            page = String(decoding: bytes, as: UTF8.self)
            self.map = try #require(map)
            #expect(self.map.byteCount == bytes.count && self.map.entries.first?.byteOffset == 0, "every byte is mapped")
        }

        /// `template:line` of the first byte of the `occurrence`th `text` (from 0), with the tags it was included through.
        func origin(of text: String, occurrence: Int = 0) -> String? {
            var from = page.startIndex
            for _ in 0..<occurrence {
                guard let found = page.range(of: text, range: from..<page.endIndex) else { return nil }
                from = found.upperBound
            }
            guard let found = page.range(of: text, range: from..<page.endIndex) else { return nil }
            guard let entry = map.entry(ofByte: page.utf8.distance(from: page.startIndex, to: found.lowerBound)) else { return nil }
            return ([entry.location] + entry.includedFrom).map(\.description).joined(separator: " < ")
        }
    }

    @Test func eachLineOfLiteralTextIsItsOwn() throws {
        let set = try TemplateSet(templates: ["page": "<ul>\n<li>a</li>\n\n<li>b</li>\n</ul>"])
        let mapped = try Mapped(set, "page")
        #expect(mapped.origin(of: "<ul>") == "page:1")
        #expect(mapped.origin(of: "<li>a") == "page:2")
        #expect(mapped.origin(of: "<li>b") == "page:4")
        #expect(mapped.origin(of: "</ul>") == "page:5")
        #expect(mapped.map.location(ofByte: mapped.page.utf8.count - 1)! == ("page", 5))
        #expect(mapped.map.location(ofByte: mapped.page.utf8.count) == nil, "nothing past the end")
    }

    @Test func outputsAreTheLinesOfTheirTags() throws {
        let set = try TemplateSet(templates: ["page": "<p class=\"{{ kind }}\">\nHello, {{ name }}{{ nothing }}\n</p>"])
        let mapped = try Mapped(set, "page", ["kind": "greeting", "name": "Ada", "nothing": .null])
        #expect(mapped.origin(of: "greeting") == "page:1")
        #expect(mapped.origin(of: "Hello") == "page:2" && mapped.origin(of: "Ada") == "page:2")
        #expect(mapped.origin(of: "</p>") == "page:3", "an output writing nothing leaves no entry behind")
    }

    @Test func textAfterCommentsAndTrimmedWhitespaceKeepsItsLine() throws {
        let set = try TemplateSet(templates: ["page": "<a>\n{{! a comment\nof two lines }}\n<b>\n  {{~ name ~}}\n  </b>"])
        let mapped = try Mapped(set, "page", ["name": "Ada"])
        #expect(mapped.page == "<a>\n\n<b>Ada</b>")
        #expect(mapped.origin(of: "<b>") == "page:4", "joined across the comment, each part on its own line")
        #expect(mapped.origin(of: "Ada") == "page:5")
        #expect(mapped.origin(of: "</b>") == "page:6", "trimmed text starts where its first byte kept is")
    }

    @Test func partialsNameTheTagThatIncludedThem() throws {
        let set = try TemplateSet(templates: [
            "page": "<ul>\n{{> _layout/item label=\"a\"}}\n{{> _layout/item label=\"b\"}}\n</ul>",
            "_layout/item": "<li>\n{{ label }}{{> _layout/mark}}</li>",
            "_layout/mark": "<i>!</i>",
        ])
        let mapped = try Mapped(set, "page")
        #expect(mapped.origin(of: "<li>") == "_layout/item:1 < page:2")
        #expect(mapped.origin(of: "<li>", occurrence: 1) == "_layout/item:1 < page:3")
        #expect(mapped.origin(of: "b<i>") == "_layout/item:2 < page:3")
        #expect(mapped.origin(of: "<i>") == "_layout/mark:1 < _layout/item:2 < page:2")
        #expect(mapped.origin(of: "</li>") == "_layout/item:2 < page:2")
        #expect(mapped.origin(of: "</ul>") == "page:4")
    }

    @Test func aScreensBlocksAreItsLinesInsideItsLayouts() throws {
        let set = try TemplateSet(templates: [
            "_layout/app": "<title>{{#block \"title\"}}App{{/block}}</title>\n<main>\n{{#block \"content\"}}{{/block}}\n</main>",
            "_layout/underlying": "<div inert>{{#block \"content\"}}{{/block}}</div>",
            "login": "{{extends \"_layout/app\"}}\n{{#block \"title\"}}Sign In{{/block}}\n{{#block \"content\"}}\n<h1>{{ heading }}</h1>{{/block}}",
        ])
        let mapped = try Mapped(set, "login", ["heading": "Welcome"])
        #expect(mapped.origin(of: "<title>") == "_layout/app:1" && mapped.origin(of: "Sign In") == "login:2")
        #expect(mapped.origin(of: "<main>") == "_layout/app:2")
        #expect(mapped.origin(of: "<h1>") == "login:4" && mapped.origin(of: "Welcome") == "login:4")
        #expect(mapped.origin(of: "</main>") == "_layout/app:4")
        let framed = try Mapped(set, "login", ["heading": "Welcome"], in: "_layout/underlying")
        #expect(framed.origin(of: "<div") == "_layout/underlying:1" && framed.origin(of: "<h1>") == "login:4")
    }

    @Test func everyElementOfALoopIsTheLineOfItsBody() throws {
        let set = try TemplateSet(templates: ["page": "<ul>{{#each items as item}}\n<li>{{ item }}</li>{{else}}\n<li>None</li>{{/each}}\n</ul>"])
        let full = try Mapped(set, "page", ["items": ["a", "b"]])
        #expect(full.origin(of: "<li>") == "page:2" && full.origin(of: "<li>", occurrence: 1) == "page:2" && full.origin(of: "b</li>") == "page:2")
        #expect(full.origin(of: "</ul>") == "page:4")
        let empty = try Mapped(set, "page", ["items": []])
        #expect(empty.origin(of: "<li>None") == "page:3")
    }

    /// Markup rendered apart with its map (the screen beneath a sheet) keeps its own lines when
    /// written in, reached through the tag that wrote it.
    @Test func markupRenderedApartKeepsItsLines() throws {
        let set = try TemplateSet(templates: [
            "_layout/app": "<body>\n{{ underlying }}\n<main></main></body>",
            "list": "<ul>\n<li>x</li></ul>",
        ])
        var inner: SourceMap? = SourceMap()
        let beneath = String(decoding: try set.renderBytes("list", [:], sourceMap: &inner), as: UTF8.self)
        let context: [String: TemplateValue] = ["underlying": .html(SafeHTML(trusted: beneath))]
        let mapped = try Mapped(set, "_layout/app", context, sourceMap: SourceMap(renderedApart: [beneath: try #require(inner)]))
        #expect(mapped.origin(of: "<li>") == "list:2 < _layout/app:2")
        #expect(mapped.origin(of: "\n<main>") == "_layout/app:2" && mapped.origin(of: "<main>") == "_layout/app:3")
        #expect(try Mapped(set, "_layout/app", context).origin(of: "<li>") == "_layout/app:2", "without its map, the tag's line")
    }

    @Test func nothingIsRecordedUnlessAskedFor() throws {
        let set = try TemplateSet(templates: ["page": "<p>\n{{ name }}</p>"])
        var none: SourceMap? = nil
        let unmapped = try set.renderBytes("page", ["name": "Ada"], sourceMap: &none)
        var map: SourceMap? = SourceMap()
        let mapped = try set.renderBytes("page", ["name": "Ada"], sourceMap: &map)
        #expect(none == nil && unmapped == mapped, "the same bytes")
        #expect(map?.entries.map(\.line) == [1, 2])
    }
}
