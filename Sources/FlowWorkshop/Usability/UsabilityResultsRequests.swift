import FlowDefinition
import FlowPages
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer
import Navigation

/// A team's usability tests (`/_usability`): each test's link to send, its status (pause,
/// resume, close) and its results — per mission the outcomes, times, off-path steps, Backs,
/// restarts and the ways testers went; each tester's way with times; the usability scale; all
/// filterable by the answer about assistive technology, and as CSV.
struct UsabilityResultsRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// Every test of the app, declared or made in the browser, with its link, status, tester
    /// count and what stops it; and the form that makes a new one.
    func tests(_ request: HTTPRequest) throws -> HTTPResponse {
        let unit = try services.openSession(request, now: services.clock.now())
        let inventory = try AuditInventory.of(services)
        let tests: [TemplateValue] = try UsabilityCatalog(services).entries.map { entry in
            let (status, testers) = try services.store.read { reads in
                (try reads.usability.status(app: app.app.id, test: entry.id), try reads.usability.testers(app: app.app.id, test: entry.id).count)
            }
            let path = { (reserved: ReservedPath) in TemplateValue.string(app.urls.prefix + reserved.path(entry.id)) }
            let unopenable = entry.test?.missions.filter { inventory.state($0.start)?.recipe == nil }.map { "mission “\($0.task)” starts in '\($0.start)', which the app cannot open" } ?? []
            let problems = entry.problems + unopenable
            return ["name": .string(entry.test?.name ?? entry.id), "link": path(.test), "results": path(.usabilityResults),
                    "edit": entry.isMade ? path(.usabilityEdit) : .null,
                    "status": .string(status.rawValue), "testers": .int(testers), "setStatus": path(.usabilityStatus),
                    "isOpen": .bool(status == .open), "isPaused": .bool(status == .paused), "isClosed": .bool(status == .closed),
                    "missions": .int(entry.test?.missions.count ?? 0), "problems": problems.isEmpty ? .null : .array(problems.map { .string($0) })]
        }
        return unit.finish(try services.renderer.page("_layout/usability", title: "Usability tests", values: [
            "tests": .array(tests), "csrf": .string(unit.csrfToken), "create": .string(app.urls.prefix + ReservedPath.usability.path),
        ], for: PageRenderer.session(of: unit)), request: request)
    }

    /// Pauses, resumes or closes a test.
    func setStatus(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let test = try UsabilityCatalog(services).entry(request.parameters["test"]) else {
            throw HTTPError(.notFound, "\(app.app.title) has no usability test '\(request.parameters["test"] ?? "")'; /_usability lists them.")
        }
        return try PostSpine(services: services).handle(request) { post in
            guard let status = post.form["status"].flatMap(UsabilityTestStatus.init) else {
                throw HTTPError(.unprocessableContent, "Choose to open, pause or close the test.")
            }
            let (app, now) = (app.app.id, post.now)
            return .write { transaction in
                try transaction.usability.setStatus(status, app: app, test: test.id, now: now)
                return .redirect(to: self.app.urls.prefix + ReservedPath.usability.path)
            }
        }
    }

    /// A test's results, of every tester or of those who gave one answer about assistive
    /// technology; with `?tester=`, one tester's way.
    func results(_ request: HTTPRequest) throws -> HTTPResponse {
        let unit = try services.openSession(request, now: services.clock.now())
        let ((test, definition), filter) = (try entry(request), try technology(request))
        if let tester = request.query("tester") {
            return try testerPage(tester, in: try self.results(of: test, technology: filter), unit: unit, request: request)
        }
        let (cache, key, now) = (UsabilityResultsCache.of(services), UsabilityResultsCache.Key(test: test.id, technology: filter), services.clock.now())
        let revision = try services.store.read { try $0.usability.revision(app: app.app.id, test: test.id) }
        if let body = cache.body(for: key, revision: revision, definition: definition, now: now) {
            return unit.finish(HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]), body: body),
                               request: request)
        }
        let results = try self.results(of: test, technology: filter)
        var values: [String: TemplateValue] = [
            "testers": .int(results.testers.count), "link": .string(url(.test, test)), "csv": .string(url(.usabilityCSV, test) + (filter.map { "?at=" + $0.rawValue } ?? "")),
            "filters": .array([["label": "Everyone", "url": .string(url(.usabilityResults, test)), "current": .bool(filter == nil)]] + AssistiveTechnology.allCases.map {
                ["label": .string($0.label), "url": .string(url(.usabilityResults, test) + "?at=" + $0.rawValue), "current": .bool(filter == $0)]
            }),
            "filter": .string(filter?.label ?? "Everyone"),
            "missions": .array(results.missions.enumerated().map { missionValue($1, position: $0 + 1) }),
            "people": .array(results.testers.map { tester in
                ["id": .int(Int(tester.tester.id)), "technology": .string(tester.technology?.label ?? "Not said"),
                 "score": tester.score.map { .string(Self.number($0)) } ?? .null, "way": .string(url(.usabilityResults, test) + "?tester=\(tester.tester.id)"),
                 "outcomes": .array(test.missions.map { .string(tester.missions[$0.id]?.result.outcome.label ?? "Not begun") })]
            }),
            "missionNames": .array(test.missions.indices.map { .string("Mission \($0 + 1)") }),
        ]
        values["sus"] = results.scores.isEmpty ? .null : [
            "count": .int(results.scores.count), "median": .string(Self.number(UsabilityResults.quantile(results.scores, 0.5) ?? 0)),
            "low": .string(Self.number(results.scores.first ?? 0)), "high": .string(Self.number(results.scores.last ?? 0)),
            "lowerQuartile": .string(Self.number(UsabilityResults.quantile(results.scores, 0.25) ?? 0)),
            "upperQuartile": .string(Self.number(UsabilityResults.quantile(results.scores, 0.75) ?? 0)),
        ]
        let page = try services.renderer.page("_layout/usability-results", title: "Results: \(test.name)", values: values,
                                              for: PageRenderer.session(of: unit))
        cache.keep(page.body, for: key, revision: revision, definition: definition, stableUntil: results.stableUntil)
        return unit.finish(page, request: request)
    }

    /// Testers × missions as CSV: per mission the outcome, seconds, off-path steps, Backs and
    /// restarts; then the scale's score and each other answer.
    func csv(_ request: HTTPRequest) throws -> HTTPResponse {
        let (test, filter) = (try self.test(request), try technology(request))
        let results = try self.results(of: test, technology: filter)
        let questions = TesterQuestions.asked(test).compactMap { question -> String? in
            if case .systemUsabilityScale = question { return nil }
            return question.id
        }
        var rows = [["tester", "joined", "assistive technology"]
            + test.missions.flatMap { ["\($0.id) outcome", "\($0.id) seconds", "\($0.id) off-path steps", "\($0.id) backs", "\($0.id) restarts"] }
            + ["sus score"] + questions]
        for tester in results.testers {
            var row = [String(tester.tester.id), Self.timestamp(tester.tester.joined), tester.technology?.rawValue ?? ""]
            for mission in test.missions {
                guard let tried = tester.missions[mission.id] else { row += ["", "", "", "", ""]; continue }
                row += [tried.result.outcome.rawValue, tried.result.milliseconds.map { Self.number(Double($0) / 1000) } ?? "",
                        String(tried.result.offPathSteps), String(tried.result.backs), String(tried.restarts)]
            }
            row.append(tester.score.map(Self.number) ?? "")
            row += questions.map { tester.answers[$0] ?? "" }
            rows.append(row)
        }
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "text/csv; charset=utf-8"), ("Cache-Control", "no-store"),
                                                       ("Content-Disposition", "attachment; filename=\"\(app.app.id)-\(test.id)-results.csv\"")]),
                            body: Array(CSV.text(rows).utf8))
    }

    private func results(of test: UsabilityTest, technology: AssistiveTechnology?) throws -> UsabilityResults {
        let now = services.clock.now()
        return try services.store.read { reads in
            UsabilityResults(test: test, testers: try reads.usability.testers(app: app.app.id, test: test.id),
                             attempts: try reads.usability.attempts(app: app.app.id, test: test.id),
                             answers: try reads.usability.answers(app: app.app.id, test: test.id), now: now, technology: technology)
        }
    }

    private func missionValue(_ mission: UsabilityResults.Mission, position: Int) -> TemplateValue {
        let count = { (outcome: MissionOutcome) in TemplateValue.int(mission.counts[outcome] ?? 0) }
        return [
            "position": .int(position), "task": .string(mission.mission.task), "testers": .int(mission.testers),
            "direct": count(.direct), "indirect": count(.indirect), "endedElsewhere": count(.endedElsewhere), "gaveUp": count(.gaveUp),
            "timedOut": count(.timedOut), "bounced": count(.bounced), "inProgress": count(.inProgress),
            "median": .string(UsabilityResults.quantile(mission.times, 0.5).map(Self.seconds) ?? "–"),
            "fastest": .string(mission.times.first.map(Self.seconds) ?? "–"), "slowest": .string(mission.times.last.map(Self.seconds) ?? "–"),
            "lowerQuartile": .string(UsabilityResults.quantile(mission.times, 0.25).map(Self.seconds) ?? "–"),
            "upperQuartile": .string(UsabilityResults.quantile(mission.times, 0.75).map(Self.seconds) ?? "–"),
            "offPath": .int(mission.offPathSteps), "backs": .int(mission.backs), "restarts": .int(mission.restarts),
            "edges": .array(mission.edges.map { ["from": .string(screen($0.from)), "to": .string(screen($0.to)), "testers": .int($0.testers)] }),
            "paths": .array(mission.paths.map { ["screens": .string($0.screens.map(screen).joined(separator: " → ")), "testers": .int($0.testers)] }),
            "map": mission.edges.isEmpty ? .null : .html(SafeHTML(trusted: FlowMapRenderer(map: map(of: mission), arrow: "arrow-\(position)").svg)),
        ]
    }

    /// The flow map with `mission`'s testers on it: each move as many as made it, each screen as
    /// many as saw it.
    private func map(of mission: UsabilityResults.Mission) -> FlowMap {
        var map = FlowMap(app: app.app, templates: app.templates, urls: app.urls)
        map.addTraffic(moves: mission.edges.map { EventCounts.Row(day: nil, subject: $0.from.rawValue, detail: $0.to.rawValue, count: $0.testers) },
                       views: mission.screens.map { EventCounts.Row(day: nil, subject: $0.key.rawValue, detail: "", count: $0.value) })
        return map
    }

    /// One tester's way through each mission, screen by screen with its time, each screen
    /// openable in the team's session as the audit opens a state.
    private func testerPage(_ id: String, in results: UsabilityResults, unit: SessionUnit, request: HTTPRequest) throws -> HTTPResponse {
        guard let tester = results.testers.first(where: { String($0.tester.id) == id }) else {
            throw HTTPError(.notFound, "No tester \(id) took this test (or they withdrew).")
        }
        let openable = Set(try AuditInventory.of(services).states.filter { $0.recipe != nil }.map(\.id))
        let tries: [TemplateValue] = results.test.missions.enumerated().compactMap { index, mission in
            guard let tried = tester.missions[mission.id] else { return nil }
            let steps: [TemplateValue] = tried.attempt.steps.map {
                let state = "screen:\($0.route.rawValue)"
                return ["screen": .string(screen($0.route)), "at": .string(Self.seconds($0.at - tried.attempt.started)), "back": .bool($0.isBack),
                        "state": openable.contains(state) ? .string(state) : .null]
            }
            return ["position": .int(index + 1), "task": .string(mission.task), "outcome": .string(tried.result.outcome.label), "restarts": .int(tried.restarts),
                    "steps": .array(steps)]
        }
        let values: [String: TemplateValue] = [
            "csrf": .string(unit.csrfToken), "open": .string(app.urls.prefix + ReservedPath.auditOpen.path),
            "results": .string(url(.usabilityResults, results.test)), "technology": .string(tester.technology?.label ?? "Not said"),
            "joined": .string(Self.timestamp(tester.tester.joined)), "score": tester.score.map { .string(Self.number($0)) } ?? .null, "tries": .array(tries),
            "answers": .array(TesterQuestions.asked(results.test).compactMap { question -> TemplateValue? in
                switch question {
                case .choice(let id, let text, _), .text(let id, let text): ["question": .string(text), "answer": .string(tester.answers[id] ?? "Not answered")]
                case .systemUsabilityScale, .assistiveTechnology: nil
                }
            }),
        ]
        return unit.finish(try services.renderer.page("_layout/usability-tester", title: "Tester \(tester.tester.id): \(results.test.name)", values: values,
                                                      for: PageRenderer.session(of: unit)), request: request)
    }

    /// A screen as the results name it: its title where it has a fixed one, else its route's name.
    private func screen(_ route: RouteName) -> String {
        guard let title = app.navigation.route(route)?.title, !title.isEmpty, !title.contains("{") else { return route.rawValue }
        return title
    }

    private func test(_ request: HTTPRequest) throws -> UsabilityTest {
        try entry(request).test
    }

    /// The test the address names, with the text it is kept or declared as.
    private func entry(_ request: HTTPRequest) throws -> (test: UsabilityTest, xml: String) {
        guard let entry = try UsabilityCatalog(services).entry(request.parameters["test"]) else {
            throw HTTPError(.notFound, "\(app.app.title) has no usability test '\(request.parameters["test"] ?? "")'; /_usability lists them.")
        }
        guard let test = entry.test else {
            throw HTTPError(.conflict, "The test '\(entry.id)' no longer fits \(app.app.title): \(entry.problems.joined(separator: "; ")). Edit it first.")
        }
        return (test, entry.xml)
    }

    private func technology(_ request: HTTPRequest) throws -> AssistiveTechnology? {
        guard let value = request.query("at"), !value.isEmpty else { return nil }
        guard let technology = AssistiveTechnology(rawValue: value) else {
            throw HTTPError(.badRequest, "'\(value)' is no answer about assistive technology; the results page links each.")
        }
        return technology
    }

    private func url(_ path: ReservedPath, _ test: UsabilityTest) -> String {
        app.urls.prefix + path.path(test.id)
    }

    static func seconds(_ milliseconds: Int64) -> String {
        number(Double(milliseconds) / 1000) + " s"
    }

    static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func timestamp(_ milliseconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
