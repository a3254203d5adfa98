import FlowPages
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer
import Navigation

/// The prototype's flow map (`/<app>/_map`, with its traffic) and insights dashboard
/// (`/<app>/_insights`, each table also as CSV): pages for a team learning where people get
/// lost, drawn on the server, read from the daily counts.
struct InsightsPages {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// The days a request asks for (`?from=2026-11-01&to=2026-11-30`), by default the 30 days
    /// up to today (UTC).
    func days(_ request: HTTPRequest) throws -> (from: String, to: String) {
        let today = StoredEvent.day(of: services.clock.now())
        let (fromText, toText) = (request.query("from").flatMap { $0.isEmpty ? nil : $0 }, request.query("to").flatMap { $0.isEmpty ? nil : $0 })
        let to = try toText.map { text in
            guard let day = InsightsReport.day(text) else { throw HTTPError(.badRequest, "‘\(text)’ is not a date: write the last day as 2026-11-30.") }
            return day
        } ?? today
        let from = try fromText.map { text in
            guard let day = InsightsReport.day(text) else { throw HTTPError(.badRequest, "‘\(text)’ is not a date: write the first day as 2026-11-01.") }
            return day
        } ?? InsightsReport.day(29, before: to)
        guard from <= to else { throw HTTPError(.badRequest, "The first day, \(from), is after the last, \(to): swap them.") }
        return (from, to)
    }

    /// The map with the traffic of the days asked for.
    private func map(_ request: HTTPRequest) throws -> (FlowMap, (from: String, to: String)) {
        var map = FlowMap(app: app.app, templates: app.templates, urls: app.urls)
        let range = try days(request)
        let (moves, views) = try services.store.read { reads in
            (try reads.events.counts(app: app.app.id, metric: .moves, from: range.from, to: range.to, byDay: false),
             try reads.events.counts(app: app.app.id, metric: .views, from: range.from, to: range.to, byDay: false))
        }
        map.addTraffic(moves: moves, views: views)
        return (map, range)
    }

