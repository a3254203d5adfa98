import FlowDefinition
import HTMLTemplate
import HTTPServer

/// The pages of the site itself, outside any app: the index of apps at `/`, and the answer of
/// the shared link opener to a link no served app claims.
struct SitePages: Sendable {
    /// The page at `/`: every app with its entry link.
    let index: HTTPResponse
    private let templates: TemplateSet
    private let apps: TemplateValue

    init(apps served: [AppDefinition]) throws {
        apps = .array(served.map { ["url": .string("/\($0.id)/"), "title": .string($0.title), "opener": .string("/\($0.id)/_open")] })
        templates = try TemplateSet(templates: ["index": Self.index, "unattributed": Self.unattributed])
        index = PageRenderer.html(try templates.renderBytes("index", ["apps": apps]))
    }

    /// 404 for `/_open?url=…` with a link no app served here opens: what happened, and the apps
    /// whose own openers show it as an invalid link in their look.
    func unattributedLink(_ link: String) -> HTTPResponse {
        let context: [String: TemplateValue] = ["apps": apps, "link": .string(link)]
        guard let body = try? templates.renderBytes("unattributed", context) else { return .text("No app here opens this link.\n", status: .notFound) }
        return PageRenderer.html(body, status: .notFound)
    }

    private static let head = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        """

    private static let index = head + """
        <title>FlowPages</title><link rel="stylesheet" href="/flowpages.css"></head>
        <body><main id="main" class="index">
        <h1>FlowPages</h1>
        {{#each apps as app}}{{#if @first}}<ul class="apps">{{/if}}<li><a href="{{ app.url }}">{{ app.title }}</a></li>{{#if @last}}</ul>{{/if}}{{else}}<p>No app folders are served yet: add one under Views/ (see Views/README.md).</p>{{/each}}
        </main></body>
        </html>
        """

    private static let unattributed = head + """
        <title>Link not recognised – FlowPages</title><link rel="stylesheet" href="/flowpages.css"></head>
        <body><main id="main" class="index">
        <h1>Link not recognised</h1>
        <p>{{#if link}}No app served here opens <code>{{ link }}</code>.{{else}}Pass the link to open as <code>?url=</code>.{{/if}}</p>
        {{#each apps as app}}{{#if @first}}<p>Open an app instead:</p><ul class="apps">{{/if}}<li><a href="{{ app.url }}">{{ app.title }}</a></li>{{#if @last}}</ul>{{/if}}{{else}}<p>No app folders are served yet.</p>{{/each}}
        </main></body>
        </html>
        """
}
