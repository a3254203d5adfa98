import HTMLTemplate
import Testing

/// Every compile error names the template, line and column, and says what to do.
@Suite struct TemplateCompileErrorTests {
    @Test(arguments: [
        ("<p>\n  {{ name", "page:2:3: this '{{' is never closed; add '}}'"),
        ("{{#if x}}\n<p>", "page:1:1: #if is never closed; add {{/if}}"),
        ("{{#if x}}{{/each}}", "page:1:10: {{/each}} closes nothing here: the open tag is #if from line 1"),
        ("{{/if}}", "page:1:1: {{/if}} closes nothing here: nothing is open"),
        ("{{else}}", "page:1:1: {{else}} belongs directly inside {{#if}}, {{#unless}} or {{#each}}, once"),
        ("{{#if a}}{{else}}{{else}}{{/if}}", "page:1:18: {{else}} belongs directly inside {{#if}}, {{#unless}} or {{#each}}, once"),
        ("{{#each items}}{{/each}}", "page:1:1: write {{#each items as item}}: a list, 'as' and a name for each element"),
        ("{{#with x}}{{/with}}", "page:1:1: unknown tag #with; the tags are #if, #unless, #each, #block, else and their closers"),
        ("{{ }}", "page:1:1: an empty tag; write a value, such as {{ user.name }}"),
        ("{{ upper name }}", "page:1:1: 'upper' is not a helper, so it takes no arguments; register the helper or remove them"),
        ("{{ a-b.c! }}", "page:1:1: 'a-b.c!' is not a value: use a name such as user.name, a \"string\" or a number"),
        ("{{ \"open }}", "page:1:1: a string is not closed; add '\"'"),
        ("{{> nowhere}}", "page:1:1: there is no partial named 'nowhere'"),
        ("{{> card 1}}", "page:1:1: a partial takes only named arguments, such as {{> card title=page.title}}"),
        ("<p>x</p>{{extends \"layout\"}}", "page:1:9: {{extends}} must be the first tag of a template, once"),
        ("{{extends \"nowhere\"}}", "page:1:1: there is no layout named 'nowhere'"),
        ("{{#if a}}{{#block \"b\"}}{{/block}}{{/if}}", "page:1:10: a block must be at the top level of a template, not inside another block"),
    ])
    func syntaxErrors(source: String, message: String) {
        #expect(compileErrors(source) == [message])
    }

    @Test(arguments: [
        ("<script>var x = {{ x }};</script>", "page:1:17: output inside <script> is refused; pass data in a data-* attribute instead"),
        ("<STYLE>p { color: {{ c }} }</STYLE>", "page:1:19: output inside <style> is refused; pass data in a data-* attribute instead"),
        ("<a onclick=\"go({{ x }})\">", "page:1:16: output in an on* event handler is refused; templates carry no script"),
        ("<p style=\"color: {{ c }}\">", "page:1:18: output in a style attribute is refused; choose a class instead"),
        ("<p title={{ t }}>", "page:1:10: output in an unquoted attribute value is refused; put the value in double quotes"),
        ("<p {{ attrs }}>", "page:1:4: output inside a tag is refused; it may only stand in a quoted attribute value"),
        ("<{{ tag }}>", "page:1:2: output inside a tag is refused; it may only stand in a quoted attribute value"),
        ("<p data-{{ n }}=\"1\">", "page:1:9: output inside a tag is refused; it may only stand in a quoted attribute value"),
        ("<!-- {{ note }} -->", "page:1:6: output inside an HTML comment is refused; use a {{! template comment }}"),
        ("<iframe srcdoc=\"{{ doc }}\">", "page:1:17: output in srcdoc is refused; it would be a whole document"),
        ("<img srcset=\"{{ s }}\">", "page:1:14: output in srcset is refused; use src"),
        ("<p class=\"{{#if a}}x\">{{/if}}\">", "page:1:11: the branches of this {{#if}} end in different places (in text and in a quoted attribute value); make both close the same tags and attributes"),
        ("{{#each xs as x}}<li>{{/each}}<p", "page:1:1: the template ends inside a tag, not in text where it started; close the tag or attribute"),
        ("<p class=\"a", "page:1:1: the template ends in a quoted attribute value, not in text where it started; close the tag or attribute"),
        ("{{#each xs as x}}<b class=\"{{/each}}", "page:1:1: this {{#each}} must end where it starts (in text), so every element starts the same; it ends in a quoted attribute value"),
    ])
    func contextErrors(source: String, message: String) {
        #expect(compileErrors(source) == [message])
    }

