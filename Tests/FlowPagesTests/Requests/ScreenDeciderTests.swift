@testable import FlowPages
import FlowPagesTestSupport
import FlowStore
import Foundation
import HTTPServer
import Navigation
import Testing

/// What a screen's GET comes to, decided without a socket and before anything is written
/// (``ScreenDecider``): Reality Portal served as a prototype over a fresh store, each request a
/// value and its decision compared with what the seeds and DECISIONS say it should be.
@Suite struct ScreenDeciderTests {
    let services: AppServices

    init() throws {
        services = try Self.realityPortal("screen-decider")
    }

    /// Reality Portal as a prototype serves it, over a fresh store of its own, with no server.
    static func realityPortal(_ name: String) throws -> AppServices {
        let store = try TestStore.fresh(name).store
        let linkCounters = LinkCounters(store: store)
        let mounts = try AppMounts(views: LiveApp.repository.appendingPathComponent("Views").path, layouts: nil, AppMounts.Settings(
            store: store, publicFolder: LiveApp.repository.appendingPathComponent("Public").path, appHosts: [:], prototype: true, auditKey: nil,
            appBanner: false, publicOrigins: [], publicCache: nil, effects: .prototype, clock: .system, linkCounters: linkCounters,
            eventBudget: EventBudget(counters: linkCounters), errorLog: { _ in }))
        return try #require(mounts.prefixed["reality-portal"])
    }

    /// The decision for `method target` from a visitor with no cookie (`headers` added).
    func decide(_ target: String, method: HTTPMethod = .get, headers: [(String, String)] = []) throws -> ScreenDecision {
        let request = try HTTPRequest(method: method, target: "/reality-portal" + target, headers: HTTPHeaders([("Host", "127.0.0.1")] + headers))
        let app = services.app
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let destination = try #require(app.destination(path: Substring(target.prefix { $0 != "?" }), query: query))
        let now = services.clock.now()
        return try ScreenDecider(services: services).decide(destination, request: request, unit: services.openSession(request, now: now), now: now)
    }

    func screen(_ state: NavigationState) -> String {
        services.app.navigation.currentScreen(in: state).name.rawValue
    }

    @Test func aScreenIsShownWhereTheEngineLands() throws {
        guard case .show(let move, .ok) = try decide("/featured") else { Issue.record("not shown"); return }
        #expect(screen(move.state) == "featured" && move.source == .direct && move.events.isEmpty && move.counted.isEmpty)
    }

    @Test func aDeepLinkFromAStrangerIsShownAtItsOwnAddressAndCountedNotLogged() throws {
        let decided = try decide("/listing/123")
        guard case .show(let move, .ok) = decided else { Issue.record("not shown: \(decided)"); return }
        #expect(screen(move.state) == "listing" && move.source == .deepLink)
        #expect(move.events.map(\.kind) == ["deep_link_opened", "deep_link_success"])
        #expect(move.counted == [.init(pattern: "/listing/{id}", kinds: ["deep_link_opened", "deep_link_success"])])
        guard case .show(let head, .ok) = try decide("/listing/123", method: .head) else { Issue.record("HEAD not shown"); return }
        #expect(head.counted.isEmpty, "a link preview's HEAD is not counted")
    }

    @Test func anAddressNamingNoRecordShowsTheInvalidLinkAlert404() throws {
        guard case .show(let move, let status) = try decide("/listing/999999") else { Issue.record("not shown"); return }
        #expect(status == .notFound && move.state.alert?.name == "invalid-link" && screen(move.state) == "home")
    }

    @Test func anAddressLackingItsQueryIsRefusedAndWritesNothing() throws {
        let decided = try decide("/search/results")
        #expect(decided == .refuse(message: "“Results” could not be shown: the address has no query.", status: .badRequest))
    }

    @Test func aGuardedScreenAsksAStrangerToSignInAtItsAddress() throws {
        guard case .show(let move, .ok) = try decide("/favorites") else { Issue.record("not shown"); return }
        #expect(screen(move.state) == "login" && move.state.pendingDestination?.name.rawValue == "favorites")
        #expect(move.state.toasts.map { $0.values["message"] } == ["Sign in to see “Favorites”."])
    }

    /// A sheet is presented by an action; its address typed or reached by the browser's Back once
    /// it is gone shows where the session is, writing nothing new.
    @Test func aSheetsAddressWithoutTheSheetOpenLeadsWhereTheSessionIs() throws {
        let decided = try decide("/login")
        guard case .redirect(let move) = decided else { Issue.record("not redirected: \(decided)"); return }
        #expect(screen(move.state) == "home" && move.events.isEmpty && move.counted.isEmpty)
    }
}
