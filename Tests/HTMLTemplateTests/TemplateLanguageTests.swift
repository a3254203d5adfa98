import HTMLTemplate
import Testing

@Suite struct TemplateLanguageTests {
    @Test(arguments: [
        ("Hello {{ name }}!", "Hello Ada!"),
        ("{{ user.email }}", "ada@example.com"),
        ("{{ count }} {{ ratio }} {{ flag }} {{ whole }}", "3 0.5 true 2"),
        ("{{ \"literal\" }} {{ 42 }} {{ true }}", "literal 42 true"),
        ("{{#if flag}}yes{{else}}no{{/if}}", "yes"),
        ("{{#if missing}}yes{{else}}no{{/if}}", "no"),
        ("{{#unless flag}}yes{{else}}no{{/unless}}", "no"),
        ("{{#if empty}}full{{else}}empty{{/if}}", "empty"),
        ("{{#each items as item}}{{@index}}:{{item}}{{#unless @last}},{{/unless}}{{/each}}", "0:a,1:b,2:c"),
        ("{{#each items as item}}{{#if @first}}[{{/if}}{{item}}{{/each}}]", "[abc]"),
        ("{{#each empty as item}}{{item}}{{else}}none{{/each}}", "none"),
        ("{{#each people as person}}{{person.name}} {{/each}}", "Al Bo "),
        // An inner loop's variables hide the outer's only while it runs; the outer's are then its own again.
        ("{{#each people as item}}{{#each items as item}}{{@index}}{{item}}{{/each}}|{{@index}}{{item.name}}{{#if @last}}.{{/if}} {{/each}}",
         "0a1b2c|0Al 0a1b2c|1Bo. "),
        ("a {{! a comment }}b{{!-- a }} comment --}} c", "a b c"),
        ("<ul>\n  {{~ name ~}}\n</ul>", "<ul>Ada</ul>"),
        ("{{#if flag~}}   x   {{~/if}}", "x"),
    ])
    func features(source: String, expected: String) {
        let context: [String: TemplateValue] = [
            "name": "Ada", "user": ["email": "ada@example.com"], "count": 3, "ratio": 0.5, "flag": true, "whole": 2.0,
            "items": ["a", "b", "c"], "empty": [], "people": [["name": "Al"], ["name": "Bo"]],
        ]
        #expect(render(source, context) == expected)
    }

