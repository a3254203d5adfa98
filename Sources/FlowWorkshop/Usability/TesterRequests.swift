import FlowDefinition
import FlowPages
import FlowStore
import HTMLTemplate
import HTTPServer
import Navigation

/// What a tester of a usability test goes through, from the test's one link (`/_test/<id>`):
/// consent (with the optional question about assistive technology), then each mission's brief
/// and the app at the mission's start state, with the mission's region on every page ("I'm
/// done", "Give up", "Restart this mission"), then the test's questions and thanks. Consenting
/// starts a session of the tester's own, whatever the browser had; a tester can withdraw at any
/// point, which deletes all they gave. Every post goes through the app's post spine.
struct TesterRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// The longest free answer kept, in characters.
    static let answerLimit = 2_000

    /// The consent page, or — for this test's tester — where they are in it.
    func consentPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let test = try self.test(request)
        let unit = try services.openSession(request, now: services.clock.now())
        if let mark = UsabilityMark(in: unit.state), mark.test == test.id { return unit.finish(.redirect(to: place(of: mark, in: test)), request: request) }
        try takesTesters(test)
        // Nothing to withdraw yet.
        var values = pageValues(test, unit: unit).filter { $0.key != "withdraw" }
        values["intro"] = .string(test.intro)
        values["missions"] = .string(String(test.missions.count))
        values["consent"] = .string(url(.test, test))
        values["assistiveTechnology"] = test.questions.contains(.assistiveTechnology)
            ? .array(AssistiveTechnology.allCases.map { ["value": .string($0.rawValue), "label": .string($0.label)] }) : .null
        return unit.finish(try services.renderer.page("_layout/tester-consent", title: test.name, values: values), request: request)
    }

    /// Consent given: a session of the tester's own, known to the test by a token of their own,
    /// on the first mission's brief.
    func consent(_ request: HTTPRequest) throws -> HTTPResponse {
        let test = try self.test(request)
        return try PostSpine(services: services).handle(request) { post in
            try takesTesters(test)
            let technology = try post.form["assistive-technology"].flatMap { value -> AssistiveTechnology? in
                guard !value.isEmpty else { return nil }
                guard let technology = AssistiveTechnology(rawValue: value) else {
                    throw HTTPError(.unprocessableContent, "Choose one of the answers listed about assistive technology, or none.")
                }
                return technology
            }
            post.unit = try services.freshSession(post.request, now: post.now)
            let (token, now, app) = (Secret.token(), post.now, app)
            return .finishing(.work { transaction in
                let tester = try transaction.usability.join(app: app.app.id, test: test.id, token: token, now: now)
                if let technology { try transaction.usability.answer(AssistiveTechnology.question, with: technology.rawValue, tester: tester.id) }
                var state = app.navigator.initialState
                UsabilityMark.set(UsabilityMark(token: token, test: test.id, mission: 0, missions: test.missions.count), in: &state)
                return (state, [], .direct)
            }, { unit, _ in unit.finish(.redirect(to: url(.testMission, test)), request: request) })
        }
    }

    /// The brief of the tester's mission, before they start it.
    func brief(_ request: HTTPRequest) throws -> HTTPResponse {
        let test = try self.test(request)
        let unit = try services.openSession(request, now: services.clock.now())
        guard let mark = testerMark(unit, test) else { return .redirect(to: url(.test, test)) }
        guard mark.attempt == nil, test.missions.indices.contains(mark.mission) else { return unit.finish(.redirect(to: place(of: mark, in: test)), request: request) }
        var values = pageValues(test, unit: unit)
        values["heading"] = .string("Mission \(mark.mission + 1) of \(test.missions.count)")
        values["task"] = .string(test.missions[mark.mission].task)
        values["begin"] = .string(url(.testBegin, test))
        return unit.finish(try services.renderer.page("_layout/tester-brief", title: "Mission \(mark.mission + 1) – \(test.name)", values: values),
                           request: request)
    }

    /// The mission begun: a try, and the app at the mission's start state.
    func begin(_ request: HTTPRequest) throws -> HTTPResponse {
        try testerPost(request) { post, test, mark in
            guard mark.attempt == nil, test.missions.indices.contains(mark.mission) else { return .respond(.redirect(to: place(of: mark, in: test))) }
            return try starting(test.missions[mark.mission], mark: mark, ending: nil, post: post)
        }
    }

    /// "Restart this mission": the try ends as restarted and another begins at the start state.
    func restart(_ request: HTTPRequest) throws -> HTTPResponse {
        try testerPost(request) { post, test, mark in
            guard let attempt = mark.attempt else { return .respond(.redirect(to: place(of: mark, in: test))) }
            return try starting(test.missions[mark.mission], mark: mark, ending: attempt, post: post)
        }
    }

    /// "I'm done" or "Give up": the try ends so, and the tester goes on to the next mission's brief.
    func end(_ request: HTTPRequest, as ending: StoredMissionAttempt.Ending) throws -> HTTPResponse {
        try testerPost(request) { post, test, mark in
            guard let attempt = mark.attempt else { return .respond(.redirect(to: place(of: mark, in: test))) }
            let (state, now) = (post.unit.state, post.now)
            let next = UsabilityMark(token: mark.token, test: mark.test, mission: mark.mission + 1, missions: mark.missions)
            return .finishing(.work { transaction in
                _ = try transaction.usability.end(attempt: attempt, as: ending, at: now)
                var left = state
                UsabilityMark.set(next, in: &left)
                return (left, [], .direct)
            }, { unit, _ in unit.finish(.redirect(to: place(of: next, in: test)), request: post.request) })
        }
    }

    /// A try begun at `mission`'s start state, after ending try `ending` as restarted.
    private func starting(_ mission: UsabilityTest.Mission, mark: UsabilityMark, ending: Int64?, post: PostSpine.Checked) throws -> PostAnswer {
        guard let start = try AuditInventory.of(services).state(mission.start), let recipe = start.recipe else {
            throw HTTPError(.serviceUnavailable, "This mission cannot start: its first screen is no longer in \(app.app.title). The team has been told; try again later.")
        }
        let replay = try AuditReplay(services, sessionID: post.unit.id, dataKey: post.unit.dataKey, clientAddress: post.request.clientAddress, now: post.now)
        let prepared = try replay.prepare(recipe)
        let (now, tester) = (post.now, mark)
        return .work { transaction in
            if let ending { _ = try transaction.usability.end(attempt: ending, as: .restarted, at: now) }
            guard let stored = try transaction.usability.tester(token: tester.token),
                  var opened = try replay.state(recipe, prepared: prepared, in: transaction) else {
                throw HTTPError(.conflict, "This mission could not start; reload the page and try again.")
            }
            let attempt = try transaction.usability.begin(mission: mission.id, tester: stored.id, now: now)
            UsabilityMark.set(UsabilityMark(token: tester.token, test: tester.test, mission: tester.mission, attempt: attempt, missions: tester.missions,
                                            task: mission.task), in: &opened)
            return (opened, [], .deepLink)
        }
    }

    /// Checks a tester's post of `test` and decides it with `decide`; a post from a session that
    /// is not this test's tester goes to the test's link.
    private func testerPost(_ request: HTTPRequest, _ decide: (PostSpine.Checked, UsabilityTest, UsabilityMark) throws -> PostAnswer) throws -> HTTPResponse {
        let test = try self.test(request)
        return try PostSpine(services: services).handle(request) { post in
            guard let mark = testerMark(post.unit, test) else { return .respond(.redirect(to: url(.test, test))) }
            guard try services.store.read({ try $0.usability.status(app: app.app.id, test: test.id) }) != .closed else { throw Self.closed }
            return try decide(post, test, mark)
        }
    }

    /// Where a tester is in `test`: a mission's brief, the app during a try, or the questions.
    func place(of mark: UsabilityMark, in test: UsabilityTest) -> String {
        if mark.attempt != nil { return app.urls.prefix + "/" }
        return test.missions.indices.contains(mark.mission) ? url(.testMission, test) : url(.testQuestions, test)
    }

    /// `unit`'s place in `test`, when it is this test's tester's session.
    func testerMark(_ unit: SessionUnit, _ test: UsabilityTest) -> UsabilityMark? {
        UsabilityMark(in: unit.state).flatMap { $0.test == test.id ? $0 : nil }
    }

    /// The test the request's address names, or a clear 404; one whose screens the app no longer
    /// has is paused for testers.
    func test(_ request: HTTPRequest) throws -> UsabilityTest {
        guard let entry = try UsabilityCatalog(services).entry(request.parameters["test"]) else {
            throw HTTPError(.notFound, "There is no test at this address. Check the link you were sent; it may have been mistyped.")
        }
        guard let test = entry.test, entry.problems.isEmpty else { throw Self.paused }
        return test
    }

    /// Refuses a new tester when the team paused or closed the test.
    private func takesTesters(_ test: UsabilityTest) throws {
        switch try services.store.read({ try $0.usability.status(app: app.app.id, test: test.id) }) {
        case .open: return
        case .paused: throw Self.paused
        case .closed: throw Self.closed
        }
    }

    static let paused = HTTPError(.serviceUnavailable, "This test is paused for now. Try the link again later.")
    static let closed = HTTPError(.gone, "This test has closed and takes no more answers. Thank you for your interest.")

    /// What every tester page reads: the test's name, the session's form token, the withdraw post.
    func pageValues(_ test: UsabilityTest, unit: SessionUnit) -> [String: TemplateValue] {
        ["test": .string(test.name), "csrf": .string(unit.csrfToken), "withdraw": .string(url(.testWithdraw, test))]
    }

    /// The address of `path` for `test`.
    func url(_ path: ReservedPath, _ test: UsabilityTest) -> String {
        app.urls.prefix + path.path(test.id)
    }
}
