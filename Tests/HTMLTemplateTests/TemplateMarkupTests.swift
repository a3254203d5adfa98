import HTMLTemplate
import Testing

/// The start tags a template's static text writes: template tags stepped over wherever they
/// stand, comments and raw text holding none, places in lines and characters.
@Suite struct TemplateMarkupTests {
    @Test(arguments: [
        (#"<img src="{{ image "a.png" }}" alt="">"#, ["img: src alt @1:1"]),
        (#"<p>x</p><IMG SRC='{{ url "a" }}' {{#if x}}Alt="y"{{/if}}/>"#, ["p:  @1:1", "img: src alt @1:9"]),
        ("<p>\n  <img\n\tsrc=x.png width=3>", ["p:  @1:1", "img: src width @2:3"]),
        (#"{{!-- <img src="a"> --}}{{! <img> }}<!-- <img> --><b>"#, ["b:  @1:51"]),
        ("<script><img src=a></script><title>a <img> b</title><i>", ["script:  @1:1", "title:  @1:29", "i:  @1:53"]),
        ("a < b and 1<2 <3 {{ x }}", []),
        ("<p>é<img>", ["p:  @1:1", "img:  @1:5"]),
    ])
    func startTagsAreReadWithTheirAttributesAndPlaces(source: String, expected: [String]) throws {
        let tags = try TemplateMarkup.tags(in: source, template: "t").map {
            "\($0.name): \($0.attributes.map(\.name).joined(separator: " ")) @\($0.line):\($0.column)"
        }
        #expect(tags == expected)
    }
}
