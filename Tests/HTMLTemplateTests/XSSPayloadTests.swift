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

    /// The page with a harmless value, which every vector's page must match.
    static let harmless = structure(try! set.render("page", ["v": "harmless"]))

    /// The values of the URL attributes, where a `javascript:` URL would run.
    static func urls(_ html: String) -> [String] {
        HTMLTokenizer.tokens(html).flatMap { token -> [String] in
            guard case .startTag(_, let attributes) = token else { return [] }
            return attributes.filter { $0.name == "href" || $0.name == "src" }.map(\.value)
        }
    }

    @Test(arguments: vectors.vectors)
    func everyVectorComesOutInert(vector: String) throws {
        let html = try Self.set.render("page", ["v": .string(vector)])
        #expect(Self.structure(html) == Self.harmless)
        for url in Self.urls(html) {
            #expect(!HTMLTokenizer.isScriptURL(url), "script URL: \(url)")
        }
    }

    /// The checks themselves can fail: unescaped output changes the structure.
    @Test func theCheckCatchesAnUnescapedPage() {
        let raw = Self.page.replacingOccurrences(of: "{{ v }}", with: "<IMG SRC=x onerror=alert(1)>")
        #expect(Self.harmless.count == 14)
        #expect(Self.structure(raw) != Self.harmless)
        #expect(HTMLTokenizer.isScriptURL(HTMLTokenizer.decodeReferences(" &#14; jav&#x09;ascript:alert(1)")))
        #expect(HTMLTokenizer.isScriptURL("JaVaScRiPt:alert(1)"))
        #expect(!HTMLTokenizer.isScriptURL("about:invalid#unsafe-url"))
    }
}
