import FlowDefinition
import FlowPages
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer

/// Usability tests made in the prototype's pages: a new test from a name and an intro, then its
/// missions (task, start state from the audit's inventory, success screens, an expected path, a
/// time limit) and questions added and removed one form at a time. Every change is checked as
/// `app.xml`'s tests are — the same reader, the same messages — before it is kept; the page shows
/// the test as `app.xml` declares one, for a team that moves it into git.
struct UsabilityEditor {
    let services: AppServices
    private var app: MountedApp { services.app }

    static let nameLimit = 200
    /// The most tests made in the browser an app keeps.
    static let testLimit = 100
    static let textLimit = 2_000

    /// Makes a test from the posted name and intro, asking the usability scale and about assistive
    /// technology until told otherwise; then its page.
    func create(_ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in
            let name = try Self.text(post.form["name"], "a name for the test", limit: Self.nameLimit)
            let intro = try Self.text(post.form["intro"], nil, limit: Self.textLimit)
            let catalog = try UsabilityCatalog(services)
            guard catalog.entries.filter(\.isMade).count < Self.testLimit else {
                throw HTTPError(.unprocessableContent, "\(app.app.title) has \(Self.testLimit) tests made in the browser, the most it keeps; delete one first.")
            }
            let taken = Set(catalog.entries.map(\.id))
            let test = UsabilityTest(id: UsabilityTestChange.freshID(name, taken: taken), name: name, intro: intro, missions: [],
                                     questions: [.systemUsabilityScale, .assistiveTechnology])
            let (definition, now, page) = (app.app, post.now, app.urls.prefix + ReservedPath.usabilityEdit.path(test.id))
            return .write { transaction in
                try Self.keep(test, for: definition, in: transaction, now: now)
                return .redirect(to: page)
            }
        }
    }

    /// The test's page: what it is, each mission and question with a way to remove it, the forms
    /// that add more, and the test as `app.xml` would declare it.
    func page(_ request: HTTPRequest) throws -> HTTPResponse {
        let unit = try services.openSession(request, now: services.clock.now())
        let (entry, test) = try made(request)
        let inventory = try AuditInventory.of(services)
        let routes = app.navigation.routes.map { route in
            ["name": .string(route.name.rawValue), "title": .string(route.title.isEmpty ? route.name.rawValue : route.title)] as TemplateValue
        }
        let values: [String: TemplateValue] = [
            "csrf": .string(unit.csrfToken), "change": .string(app.urls.prefix + ReservedPath.usabilityEdit.path(entry.id)),
            "name": .string(test?.name ?? entry.id), "intro": .string(test?.intro ?? ""), "xml": .string(entry.xml),
            "problems": entry.problems.isEmpty ? .null : .array(entry.problems.map { .string($0) }),
            "link": .string(app.urls.prefix + ReservedPath.test.path(entry.id)), "list": .string(app.urls.prefix + ReservedPath.usability.path),
            "missions": .array((test?.missions ?? []).enumerated().map { index, mission in
                ["id": .string(mission.id), "position": .int(index + 1), "task": .string(mission.task), "start": .string(mission.start),
                 "successes": .string(mission.successes.map(\.rawValue).joined(separator: ", ")),
                 "paths": .string(mission.expectedPaths.map { $0.map(\.rawValue).joined(separator: " → ") }.joined(separator: "; ")),
                 "limit": mission.timeLimit.map { .string("\($0) s") } ?? .null]
            }),
            "questions": .array((test?.questions ?? []).map(Self.questionValue)),
            "asksScale": .bool(test?.questions.contains(.systemUsabilityScale) == true),
            "asksTechnology": .bool(test?.questions.contains(.assistiveTechnology) == true),
            "states": .array(inventory.states.filter { $0.recipe != nil }.map { ["id": .string($0.id), "name": .string("\($0.name) (\($0.kind.heading))")] }),
            "routes": .array(routes),
        ]
        return unit.finish(try services.renderer.page("_layout/usability-edit", title: "Edit: \(test?.name ?? entry.id)", values: values,
                                                      for: PageRenderer.session(of: unit)), request: request)
    }

    /// One change to the test, as the posted `change` names it, made to the test as the store
    /// holds it inside the write (under a lock of the test's), so two people editing at once
    /// never lose one's change to the other's.
    func change(_ request: HTTPRequest) throws -> HTTPResponse {
        let (entry, _) = try made(request)
        return try PostSpine(services: services).handle(request) { post in
            let (definition, appID, now) = (app.app, app.app.id, post.now)
            let (list, page) = (app.urls.prefix + ReservedPath.usability.path, app.urls.prefix + ReservedPath.usabilityEdit.path(entry.id))
            if post.form["change"] == "delete" {
                return .write { transaction in
                    try transaction.lock("usability-test \(appID) \(entry.id)")
                    _ = try transaction.usability.delete(test: entry.id, app: appID)
                    return .redirect(to: list)
                }
            }
            let change = try UsabilityTestChange(form: post.form, app: definition)
            return .write { transaction in
                try transaction.lock("usability-test \(appID) \(entry.id)")
                guard let stored = try transaction.usability.madeTests(app: appID).first(where: { $0.id == entry.id }) else {
                    throw HTTPError(.notFound, "The test was deleted meanwhile.")
                }
                guard case .success(let test) = UsabilityTest.read(xml: stored.xml, for: definition, file: "the test") else {
                    throw HTTPError(.conflict, "This test no longer fits \(definition.title) (\(entry.problems.joined(separator: "; "))); delete it and make it again.")
                }
                try Self.keep(try change.applied(to: test), for: definition, in: transaction, now: now)
                return .redirect(to: page)
            }
        }
    }

    /// Keeps `test` once it reads as `app.xml`'s tests do.
    private static func keep(_ test: UsabilityTest, for app: AppDefinition, in transaction: any StoreTransaction, now: Int64) throws {
        if case .failure(let problems) = UsabilityTest.read(xml: test.xml, for: app, file: "the test") {
            throw HTTPError(.unprocessableContent, "That change was not kept: " + problems.problems.map(\.message).joined(separator: "; ") + ".")
        }
        try transaction.usability.keep(test: test.id, xml: test.xml, app: app.id, now: now)
    }

    /// The made test the address names, read against the app as it is now (nil with its problems
    /// when it no longer fits); a declared one is edited in `app.xml`.
    private func made(_ request: HTTPRequest) throws -> (UsabilityCatalog.Entry, UsabilityTest?) {
        guard let entry = try UsabilityCatalog(services).entry(request.parameters["test"]) else {
            throw HTTPError(.notFound, "\(app.app.title) has no usability test '\(request.parameters["test"] ?? "")'; /_usability lists them.")
        }
        guard entry.isMade else { throw HTTPError(.conflict, "“\(entry.test?.name ?? entry.id)” is declared in app.xml; change it there.") }
        return (entry, entry.test)
    }

    private static func questionValue(_ question: UsabilityTest.Question) -> TemplateValue {
        switch question {
        case .choice(let id, let text, let choices): ["id": .string(id), "text": .string("\(text) (one of: \(choices.joined(separator: ", ")))")]
        case .text(let id, let text): ["id": .string(id), "text": .string("\(text) (free answer)")]
        case .systemUsabilityScale: ["id": "sus", "text": "The System Usability Scale (ten statements)"]
        case .assistiveTechnology: ["id": "assistive-technology", "text": "Which assistive technology the tester uses (asked with consent)"]
        }
    }

    /// `value` trimmed, within `limit` characters; required when `what` names it.
    static func text(_ value: String?, _ what: String?, limit: Int) throws -> String {
        let text = (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if let what, text.isEmpty { throw HTTPError(.unprocessableContent, "Give \(what).") }
        // XML 1.0 has no place for them, and a test is kept as app.xml declares it.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" }) else {
            throw HTTPError(.unprocessableContent, "Leave out control characters: only line breaks and tabs are kept.")
        }
        guard text.count <= limit else { throw HTTPError(.contentTooLarge, "Keep it within \(limit) characters.") }
        return text
    }

    /// `name` as an id: lowercase letters and digits, words joined by hyphens.
    static func slug(_ name: String) -> String {
        let words = name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let slug = words.prefix(6).joined(separator: "-")
        return slug.isEmpty ? "test" : slug
    }
}
