import FlowDefinition
import Foundation
import HTMLTemplate
import HTTPServer
import SQLiteStore

/// FlowPages as a web application: every valid app folder mounted at `/<app-id>/`, an index of
/// them at `/`, `/_health`, and the public folder's files.
public struct WebApplication: Sendable {
    /// The apps served, by id.
    public let hosts: [String: AppHost]
    /// Problems that kept app folders from being served, as `file:line: message`.
    public let problems: [String]
    public let router: Router

    /// Loads the apps of `views`; a broken app folder is reported and left out, the others serve.
    public init(views: String, publicFolder: String, database: Database) throws {
        let (apps, folderProblems) = AppFolderLoader.loadAll(views: views)
        var problems = folderProblems.map(\.description)
        var hosts: [String: AppHost] = [:]
        for app in apps {
            do {
                let library = try TemplateLibrary.load(views: views) { $0.hasPrefix("_layout/") || $0.hasPrefix(app.id + "/") }
                hosts[app.id] = AppHost(app: app, templates: library.set, prefix: "/" + app.id, database: database)
            } catch {
                problems += error.lines
            }
        }
        self.hosts = hosts
        self.problems = problems
        var router = try Application.router(publicFolder: publicFolder)
        let index = try Self.indexPage(hosts.values.map(\.app).sorted { $0.id < $1.id })
        router.get("/") { _ in index }
        for (id, host) in hosts {
            router.mount("/\(id)/") { request in
                try host.respond(to: request, path: String(request.rawPath.dropFirst(id.count + 1)))
            }
            router.get("/\(id)") { _ in .redirect(to: "/\(id)/", status: .movedPermanently) }
        }
        self.router = router
    }

    /// The page at `/`: every app with its entry link.
    private static func indexPage(_ apps: [AppDefinition]) throws -> HTTPResponse {
        let template = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>FlowPages</title><link rel="stylesheet" href="/flowpages.css"></head>
            <body><main id="main">
            <h1>FlowPages</h1>
            {{#each apps as app}}{{#if @first}}<ul class="apps">{{/if}}<li><a href="{{ app.url }}">{{ app.title }}</a></li>{{#if @last}}</ul>{{/if}}{{else}}<p>No app folders are served yet: add one under Views/ (see Views/README.md).</p>{{/each}}
            </main></body>
            </html>
            """
        let set = try TemplateSet(templates: ["index": template])
        let body = try set.renderBytes("index", ["apps": .array(apps.map { ["url": .string("/\($0.id)/"), "title": .string($0.title)] })])
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]), body: body)
    }
}