    @Test func branchesMayAddValuelessAttributes() {
        #expect(compileErrors("<input{{#if a}} disabled{{/if}} name=\"q\" value=\"{{ v }}\">").isEmpty)
        #expect(compileErrors("<li{{#if a}} aria-current=\"page\"{{/if}}>{{ t }}</li>").isEmpty)
        #expect(render("<input{{#if a}} disabled{{/if}}>", ["a": true]) == "<input disabled>")
        // Which attribute a value belongs to must not depend on a branch: href would skip the URL check.
        #expect(compileErrors("<a {{#if x}}href{{else}}title{{/if}}=\"{{ u }}\">")
            == ["page:1:39: output here is refused: which attribute this value belongs to depends on a branch; write the attribute in full in each branch"])
        #expect(compileErrors("<a{{#if x}} href{{/if}}=\"{{ u }}\">")
            == ["page:1:26: output here is refused: which attribute this value belongs to depends on a branch; write the attribute in full in each branch"])
    }

    @Test func blocksCompileInTheirSlotsContext() {
        let layout = ["layout": "<title>{{#block \"title\"}}App{{/block}}</title><main>{{#block \"main\"}}{{/block}}</main>"]
        #expect(compileErrors("{{extends \"layout\"}}{{#block \"title\"}}<b>{{ t }}</b>{{/block}}", partials: layout).isEmpty)
        #expect(compileErrors("{{extends \"layout\"}}{{#block \"title\"}}</title><p class=\"{{/block}}", partials: layout)
            == ["page:1:21: block \"title\" ends in a quoted attribute value, not inside <title> where it started; close the tag or attribute"])
        #expect(compileErrors("{{extends \"layout\"}}{{#block \"missing\"}}x{{/block}}", partials: layout)
            == ["page:1:21: layout 'layout' has no block \"missing\"; its blocks are \"main\", \"title\""])
        #expect(compileErrors("{{extends \"layout\"}}\nloose text", partials: layout)
            == ["page:1:1: a template that extends a layout may hold only {{#block}}s; move the rest into one"])
        #expect(compileErrors("<script>{{#block \"js\"}}{{/block}}</script>")
            == ["page:1:9: a block may stand only in text or inside <title> or <textarea>, not inside <script>"])
        #expect(compileErrors("<a href=\"{{#block \"link\"}}/{{/block}}\">x</a>")
            == ["page:1:10: a block may stand only in text or inside <title> or <textarea>, not in a quoted attribute value"])
    }

    @Test func everyTemplatesErrorsAreReportedAtOnce() {
        do {
            _ = try TemplateSet(templates: ["a": "{{#if x}}", "b": "<script>{{ y }}</script>", "c": "fine", "d": "{{> a}}{{> gone}}"])
            Issue.record("expected errors")
        } catch {
            #expect(error.errors.map(\.description) == [
                "a:1:1: #if is never closed; add {{/if}}",
                "b:1:9: output inside <script> is refused; pass data in a data-* attribute instead",
                "d:1:8: there is no partial named 'gone'",
            ])
        }
    }

    @Test func layoutsInACircleAreRefused() {
        let errors = compileErrors("{{extends \"b\"}}", partials: ["b": "{{extends \"page\"}}"])
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.contains("layouts extend each other in a circle") })
    }
}
