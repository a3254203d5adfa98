import Foundation
import HTMLTemplate
import Testing

/// Every attack string of the OWASP XSS Filter Evasion Cheat Sheet (Tests/Data, source named
/// there) rendered in text, attribute and URL slots must come out inert: parsed as a browser
/// would, the page has exactly the elements and attributes it has with a harmless value, and
/// no URL attribute runs script.
@Suite struct XSSPayloadTests {
    struct VectorFile: Decodable {
        let source: String
        let commit: String
        let vectors: [String]
    }

    static let vectors: VectorFile = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/owasp-xss-filter-evasion.json")
        return try! JSONDecoder().decode(VectorFile.self, from: Data(contentsOf: url))
    }()

    static let page = """
        <div class="card"><p>{{ v }}</p>\
        <a title="{{ v }}" href="{{ v }}">one</a>\
        <a href="/search?q={{ v }}#{{ v }}">two</a>\
        <img alt='{{ v }}' src="/img/{{ v }}">\
        <input name="q" value="{{ v }}">\
        <textarea>{{ v }}</textarea>{{#if v}}<b>{{ v }}</b>{{/if}}</div>
        """

    static let set = try! TemplateSet(templates: ["page": page])

    /// The structure a browser sees: tags in order with their attribute names.
    static func structure(_ html: String) -> [String] {
        HTMLTokenizer.tokens(html).compactMap { token in
            switch token {
            case .startTag(let name, let attributes): "<\(name) \(attributes.map(\.name).joined(separator: " "))>"
            case .endTag(let name): "</\(name)>"
            case .comment: "<!---->"
            case .text: nil
            }
        }
    }

    @Test func theListIsTheCheatSheet() {
        #expect(Self.vectors.vectors.count >= 100)
        #expect(Self.vectors.source.contains("XSS Filter Evasion Cheat Sheet"))
    }

    @Test func everyVectorComesOutInert() throws {
        let expected = Self.structure(try Self.set.render("page", ["v": "harmless"]))
        #expect(expected.count == 14)
        for vector in Self.vectors.vectors {
            let html = try Self.set.render("page", ["v": .string(vector)])
            #expect(Self.structure(html) == expected, "structure changed by: \(vector)")
            for case .startTag(_, let attributes) in HTMLTokenizer.tokens(html) {
                for attribute in attributes where attribute.name == "href" || attribute.name == "src" {
                    #expect(!HTMLTokenizer.isScriptURL(attribute.value), "script URL from: \(vector) -> \(attribute.value)")
                }
            }
        }
    }

    /// The checks themselves can fail: unescaped output changes the structure.
    @Test func theCheckCatchesAnUnescapedPage() {
        let raw = Self.page.replacingOccurrences(of: "{{ v }}", with: "<IMG SRC=x onerror=alert(1)>")
        #expect(Self.structure(raw) != Self.structure(try! Self.set.render("page", ["v": "harmless"])))
        #expect(HTMLTokenizer.isScriptURL(HTMLTokenizer.decodeReferences(" &#14; jav&#x09;ascript:alert(1)")))
        #expect(HTMLTokenizer.isScriptURL("JaVaScRiPt:alert(1)"))
        #expect(!HTMLTokenizer.isScriptURL("about:invalid#unsafe-url"))
    }
}