    @Test func partialsTakeArgumentsAndSeeTheContext() {
        let partials = ["card": "<b>{{ title }}</b> for {{ user }}"]
        #expect(render("{{> card title=\"Hi\"}} {{#each xs as x}}{{> card title=x}}{{/each}}", ["user": "Ada", "xs": ["1", "2"]], partials: partials)
            == "<b>Hi</b> for Ada <b>1</b> for Ada<b>2</b> for Ada")
    }

    @Test func screensFillTheirLayoutsBlocks() throws {
        let set = try TemplateSet(templates: [
            "_layout/app": "<title>{{#block \"title\"}}App{{/block}}</title><main>{{#block \"content\"}}{{/block}}</main>",
            "login": "{{extends \"_layout/app\"}}\n{{#block \"content\"}}<h1>{{ heading }}</h1>{{/block}}\n",
            "bare": "{{extends \"_layout/app\"}}",
        ])
        #expect(try set.render("login", ["heading": "Login"]) == "<title>App</title><main><h1>Login</h1></main>")
        #expect(try set.render("bare", [:]) == "<title>App</title><main></main>")
        #expect(set.names == ["_layout/app", "bare", "login"])
    }

    /// The same screen in another frame (what a sheet stands over): its blocks, through the
    /// layouts it extends, inside another outermost layout; escaping stays that of the slots.
    @Test func aScreensBlocksRenderInAnotherFrame() throws {
        let set = try TemplateSet(templates: [
            "_layout/app": "<main>{{#block \"bar\"}}{{/block}}{{#block \"content\"}}{{/block}}</main>",
            "_layout/beneath": "<div class=\"beneath\">{{#block \"content\"}}{{/block}}</div>",
            "_layout/quoted": "<textarea>{{#block \"content\"}}{{/block}}</textarea>",
            "_layout/nested": "{{extends \"_layout/app\"}}",
            "section": "{{extends \"_layout/app\"}}{{#block \"content\"}}<section><h2>{{ heading }}</h2></section>{{/block}}",
            "list": "{{extends \"section\"}}{{#block \"bar\"}}<b>bar</b>{{/block}}",
        ])
        #expect(try set.render("list", ["heading": "<Books>"]) == "<main><b>bar</b><section><h2>&lt;Books&gt;</h2></section></main>")
        #expect(String(decoding: try set.renderBytes("list", in: "_layout/beneath", ["heading": "<Books>"]), as: UTF8.self)
            == "<div class=\"beneath\"><section><h2>&lt;Books&gt;</h2></section></div>", "a block the frame has no slot for is left out")
        #expect(throws: TemplateError.self, "markup made for text is never written into a <textarea>") {
            try set.renderBytes("list", in: "_layout/quoted", ["heading": "</textarea><script>"])
        }
        #expect(throws: TemplateError.self) { try set.renderBytes("list", in: "_layout/nested", [:]) }
        #expect(throws: TemplateError.self) { try set.renderBytes("list", in: "_layout/none", [:]) }
    }

    @Test func helpersReturnTextOrTrustedHTML() {
        let helpers: [String: Helper] = [
            "shout": { arguments in .string((arguments.positional.first.flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "").uppercased() + "!") },
            "csrf": { arguments in .html(SafeHTML(trusted: "<input type=\"hidden\" name=\"csrf\" value=\"\(arguments["token"].map { "\($0)" } ?? "")\">")) },
            "plural": { arguments in
                guard case .int(let count)? = arguments.positional.first else { return "" }
                return .string(count == 1 ? "1 item" : "\(count) items")
            },
        ]
        #expect(render("{{ shout name }}", ["name": "<hi>"], helpers: helpers) == "&lt;HI&gt;!")
        #expect(render("{{ csrf token=\"x\" }}", helpers: helpers)?.hasPrefix("<input type=\"hidden\"") == true)
        #expect(render("<p title=\"{{ csrf token=1 }}\">", helpers: helpers)?.hasPrefix("<p title=\"&lt;input") == true)
        #expect(render("{{ plural n }}", ["n": 3], helpers: helpers) == "3 items")
    }

    @Test func missingValuesAreEmptyUnlessStrict() throws {
        #expect(render("[{{ nothing.here }}]", strict: false) == "[]")
        let set = try TemplateSet(templates: ["p": "line one\n  {{ nothing }}"], options: TemplateOptions(strict: true))
        #expect(throws: TemplateError(template: "p", line: 2, column: 3, message: "no value for 'nothing'; pass it in the context")) {
            try set.render("p", [:])
        }
    }

    @Test func renderErrorsSayWhereAndWhat() throws {
        struct Broken: Error {}
        let set = try TemplateSet(templates: [
            "loop": "{{#each name as x}}{{x}}{{/each}}",
            "record": "{{ user }}",
            "helper": "\n{{ fail }}",
        ], helpers: ["fail": { _ in throw Broken() }])
        #expect(throws: TemplateError(template: "loop", line: 1, column: 1, message: "{{#each}} needs a list, but 'name' is a single value")) {
            try set.render("loop", ["name": "Ada"])
        }
        #expect(throws: TemplateError(template: "record", line: 1, column: 1, message: "cannot write a record as text; write one of its members")) {
            try set.render("record", ["user": ["name": "Ada"]])
        }
        #expect(throws: TemplateError(template: "helper", line: 2, column: 1, message: "helper 'fail' failed: Broken()")) {
            try set.render("helper", [:])
        }
        #expect(throws: TemplateError.self) { try set.render("nowhere", [:]) }
    }

    @Test func truthiness() {
        let falsy: [TemplateValue] = [.null, false, 0, 0.0, "", [], [:], .html(SafeHTML(trusted: ""))]
        let truthy: [TemplateValue] = [true, 1, -1, 0.1, "x", [0], ["a": 0], .url(SafeURL(trusted: "/"))]
        #expect(falsy.allSatisfy { !$0.isTruthy })
        #expect(truthy.allSatisfy { $0.isTruthy })
    }
}
