import HTMLTemplate
import Testing

/// What a template is rendered with: its layouts and every partial any of them includes, once.
@Suite struct TemplateDependenciesTests {
    @Test func aTemplatesLayoutsAndPartialsAreItsDependencies() throws {
        let set = try TemplateSet(templates: [
            "layout": "<main>{{#block \"content\"}}{{/block}}{{> footer}}</main>",
            "footer": "<footer>{{> note}}</footer>",
            "note": "<p>n</p>",
            "card": "<div>{{> note}}</div>",
            "page": "{{extends \"layout\"}}{{#block \"content\"}}{{#if x}}{{> card}}{{/if}}{{/block}}",
            "alone": "<p>a</p>",
        ])
        #expect(Set(set.dependencies(of: "page")) == ["page", "layout", "footer", "note", "card"])
        #expect(set.dependencies(of: "page").first == "page" && set.dependencies(of: "page").count == 5, "each once")
        #expect(set.dependencies(of: "alone") == ["alone"] && set.dependencies(of: "nothing").isEmpty)
    }
}