    /// `/_map`: the drawing, and the same graph as nested lists for a screen reader.
    func mapPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let (map, range) = try self.map(request)
        let renderer = FlowMapRenderer(map: map)
        func list(_ group: FlowMap.Group) -> TemplateValue {
            let screens: [TemplateValue] = group.routes.compactMap { route in
                guard let node = map.node(route) else { return nil }
                let ways: [TemplateValue] = map.edges.filter { $0.from == route }.map { edge in
                    ["to": .string(map.node(edge.to)?.name ?? edge.to.rawValue), "label": .string(edge.label),
                     "traffic": edge.count > 0 ? .string("\(Wording.counted(edge.count, "move")), \(Int((edge.share * 100).rounded())) % of those out of it") : .null]
                }
                let entries = map.edges.filter { $0.from == nil && $0.to == route }.map(\.kind)
                let enters: [TemplateValue] = entries.map { kind in
                    switch kind {
                    case .link: "a deep link"
                    case .tab: "the tab bar"
                    case .action: .null
                    }
                }
                return ["title": .string(node.name), "url": node.url.map { .string($0) } ?? .null, "guarded": .bool(node.requiresSignIn),
                        "views": map.hasTraffic ? .string(Wording.counted(node.views, "view")) : .null, "ways": .array(ways), "enters": .array(enters)]
            }
            return ["title": .string(group.title), "kind": .string(group.kind.rawValue), "screens": .array(screens),
                    "children": .array(group.children.map(list))]
        }
        return try services.renderer.page("_layout/map", title: "Flow map", values: [
            "wide": true, "svg": .html(SafeHTML(trusted: renderer.svg)), "tree": list(map.root),
            "from": .string(range.from), "to": .string(range.to), "counts": .int(map.edges.count),
            "files": ["svg": .string(app.urls.prefix + ReservedPath.mapSVG.path), "mermaid": .string(app.urls.prefix + ReservedPath.mapMermaid.path),
                      "dot": .string(app.urls.prefix + ReservedPath.mapDot.path)],
        ])
    }

    /// `/_map.svg`, `.mmd`, `.dot`: the map to keep or draw elsewhere.
    func mapFile(_ request: HTTPRequest, format: FlowMapExport.Format) throws -> HTTPResponse {
        let renderer = FlowMapRenderer(map: try map(request).0)
        let (body, type) = switch format {
        case .svg: ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + renderer.svg.replacingOccurrences(of: " aria-hidden=\"true\" focusable=\"false\"", with: ""),
                    "image/svg+xml")
        case .mermaid: (renderer.mermaid, "text/plain; charset=utf-8")
        case .dot: (renderer.dot, "text/vnd.graphviz; charset=utf-8")
        }
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", type), ("Cache-Control", "no-store"),
                                                       ("Content-Disposition", "inline; filename=\"\(app.app.id)-map.\(format == .mermaid ? "mmd" : format.rawValue)\"")]),
                            body: Array(body.utf8))
    }

    /// `/_insights`: the dashboard of the days asked for.
    func dashboard(_ request: HTTPRequest) throws -> HTTPResponse {
        let range = try days(request)
        let report = try InsightsReport(app: app.app, store: services.store, from: range.from, to: range.to)
        let query = "?from=\(range.from)&to=\(range.to)"
        let csv = { (table: String) in TemplateValue.string(app.urls.prefix + ReservedPath.insightsTable.path(table + ".csv") + query) }
        let screens: [TemplateValue] = report.screens.map { row in
            ["title": .string(row.title), "route": .string(row.route), "views": .int(row.views), "backs": .int(row.backs),
             "backRate": .string(Self.percent(row.backRate)), "median": .string(row.medianTime.map(Self.duration) ?? "–")]
        }
        let funnels: [TemplateValue] = report.funnels.map { funnel in
            ["name": .string(funnel.name), "steps": .array(funnel.steps.map { step in
                ["number": .int(step.number), "name": .string(step.name), "sessions": .int(step.sessions),
                 "dropOff": .string(step.dropOff.map(Self.percent) ?? "–")]
            }), "chart": .html(SafeHTML(trusted: BarChart(id: "funnel-\(funnel.name)", bars: funnel.steps.map { ("\($0.number). \($0.name)", $0.sessions) }).svg))]
        }
        let links: [TemplateValue] = report.links.map { row in
            ["pattern": .string(row.pattern), "opened": .int(row.opened), "succeeded": .int(row.succeeded), "failed": .int(row.failed),
             "fellBack": .int(row.fellBack)]
        }
        let banners: [TemplateValue] = report.banners.map { row in
            ["pattern": .string(row.pattern), "shown": .int(row.shown), "openedInApp": .int(row.openedInApp), "toStore": .int(row.toStore),
             "given": .int(row.given), "claimed": .int(row.claimed)]
        }
        let busiest = report.screens.filter { $0.views > 0 }.prefix(10)
        return try services.renderer.page("_layout/insights", title: "Insights", values: [
            "wide": true, "from": .string(range.from), "to": .string(range.to), "sessions": .int(report.sessions),
            "droppedEvents": .int(report.droppedEvents), "eventRates": .string(Self.eventRates(services.eventBudget.limits)),
            "days": .array(report.sessionsByDay.map { ["day": .string($0.day), "count": .int($0.count)] }),
            "sessionsChart": .html(SafeHTML(trusted: BarChart(id: "sessions", bars: report.sessionsByDay.map { ($0.day, $0.count) }).svg)),
            "screens": .array(screens), "funnels": .array(funnels), "links": .array(links), "banners": .array(banners),
            "viewsChart": .html(SafeHTML(trusted: BarChart(id: "views", bars: busiest.map { ($0.title, $0.views) }).svg)),
            "csv": ["sessions": csv("sessions"), "screens": csv("screens"), "funnels": csv("funnels"), "links": csv("links"), "banners": csv("banners")],
            "map": .string(app.urls.prefix + ReservedPath.map.path + query),
        ])
    }

    /// `/_insights/{table}.csv`: one of the dashboard's tables, for a spreadsheet.
    func table(_ request: HTTPRequest, name: String?) throws -> HTTPResponse {
        let range = try days(request)
        let report = try InsightsReport(app: app.app, store: services.store, from: range.from, to: range.to)
        let rows: [[String]]
        switch name {
        case "sessions.csv":
            rows = [["day", "sessions"]] + report.sessionsByDay.map { [$0.day, String($0.count)] }
        case "screens.csv":
            rows = [["screen", "title", "views", "back presses", "back presses per view", "median seconds on screen"]]
                + report.screens.map { [$0.route, $0.title, String($0.views), String($0.backs), String(format: "%.3f", $0.backRate),
                                        $0.medianTime.map { String(format: "%.1f", $0 / 1000) } ?? ""] }
        case "funnels.csv":
            rows = [["funnel", "step", "name", "sessions", "drop-off"]] + report.funnels.flatMap { funnel in
                funnel.steps.map { [funnel.name, String($0.number), $0.name, String($0.sessions), $0.dropOff.map { String(format: "%.3f", $0) } ?? ""] }
            }
        case "links.csv":
            rows = [["link pattern", "opened", "succeeded", "failed", "fell back"]]
                + report.links.map { [$0.pattern, String($0.opened), String($0.succeeded), String($0.failed), String($0.fellBack)] }
        case "banners.csv":
            rows = [["link pattern", "banner shown", "opened in the app", "to a store", "code given", "code claimed"]]
                + report.banners.map { [$0.pattern, String($0.shown), String($0.openedInApp), String($0.toStore), String($0.given), String($0.claimed)] }
        default:
            throw HTTPError(.notFound, "There is no table \(name ?? "") here; the tables are sessions, screens, funnels, links and banners.")
        }
        let file = "\(app.app.id)-\((name ?? "").dropLast(4))-\(range.from)-\(range.to).csv"
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "text/csv; charset=utf-8"), ("Cache-Control", "no-store"),
                                                       ("Content-Disposition", "attachment; filename=\"\(file)\"")]),
                            body: Array(CSV.text(rows).utf8))
    }

    /// The rates events are recorded at, as the insights say them.
    static func eventRates(_ limits: EventBudget.Limits) -> String {
        "\(limits.perSession.formatted()) a minute a session or \(limits.perAddress.formatted()) a minute an address"
    }

    static func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded())) %"
    }

    /// `0.8 s`, `12 s`, `3 min 5 s`.
    static func duration(_ milliseconds: Double) -> String {
        let seconds = milliseconds / 1000
        if seconds < 10 { return String(format: "%.1f s", seconds) }
        if seconds < 60 { return "\(Int(seconds.rounded())) s" }
        let whole = Int(seconds.rounded())
        return "\(whole / 60) min \(whole % 60) s"
    }
}
