import FlowDefinition
import FlowPages
import FlowStore

/// The usability tests of one app: those its `app.xml` declares, then those its team made in the
/// browser — kept in the store as `<test>` elements and read again, on every look, against the
/// app as it is now, so a test whose screens the app no longer has says so instead of misleading.
struct UsabilityCatalog {
    /// One test, as declared or as made.
    struct Entry: Sendable {
        let id: String
        /// The test, when it reads against the app as it is now.
        let test: UsabilityTest?
        /// Why testers cannot take it (a mission's start or success screen gone, or no mission
        /// yet): they are turned away as from a paused test, and the team is told.
        let problems: [String]
        /// Made in the browser, and edited there; else declared in `app.xml`.
        let isMade: Bool
        /// Its `<test>` element, to copy into `app.xml`.
        let xml: String
    }

    let entries: [Entry]

    /// What reading the tests costs, done once per mounted app: the declared tests as entries,
    /// and each made test's text read against the app, by that text (an edit is a new text).
    private final class Readings: Sendable {
        let declared: [Entry]
        let made = BoundedMemo<String, Entry>(limit: 512)

        init(_ app: AppDefinition) {
            declared = app.usabilityTests.map { Entry(id: $0.id, test: $0, problems: [], isMade: false, xml: $0.xml) }
        }
    }

    /// The tests of `services`' app, as the store keeps the made ones now.
    init(_ services: AppServices) throws {
        let app = services.app.app
        let cache = services.app.workshopCache
        let readings = cache.kept(Readings.self) ?? cache.keep(Readings(app))
        let taken = Set(readings.declared.map(\.id))
        let made = try services.store.read { try $0.usability.madeTests(app: app.id) }.filter { !taken.contains($0.id) }.map { stored in
            readings.made.value(for: stored.id + "\n" + stored.xml) { _ in Self.read(stored, for: app) }
        }
        entries = readings.declared + made
    }

    /// A made test's text read against `app`.
    private static func read(_ stored: (id: String, xml: String), for app: AppDefinition) -> Entry {
        switch UsabilityTest.read(xml: stored.xml, for: app, file: "test '\(stored.id)'") {
        case .success(let test) where test.missions.isEmpty:
            Entry(id: stored.id, test: test, problems: ["it has no mission yet"], isMade: true, xml: stored.xml)
        case .success(let test): Entry(id: stored.id, test: test, problems: [], isMade: true, xml: stored.xml)
        case .failure(let problems): Entry(id: stored.id, test: nil, problems: problems.problems.map(\.message), isMade: true, xml: stored.xml)
        }
    }

    /// The test `id`, or nil.
    func entry(_ id: String?) -> Entry? {
        entries.first { $0.id == id }
    }
}
