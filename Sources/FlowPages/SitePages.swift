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
        apps = .array(served.map { app in
            let links = app.schemes.map { "\($0)://" } + app.hosts.map { "https://\($0)" }
            let screens = app.navigation.routes.count
            let summary = "\(screens) screen\(screens == 1 ? "" : "s")" + (links.isEmpty ? "" : "; opens " + links.joined(separator: " and ") + " links")
            return ["url": .string("/\(app.id)/"), "title": .string(app.title), "summary": .string(summary)]
        })
        templates = try TemplateSet(templates: ["index": Self.index, "unattributed": Self.unattributed, "error": Self.error])
        index = PageRenderer.html(try templates.renderBytes("index", ["apps": apps]))
    }

    /// 404 for `/_open?url=…` with a link no app served here opens: what happened, and the apps
    /// whose own openers show it as an invalid link in their look.
    func unattributedLink(_ link: String) -> HTTPResponse {
        let context: [String: TemplateValue] = ["apps": apps, "link": .string(link)]
        guard let body = try? templates.renderBytes("unattributed", context) else { return .text("No app here opens this link.\n", status: .notFound) }
        return PageRenderer.html(body, status: .notFound)
    }

    /// An error outside any app (no such page, a wrong method) as a page of the site.
    func errorPage(_ error: HTTPError) -> HTTPResponse {
        let context: [String: TemplateValue] = ["apps": apps, "title": .string(error.status.reason), "message": .string(error.message)]
        guard let body = try? templates.renderBytes("error", context) else { return .text(error.message + "\n", status: error.status) }
        var response = PageRenderer.html(body, status: error.status)
        for field in error.headers { response.headers.add(field.name, field.value) }
        return response
    }

    private static let head = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        """

    private static let index = head + """
        <title>FlowPages</title><link rel="stylesheet" href="/flowpages.css"></head>
        <body><a class="skip-link" href="#main">Skip to Main Content</a><main id="main" class="index" tabindex="-1">
        <h1>FlowPages</h1>
        <p>Apps to walk in the browser, screen by screen, with links and forms only.</p>
        {{#each apps as app}}{{#if @first}}<ul class="apps">{{/if}}<li><a href="{{ app.url }}">{{ app.title }}</a><span class="summary">{{ app.summary }}</span></li>{{#if @last}}</ul>{{/if}}{{else}}<p>No app folders are served yet: add one under Views/ (see Views/README.md).</p>{{/each}}
        </main></body>
        </html>
        """

    private static let unattributed = head + """
        <title>Link not recognised – FlowPages</title><link rel="stylesheet" href="/flowpages.css"></head>
        <body><a class="skip-link" href="#main">Skip to Main Content</a><main id="main" class="index" tabindex="-1">
        <h1>Link not recognised</h1>
        <p>{{#if link}}No app served here opens <code>{{ link }}</code>.{{else}}Pass the link to open as <code>?url=</code>.{{/if}}</p>
        {{#each apps as app}}{{#if @first}}<p>Open an app instead:</p><ul class="apps">{{/if}}<li><a href="{{ app.url }}">{{ app.title }}</a></li>{{#if @last}}</ul>{{/if}}{{else}}<p>No app folders are served yet.</p>{{/each}}
        </main></body>
        </html>
        """

    private static let error = head + """
        <title>{{ title }} – FlowPages</title><link rel="stylesheet" href="/flowpages.css"></head>
        <body><a class="skip-link" href="#main">Skip to Main Content</a><main id="main" class="index" tabindex="-1">
        <h1>{{ title }}</h1>
        <p>{{ message }}</p>
        <p><a href="/">See every app served here</a></p>
        </main></body>
        </html>
        """
}
