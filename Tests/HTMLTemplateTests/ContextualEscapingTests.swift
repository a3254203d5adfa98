import HTMLTemplate
import Testing

/// Golden cases following Go html/template's TestEscape (escape_test.go): the behaviour, adapted
/// where FlowPages is stricter or differs on purpose. Unquoted attributes, script, style and
/// event handlers are refused here (see TemplateCompileErrorTests); an unsafe URL becomes
/// `about:invalid#unsafe-url` instead of `#ZgotmplZ`; percent-escapes are uppercase; trusted
/// HTML outside text is escaped rather than stripped of its tags.
@Suite struct ContextualEscapingTests {
    static let data: [String: TemplateValue] = [
        "F": false, "T": true, "C": "<Cincinatti>", "G": "<Goodbye>", "H": "<Hello>", "A": ["<a>", "<b>"], "E": [], "N": 42,
        "W": .html(SafeHTML(trusted: "&iexcl;<b class=\"foo\">Hello</b>, <textarea>O'World</textarea>!")),
        "Js": "javascript:alert(%22pwned%22)", "Trusted": .url(SafeURL(trusted: "coinapp://project/proj-123")),
    ]

    @Test(arguments: [
        ("if", "{{#if T}}Hello{{/if}}, {{C}}!", "Hello, &lt;Cincinatti&gt;!"),
        ("else", "{{#if F}}{{H}}{{else}}{{G}}{{/if}}!", "&lt;Goodbye&gt;!"),
        ("rangeBody", "{{#each A as a}}{{a}}{{/each}}", "&lt;a&gt;&lt;b&gt;"),
        ("rangeElse", "{{#each E as e}}{{e}}{{else}}{{H}}{{/each}}", "&lt;Hello&gt;"),
        ("nonStringValue", "{{T}}", "true"),
        ("number", "{{N}}", "42"),
        ("constant", "<a href=\"/search?q={{\"'a<b'\"}}\">", "<a href=\"/search?q=%27a%3Cb%27\">"),
        ("quotedAttribute", "<a title=\"{{H}}\" class='{{\"\\\"x'y\"}}'>", "<a title=\"&lt;Hello&gt;\" class='&#34;x&#39;y'>"),
        ("urlStartRel", "<a href='{{\"/foo/bar?a=b&c=d\"}}'>", "<a href='/foo/bar?a=b&amp;c=d'>"),
        ("urlStartAbsOk", "<a href='{{\"http://example.com/foo/bar?a=b&c=d\"}}'>", "<a href='http://example.com/foo/bar?a=b&amp;c=d'>"),
        ("protocolRelativeURLStart", "<a href='{{\"//example.com:8000/foo/bar?a=b&c=d\"}}'>", "<a href='//example.com:8000/foo/bar?a=b&amp;c=d'>"),
        ("pathRelativeURLStart", "<a href=\"{{\"/javascript:80/foo/bar\"}}\">", "<a href=\"/javascript:80/foo/bar\">"),
        ("dangerousURLStart", "<a href='{{Js}}'>", "<a href='about:invalid#unsafe-url'>"),
        ("dangerousURLStart2", "<a href='  {{Js}}'>", "<a href='  about:invalid#unsafe-url'>"),
        ("dangerousURLUppercase", "<A HREF=\"{{\"JavaScript:alert(1)\"}}\">", "<A HREF=\"about:invalid#unsafe-url\">"),
        ("dangerousDataURL", "<img src=\"{{\"data:text/html,<script>\"}}\">", "<img src=\"about:invalid#unsafe-url\">"),
        ("nonHierURL", "<a href=\"{{\"mailto:Muhammed \\\"The Greatest\\\" Ali <m.ali@example.com>\"}}\">",
         "<a href=\"mailto:Muhammed%20%22The%20Greatest%22%20Ali%20%3Cm.ali@example.com%3E\">"),
        ("urlPath", "<a href='http://{{\"javascript:80\"}}/foo'>", "<a href='http://javascript:80/foo'>"),
        ("urlQuery", "<a href='/search?q={{H}}'>", "<a href='/search?q=%3CHello%3E'>"),
        ("urlFragment", "<a href='/faq#{{H}}'>", "<a href='/faq#%3CHello%3E'>"),
        ("urlBranch", "<a href=\"{{#if F}}/foo?a=b{{else}}/bar{{/if}}\">", "<a href=\"/bar\">"),
        ("urlBranchConflictMoot", "<a href=\"{{#if T}}/foo?a={{else}}/bar#{{/if}}{{C}}\">", "<a href=\"/foo?a=%3CCincinatti%3E\">"),
        ("urlAfterStart", "<a href=\"{{\"/x\"}}/{{H}}\">", "<a href=\"/x/%3CHello%3E\">"),
        ("dataURLAttribute", "<a data-url=\"{{Js}}\">", "<a data-url=\"about:invalid#unsafe-url\">"),
        ("xlinkHref", "<svg><a xlink:href=\"{{Js}}\">", "<svg><a xlink:href=\"about:invalid#unsafe-url\">"),
        ("xmlns", "<html xmlns=\"{{Js}}\">", "<html xmlns=\"about:invalid#unsafe-url\">"),
        ("trustedURL", "<a href=\"{{Trusted}}\">", "<a href=\"coinapp://project/proj-123\">"),
        ("trustedURLInText", "{{Trusted}}", "coinapp://project/proj-123"),
        ("typedHTMLInText", "{{W}}", "&iexcl;<b class=\"foo\">Hello</b>, <textarea>O'World</textarea>!"),
        ("typedHTMLInAttribute", "<p title=\"{{W}}\">", "<p title=\"&amp;iexcl;&lt;b class=&#34;foo&#34;&gt;Hello&lt;/b&gt;, &lt;textarea&gt;O&#39;World&lt;/textarea&gt;!\">"),
        ("typedHTMLInRCDATA", "<textarea>{{W}}</textarea>", "<textarea>&amp;iexcl;&lt;b class=&#34;foo&#34;&gt;Hello&lt;/b&gt;, &lt;textarea&gt;O&#39;World&lt;/textarea&gt;!</textarea>"),
        ("title", "<title>{{H}}</title>", "<title>&lt;Hello&gt;</title>"),
        ("afterScript", "<script>var a = 1;</SCRIPT >{{H}}", "<script>var a = 1;</SCRIPT >&lt;Hello&gt;"),
        ("notScriptEnd", "<script>if (a </scripty) {}</script>{{H}}", "<script>if (a </scripty) {}</script>&lt;Hello&gt;"),
        ("afterStyle", "<style>p { color: red }</style><p>{{H}}</p>", "<style>p { color: red }</style><p>&lt;Hello&gt;</p>"),
        ("afterComment", "<b>Hello, <!-- name of world -->{{C}}</b>", "<b>Hello, <!-- name of world -->&lt;Cincinatti&gt;</b>"),
        ("splitComment", "<b>{{#if T}}<!-- a -->{{C}}{{else}}<!-- b -->{{G}}{{/if}}</b>", "<b><!-- a -->&lt;Cincinatti&gt;</b>"),
        ("lessThanNotATag", "1 < 2 and {{H}}", "1 < 2 and &lt;Hello&gt;"),
        ("doctype", "<!DOCTYPE html><p>{{H}}", "<!DOCTYPE html><p>&lt;Hello&gt;"),
        ("valuelessAttributes", "<input disabled value=\"{{H}}\" required>", "<input disabled value=\"&lt;Hello&gt;\" required>"),
    ])
    func golden(name: String, template: String, expected: String) {
        #expect(render(template, Self.data) == expected, "\(name)")
    }

    @Test func aURLWhosePartIsUnclearTakesNoOutput() {
        #expect(compileErrors("<a href=\"{{#if a}}/x?{{else}}/y{{/if}}{{ q }}\">")
            == ["page:1:39: output here is refused: the branches before it leave the URL in its path in one case and its query in another"])
        #expect(compileErrors("<a href=\"{{#if a}}/x?{{else}}/y{{/if}}#{{ q }}\">").isEmpty)
    }

    @Test func nulIsDropped() throws {
        let set = try TemplateSet(templates: ["p": "<p title=\"{{ v }}\">{{ v }}</p>"])
        #expect(try set.render("p", ["v": "a\u{0}b"]) == "<p title=\"ab\">ab</p>")
    }

    @Test func appsMayAllowTheirOwnSchemes() throws {
        let set = try TemplateSet(templates: ["p": "<a href=\"{{ u }}\">"], options: TemplateOptions(allowedURLSchemes: ["https", "sumafinance"]))
        #expect(try set.render("p", ["u": "sumafinance://auth/login"]) == "<a href=\"sumafinance://auth/login\">")
        #expect(try set.render("p", ["u": "http://example.com"]) == "<a href=\"about:invalid#unsafe-url\">")
    }
}
