import FlowDefinition
import Foundation
import HTMLTemplate
import HTTPServer

/// The pages of the site itself, outside any app: the index of apps at `/`, and the answer of
/// the shared link opener to a link no served app claims.
struct SitePages: Sendable {
    /// The page at `/`: every app with its entry link.
    let index: HTTPResponse
    private let templates: TemplateSet
    private let apps: TemplateValue

    /// The app folders that cannot be served, by folder name, with their problems.
    private let broken: [String: [FolderProblem]]

    /// - Parameter broken: App folders that cannot be served, which the index marks and
    ///   ``brokenApp(_:)`` explains; empty where nobody authoring them is looking.
    init(apps served: [AppDefinition], broken: [String: [FolderProblem]] = [:]) throws {
        self.broken = broken
        var entries: [(String, TemplateValue)] = served.map { app in
            let links = app.schemes.map { "\($0)://" } + app.hosts.map { "https://\($0)" }
            let screens = app.navigation.routes.count
            let summary = "\(screens) screen\(screens == 1 ? "" : "s")" + (links.isEmpty ? "" : "; opens " + links.joined(separator: " and ") + " links")
            return (app.id, ["url": .string("/\(app.id)/"), "title": .string(app.title), "summary": .string(summary)])
        }
        for (folder, problems) in broken {
            let summary = "cannot be shown: \(Wording.counted(problems.count, "problem")) in its folder"
            entries.append((folder, ["url": .string("/\(folder)/"), "title": .string(folder), "summary": .string(summary), "broken": true]))
        }
        apps = .array(entries.sorted { $0.0 < $1.0 }.map(\.1))
        templates = try TemplateSet(templates: ["index": Self.index, "unattributed": Self.unattributed, "error": Self.error, "broken": Self.brokenPage])
        index = PageRenderer.html(try templates.renderBytes("index", ["apps": apps]))
    }

    /// 500 for every request to an app folder that cannot be served: each problem at its file
    /// and line, with the lines around it quoted, so the person editing it sees what to fix
    /// where they are looking; the server reads the folder again once a file changes.
    func brokenApp(_ folder: String) -> HTTPResponse {
        let problems = broken[folder] ?? []
        let context: [String: TemplateValue] = [
            "app": .string(folder), "count": .string(Wording.counted(problems.count, "problem")), "them": .string(problems.count == 1 ? "it" : "them"),
            "problems": .array(problems.map { problem in
                ["location": .string(problem.location + ":"), "message": .string(problem.message),
                 "quote": .array(Self.quote(problem).map { ["number": .int($0.number), "text": .string($0.text), "isProblem": .bool($0.number == problem.line)] })]
            }),
        ]
        guard let body = try? templates.renderBytes("broken", context) else { return .text("\(folder) cannot be shown.\n", status: .internalServerError) }
        return PageRenderer.html(body, status: .internalServerError)
    }

    /// The problem's line of its file and one on either side, as they read.
    private static func quote(_ problem: FolderProblem) -> [(number: Int, text: String)] {
        guard problem.line > 0, let source = try? String(contentsOfFile: problem.file, encoding: .utf8) else { return [] }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard problem.line <= lines.count else { return [] }
        return (max(1, problem.line - 1)...min(lines.count, problem.line + 1)).map { number in
            (number, String(lines[number - 1].prefix(240)).replacingOccurrences(of: "\r", with: ""))
        }
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
        {{#each apps as app}}{{#if @first}}<ul class="apps">{{/if}}<li{{#if app.broken}} class="broken"{{/if}}><a href="{{ app.url }}">{{ app.title }}</a><span class="summary">{{ app.summary }}</span></li>{{#if @last}}</ul>{{/if}}{{else}}<p>No app folders are served yet: add one under Views/ (see Views/README.md).</p>{{/each}}
        </main></body>
        </html>
        """

    private static let brokenPage = head + """
        <title>Error: {{ app }} cannot be shown – FlowPages</title><link rel="stylesheet" href="/flowpages.css"></head>
        <body><a class="skip-link" href="#main">Skip to Main Content</a><main id="main" class="index" tabindex="-1">
        <h1>{{ app }} cannot be shown</h1>
        <p>Its folder has {{ count }}. Fix {{ them }}, then reload this page: a server watching the views folder (<code>--watch</code>, on while prototyping) reads it again; any other needs a restart.</p>
        <ol class="problems">{{#each problems as problem}}<li><p><code>{{ problem.location }}</code> {{ problem.message }}</p>{{#each problem.quote as line}}{{#if @first}}<pre class="source">{{/if}}{{#if line.isProblem}}<mark><span class="line-number">{{ line.number }}</span>{{ line.text }}</mark>{{else}}<span class="line-number">{{ line.number }}</span>{{ line.text }}{{/if}}
        {{#if @last}}</pre>{{/if}}{{/each}}</li>{{/each}}</ol>
        <p><a href="/">See every app served here</a></p>
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
