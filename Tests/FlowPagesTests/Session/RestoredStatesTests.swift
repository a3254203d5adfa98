import FlowDefinition
@testable import FlowPages
import FlowPagesTestSupport
import Foundation
import Navigation
import Testing

/// Sessions' states restored once and kept: what a page reads back is what a fresh decoding
/// would give, and nothing that no longer fits the app is kept.
@Suite struct RestoredStatesTests {
    static let navigation: NavigationDefinition = {
        let views = LiveApp.repository.appendingPathComponent("Views/suma-finance").path
        return try! AppFolderLoader.load(folder: views, vocabulary: .served(with: .prototype)).get().navigation
    }()

    /// The start, and the screen after it: two states that fit.
    static func states() throws -> [NavigationState] {
        let navigator = Navigator(navigation)
        let start = navigator.initialState
        let next = try navigator.execute(.navigate(RouteInstance(RouteName("secure"))), on: start).get().state
        #expect(next != start)
        return [start, next]
    }

    @Test func storedBytesAreDecodedOnceAndReadAsAFreshDecodingWould() throws {
        let states = RestoredStates(Self.navigation)
        let bytes = try Self.states()[1].encoded()
        let fresh = Self.navigation.restore(encoded: bytes)
        #expect(states.restore(bytes) == fresh)
        #expect(states.count == 1)
        #expect(states.restore(bytes) == fresh)
        #expect(states.count == 1)
    }

    @Test func aSavedStateIsReadBackAsSaved() throws {
        let states = RestoredStates(Self.navigation)
        let saved = try Self.states()[1]
        states.keep(saved, encoded: saved.encoded())
        #expect(states.count == 1)
        #expect(states.restore(saved.encoded()) == .restored(saved))
    }

    @Test func aStateThatNoLongerFitsStartsOverEachTimeAndIsNotKept() throws {
        let states = RestoredStates(Self.navigation)
        // Saved when the app had a screen it no longer has.
        let saved = String(decoding: try Self.states()[1].encoded(), as: UTF8.self)
        #expect(saved.contains("\"secure\""))
        let bytes = Array(saved.replacingOccurrences(of: "\"secure\"", with: "\"a-screen-it-no-longer-has\"").utf8)
        let gone = try NavigationState(encoded: bytes)
        guard case .reset = states.restore(bytes) else {
            Issue.record("a state naming a route the app does not have was restored")
            return
        }
        guard case .reset = states.restore(bytes) else {
            Issue.record("a state that no longer fits was restored the second time")
            return
        }
        states.keep(gone, encoded: bytes)
        #expect(states.count == 0)
    }

    @Test func pastItsLimitItStartsOver() throws {
        let (first, second) = try (Self.states()[0], Self.states()[1])
        let states = RestoredStates(Self.navigation, byteLimit: max(first.encoded().count, second.encoded().count) + 1)
        states.keep(first, encoded: first.encoded())
        states.keep(second, encoded: second.encoded())
        #expect(states.count == 1)
        #expect(states.restore(second.encoded()) == .restored(second))
    }
}
