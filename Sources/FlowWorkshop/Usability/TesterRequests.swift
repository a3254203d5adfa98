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
/// starts a session of the tester's own, whatever the browser had. Every post goes through the
/// app's post spine. Missions are followed by id, so a test edited while a tester is in it
/// moves them on to the next mission they have not done, never past the end of the list.
struct TesterRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// The longest free answer kept, in characters.
    static let answerLimit = 2_000

    /// The consent page, or — for this test's tester — where they are in it.
    func consentPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try self.entry(request)
        let unit = try services.openSession(request, now: services.clock.now())
        if let mark = try liveMark(unit, entry) { return try place(of: mark, unit: unit, request: request) }
        let test = try takeable(entry)
        try takesTesters(test)
        // Nothing to withdraw yet.
        var values = pageValues(test, unit: unit).filter { $0.key != "withdraw" }
        values["intro"] = .string(test.intro)
        values["missions"] = .string(String(test.missions.count))
        values["consent"] = .string(url(.test, test.id))
        values["assistiveTechnology"] = test.questions.contains(.assistiveTechnology)
            ? .array(AssistiveTechnology.allCases.map { ["value": .string($0.rawValue), "label": .string($0.label)] }) : .null
        return unit.finish(try services.renderer.page("_layout/tester-consent", title: test.name, values: values), request: request)
    }

    /// Consent given: a session of the tester's own, known to the test by a token of their own,
    /// on the first mission's brief.
    func consent(_ request: HTTPRequest) throws -> HTTPResponse {
        let test = try takeable(try entry(request))
        return try PostSpine(services: services).handle(request) { post in
            try takesTesters(test)
            let technology = try post.form["assistive-technology"].flatMap { value -> AssistiveTechnology? in
                guard !value.isEmpty else { return nil }
                guard let technology = AssistiveTechnology(rawValue: value) else {
                    throw HTTPError(.unprocessableContent, "Choose one of the answers listed about assistive technology, or none.")
                }
                return technology
            }
            do {
                try services.store.countAttempt([AttemptKey(.testersPerAddress, app: app.app.id, post.request.clientAddress)], now: post.now)
            } catch let tooSoon as TooManyAttempts {
                throw HTTPError(.tooManyRequests, "Many testers have started from this address; try again \(tooSoon.whenText).",
                                headers: HTTPHeaders([("Retry-After", tooSoon.retryAfter)]))
            }
            post.unit = try services.freshSession(post.request, now: post.now)
            let (token, now, app) = (Secret.token(), post.now, app)
            let first = Self.next(after: [], in: test, token: token)
            return .finishing(.work { transaction in
                let tester = try Self.refusing { try transaction.usability.join(app: app.app.id, test: test.id, token: token, now: now) }
                if let technology { try transaction.usability.answer(AssistiveTechnology.question, with: technology.rawValue, tester: tester.id) }
                var state = app.navigator.initialState
                UsabilityMark.set(first, in: &state)
                return (state, [], .direct)
            }, { unit, _ in unit.finish(.redirect(to: url(.testMission, test.id)), request: request) })
        }
    }

    /// The brief of the tester's mission, before they start it.
    func brief(_ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try self.entry(request)
        let unit = try services.openSession(request, now: services.clock.now())
        guard let mark = try liveMark(unit, entry) else { return .redirect(to: url(.test, entry.id)) }
        let test = try takeable(entry)
        guard mark.attempt == nil, case .mission(let id) = mark.place, let (number, mission) = Self.mission(id, in: test) else {
            return try place(of: mark, unit: unit, request: request)
        }
        var values = pageValues(test, unit: unit)
        values["heading"] = .string("Mission \(number) of \(test.missions.count)")
        values["task"] = .string(mission.task)
        values["begin"] = .string(url(.testBegin, test.id))
        return unit.finish(try services.renderer.page("_layout/tester-brief", title: "Mission \(number) – \(test.name)", values: values),
                           request: request)
    }

    /// The mission begun: a try, and the app at the mission's start state.
    func begin(_ request: HTTPRequest) throws -> HTTPResponse {
        try testerPost(request) { post, test, mark in
            guard mark.attempt == nil, case .mission(let id) = mark.place, let (number, mission) = Self.mission(id, in: test) else {
                return .respond(try place(of: Self.next(after: mark.done, in: test, token: mark.token), unit: post.unit, request: post.request))
            }
            return try starting(mission, number: number, of: test, mark: mark, ending: nil, post: post)
        }
    }

    /// "Restart this mission": the try ends as restarted and another begins at the start state.
    func restart(_ request: HTTPRequest) throws -> HTTPResponse {
        try testerPost(request) { post, test, mark in
            guard let attempt = mark.attempt else { return .respond(try place(of: mark, unit: post.unit, request: post.request)) }
            guard case .mission(let id) = mark.place, let (number, mission) = Self.mission(id, in: test) else {
                // The mission was taken out of the test meanwhile: its try ends, and the tester goes on.
                return ending(attempt, as: .restarted, mark: mark, test: test, post: post)
            }
            return try starting(mission, number: number, of: test, mark: mark, ending: attempt, post: post)
        }
    }

    /// "I'm done" or "Give up": the try ends so, and the tester goes on to the next mission's brief.
    func end(_ request: HTTPRequest, as ending: StoredMissionAttempt.Ending) throws -> HTTPResponse {
        try testerPost(request) { post, test, mark in
            guard let attempt = mark.attempt else { return .respond(try place(of: mark, unit: post.unit, request: post.request)) }
            return self.ending(attempt, as: ending, mark: mark, test: test, post: post)
        }
    }

    /// Try `attempt` ended as `ending`, and the tester on to the next mission they have not done.
    private func ending(_ attempt: Int64, as ending: StoredMissionAttempt.Ending, mark: UsabilityMark, test: UsabilityTest,
                        post: PostSpine.Checked) -> PostAnswer {
        let done = mark.done + (mark.place.missionID.map { [$0] } ?? [])
        let (state, now, next) = (post.unit.state, post.now, Self.next(after: done, in: test, token: mark.token))
        return .finishing(.work { transaction in
            _ = try transaction.usability.end(attempt: attempt, as: ending, at: now)
            var left = state
            UsabilityMark.set(next, in: &left)
            return (left, [], .direct)
        }, { unit, _ in unit.finish(.redirect(to: url(next.place == .questions ? .testQuestions : .testMission, test.id)), request: post.request) })
    }

    /// A try begun at `mission`'s start state, after ending try `ending` as restarted.
    private func starting(_ mission: UsabilityTest.Mission, number: Int, of test: UsabilityTest, mark: UsabilityMark, ending: Int64?,
                          post: PostSpine.Checked) throws -> PostAnswer {
        guard let start = try AuditInventory.of(services).state(mission.start), let recipe = start.recipe else { throw Self.paused }
        let replay = try AuditReplay(services, sessionID: post.unit.id, dataKey: post.unit.dataKey, clientAddress: post.request.clientAddress, now: post.now)
        let prepared = try replay.prepare(recipe)
        let (now, tester) = (post.now, mark)
        return .work { transaction in
            if let ending { _ = try transaction.usability.end(attempt: ending, as: .restarted, at: now) }
            guard let stored = try transaction.usability.tester(token: tester.token),
                  var opened = try replay.state(recipe, prepared: prepared, in: transaction) else {
                throw HTTPError(.conflict, "This mission could not start; reload the page and try again.")
            }
            let attempt = try Self.refusing { try transaction.usability.begin(mission: mission.id, tester: stored.id, now: now) }
            UsabilityMark.set(UsabilityMark(token: tester.token, test: tester.test, place: .mission(mission.id), done: tester.done, attempt: attempt,
                                            number: number, missions: test.missions.count, task: mission.task), in: &opened)
            return (opened, [], .deepLink)
        }
    }

    /// Checks a tester's post of the test the address names and decides it with `decide`; a post
    /// from a session that is not that test's tester goes to the test's link.
    private func testerPost(_ request: HTTPRequest, _ decide: (PostSpine.Checked, UsabilityTest, UsabilityMark) throws -> PostAnswer) throws -> HTTPResponse {
        let entry = try self.entry(request)
        return try PostSpine(services: services).handle(request) { post in
            guard let mark = try liveMark(post.unit, entry) else { return .respond(.redirect(to: url(.test, entry.id))) }
            guard try services.store.read({ try $0.usability.status(app: app.app.id, test: entry.id) }) != .closed else { throw Self.closed }
            return try decide(post, try takeable(entry), mark)
        }
    }

    /// Where `mark`'s tester is: the app during a try (the screen the session is on), a brief, the questions.
    func place(of mark: UsabilityMark, unit: SessionUnit, request: HTTPRequest) throws -> HTTPResponse {
        if mark.attempt != nil { return unit.redirectToCurrentScreen(request) }
        return unit.finish(.redirect(to: url(mark.place.missionID == nil ? .testQuestions : .testMission, mark.test)), request: request)
    }

    /// `unit`'s place in `entry`'s test, when it is that test's tester's session and the tester
    /// is still kept (not withdrawn, the test not deleted); between tries, a mission the test no
    /// longer has gives way to the next one the tester has not done.
    func liveMark(_ unit: SessionUnit, _ entry: UsabilityCatalog.Entry) throws -> UsabilityMark? {
        guard let mark = UsabilityMark(in: unit.state), mark.test == entry.id,
              try services.store.read({ try $0.usability.tester(token: mark.token) }) != nil else { return nil }
        guard let test = entry.test, mark.attempt == nil, case .mission(let id) = mark.place, Self.mission(id, in: test) == nil else { return mark }
        return Self.next(after: mark.done, in: test, token: mark.token)
    }

    /// The test the request's address names, or a clear 404.
    func entry(_ request: HTTPRequest) throws -> UsabilityCatalog.Entry {
        guard let entry = try UsabilityCatalog(services).entry(request.parameters["test"]) else {
            throw HTTPError(.notFound, "There is no test at this address. Check the link you were sent; it may have been mistyped.")
        }
        return entry
    }

    /// `entry`'s test when testers can take it: it fits the app as it is now and every mission's
    /// start can be opened; else it is paused for testers.
    func takeable(_ entry: UsabilityCatalog.Entry) throws -> UsabilityTest {
        guard let test = entry.test, entry.problems.isEmpty else { throw Self.paused }
        let inventory = try AuditInventory.of(services)
        guard test.missions.allSatisfy({ inventory.state($0.start)?.recipe != nil }) else { throw Self.paused }
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

    /// The first of `test`'s missions not in `done`, as a tester's place; the questions when none is left.
    static func next(after done: [String], in test: UsabilityTest, token: String) -> UsabilityMark {
        let place: UsabilityMark.Place = test.missions.first { !done.contains($0.id) }.map { .mission($0.id) } ?? .questions
        return UsabilityMark(token: token, test: test.id, place: place, done: done, missions: test.missions.count)
    }

    /// Mission `id` of `test` with its number (from 1), or nil when the test no longer has it.
    static func mission(_ id: String, in test: UsabilityTest) -> (Int, UsabilityTest.Mission)? {
        test.missions.firstIndex { $0.id == id }.map { ($0 + 1, test.missions[$0]) }
    }

    /// `write`, a limit it reaches answered 429 with the limit's words.
    static func refusing<T>(_ write: () throws -> T) throws -> T {
        do {
            return try write()
        } catch let reached as UsabilityLimitReached {
            throw HTTPError(.tooManyRequests, reached.description)
        }
    }

    static let paused = HTTPError(.serviceUnavailable, "This test is paused for now. Try the link again later.")
    static let closed = HTTPError(.gone, "This test has closed and takes no more answers. Thank you for your interest.")

    /// What every tester page reads: the test's name, the session's form token, the withdraw post.
    func pageValues(_ test: UsabilityTest, unit: SessionUnit) -> [String: TemplateValue] {
        ["test": .string(test.name), "csrf": .string(unit.csrfToken), "withdraw": .string(url(.testWithdraw, test.id))]
    }

    /// The address of `path` for test `id`.
    func url(_ path: ReservedPath, _ id: String) -> String {
        app.urls.prefix + path.path(id)
    }
}

extension UsabilityMark.Place {
    /// The mission's id, for a place on one.
    var missionID: String? {
        if case .mission(let id) = self { return id }
        return nil
    }
}
