import FlowDefinition
import Foundation
import FlowPages
import FlowStore
import HTMLTemplate
import HTTPServer

/// The end of a test for its tester: the test's questions once the missions are behind them
/// (single choice, free text, the System Usability Scale), then thanks; and withdrawing, at any
/// point, which deletes all they gave and ends their session.
struct TesterQuestions {
    let tester: TesterRequests
    private var services: AppServices { tester.services }

    /// The questions, or thanks once they are answered.
    func page(_ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try tester.entry(request)
        let unit = try services.openSession(request, now: services.clock.now())
        guard let mark = try tester.liveMark(unit, entry) else { return .redirect(to: tester.url(.test, entry.id)) }
        guard mark.attempt == nil, mark.place == .questions || mark.place == .finished else { return try tester.place(of: mark, unit: unit, request: request) }
        let test = try tester.takeable(entry)
        var values = tester.pageValues(test, unit: unit)
        let asked = Self.asked(test)
        if mark.place == .finished || asked.isEmpty {
            return unit.finish(try services.renderer.page("_layout/tester-thanks", title: "Thank you – \(test.name)", values: values), request: request)
        }
        values["questions"] = .array(asked.map(Self.value))
        values["answer"] = .string(tester.url(.testQuestions, test.id))
        return unit.finish(try services.renderer.page("_layout/tester-questions", title: "A few questions – \(test.name)", values: values), request: request)
    }

    /// The answers kept, each checked against its question; nothing is kept when one is refused.
    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try tester.entry(request)
        return try PostSpine(services: services).handle(request) { post in
            guard let mark = try tester.liveMark(post.unit, entry), mark.attempt == nil, mark.place == .questions else {
                return .respond(.redirect(to: tester.url(.test, entry.id)))
            }
            let answers = try Self.answers(to: try tester.takeable(entry), in: post.form)
            var finished = mark
            finished.place = .finished
            let (state, request) = (post.unit.state, post.request)
            return .finishing(.work { transaction in
                guard let stored = try transaction.usability.tester(token: mark.token) else { throw HTTPError(.gone, "Your answers were withdrawn.") }
                for (question, value) in answers { try transaction.usability.answer(question, with: value, tester: stored.id) }
                var done = state
                UsabilityMark.set(finished, in: &done)
                return (done, [], .direct)
            }, { unit, _ in unit.finish(.redirect(to: tester.url(.testQuestions, entry.id)), request: request) })
        }
    }

    /// The page that asks a tester to confirm they withdraw: reachable from every page of theirs,
    /// the mission's region included, whatever state the test is in — deleted too.
    func withdrawPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = request.parameters["test"] ?? ""
        let unit = try services.openSession(request, now: services.clock.now())
        guard let mark = UsabilityMark(in: unit.state), mark.test == id else { return .redirect(to: tester.url(.test, id)) }
        let name = try name(of: id, request)
        let values: [String: TemplateValue] = ["test": .string(name), "csrf": .string(unit.csrfToken), "withdraw": .string(tester.url(.testWithdraw, id)),
                                               "back": .string(tester.url(.test, id))]
        return unit.finish(try services.renderer.page("_layout/tester-withdraw", title: "Withdraw from \(name)?", values: values), request: request)
    }

    /// Withdrawing, whatever state the test is in (deleted too): the tester and all they gave
    /// deleted and their session ended, in one commit.
    func withdraw(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = request.parameters["test"] ?? ""
        return try PostSpine(services: services).handle(request) { post in
            guard let mark = UsabilityMark(in: post.unit.state), mark.test == id else { return .respond(.redirect(to: tester.url(.test, id))) }
            let name = try name(of: id, request)
            let page = try services.renderer.page("_layout/tester-withdrawn", title: "Withdrawn – \(name)", values: ["test": .string(name)])
            let session = post.unit.id
            return .write { transaction in
                if let stored = try transaction.usability.tester(token: mark.token) { _ = try transaction.usability.withdraw(tester: stored.id) }
                try transaction.sessions.end(id: session)
                return page
            }
        }
    }

    /// What test `id` is called, or "the test" once it is gone.
    private func name(of id: String, _ request: HTTPRequest) throws -> String {
        try UsabilityCatalog(services).entry(id).flatMap { $0.test?.name } ?? "the test"
    }

    /// The questions asked at the end: all but the one about assistive technology, asked with consent.
    static func asked(_ test: UsabilityTest) -> [UsabilityTest.Question] {
        test.questions.filter { $0 != .assistiveTechnology }
    }

    /// A question as the page reads it.
    private static func value(_ question: UsabilityTest.Question) -> TemplateValue {
        switch question {
        case .choice(let id, let text, let choices):
            ["id": .string(id), "text": .string(text), "choices": .array(choices.enumerated().map { ["label": .string($1), "index": .int($0)] })]
        case .text(let id, let text):
            ["id": .string(id), "text": .string(text), "free": true]
        case .systemUsabilityScale:
            ["id": "sus", "statements": .array(SystemUsabilityScale.statements.enumerated().map { index, text in
                ["name": .string("sus.\(index + 1)"), "text": .string(text), "index": .int(index + 1)]
            })]
        case .assistiveTechnology:
            .null
        }
    }

    /// The posted answers to `test`'s questions, by question id (`sus.1`…), each checked: a choice
    /// among the question's, a free answer within ``TesterRequests/answerLimit``, a scale's
    /// agreement from 1 to 5. An unanswered question is left out.
    static func answers(to test: UsabilityTest, in form: [String: String]) throws -> [(String, String)] {
        var answers: [(String, String)] = []
        for question in asked(test) {
            switch question {
            case .choice(let id, let text, let choices):
                guard let value = form[id], !value.isEmpty else { continue }
                guard choices.contains(value) else { throw HTTPError(.unprocessableContent, "“\(text)”: choose one of the answers listed.") }
                answers.append((id, value))
            case .text(let id, let text):
                guard let value = form[id]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { continue }
                guard value.count <= TesterRequests.answerLimit else {
                    throw HTTPError(.contentTooLarge, "“\(text)”: keep the answer within \(TesterRequests.answerLimit) characters.")
                }
                answers.append((id, value))
            case .systemUsabilityScale:
                for (index, statement) in SystemUsabilityScale.statements.enumerated() {
                    guard let value = form["sus.\(index + 1)"], !value.isEmpty else { continue }
                    guard let agreement = Int(value), (1...5).contains(agreement) else {
                        throw HTTPError(.unprocessableContent, "“\(statement)”: choose how much you agree, from 1 to 5.")
                    }
                    answers.append(("sus.\(index + 1)", String(agreement)))
                }
            case .assistiveTechnology:
                continue
            }
        }
        return answers
    }
}
