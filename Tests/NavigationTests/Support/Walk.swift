import Foundation
import Navigation
import Testing

/// One session walking an app the way a person would. After every successful command it checks
/// that the state fits the definition and survives an encode/decode round trip unchanged.
struct Walk {
    let navigator: Navigator
    private(set) var state: NavigationState
    /// The events of the last successful command.
    private(set) var events: [NavigationEvent] = []

    init(_ definition: NavigationDefinition, from state: NavigationState? = nil) {
        navigator = Navigator(definition)
        self.state = state ?? definition.initialState
    }

    var definition: NavigationDefinition { navigator.definition }
    var screen: Screen { definition.screen(in: state) }
    var current: RouteInstance { definition.currentScreen(in: state) }

    /// Runs a command that must succeed and returns its events.
    @discardableResult
    mutating func run(_ command: NavigationCommand, sourceLocation: SourceLocation = #_sourceLocation) -> [NavigationEvent] {
        switch navigator.execute(command, on: state) {
        case .success(let transition):
            state = transition.state
            events = transition.events
            Self.checkInvariants(of: state, in: definition, sourceLocation: sourceLocation)
            return transition.events
        case .failure(let error):
            Issue.record("\(command) failed: \(error)", sourceLocation: sourceLocation)
            return []
        }
    }

    /// Navigates to a route by name, directly unless told otherwise.
    @discardableResult
    mutating func go(
        _ name: RouteName, _ parameters: [String: String] = [:], source: NavigationSource = .direct,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [NavigationEvent] {
        run(.navigate(RouteInstance(name, parameters), source: source), sourceLocation: sourceLocation)
    }

    /// Runs a command that must fail; returns the error. The walk's state stays as it was.
    func failure(of command: NavigationCommand, sourceLocation: SourceLocation = #_sourceLocation) -> NavigationError? {
        switch navigator.execute(command, on: state) {
        case .success:
            Issue.record("\(command) succeeded but should have failed", sourceLocation: sourceLocation)
            return nil
        case .failure(let error):
            return error
        }
    }

    /// What pressing the in-page Back repeatedly shows, until a screen with no Back. A Back
    /// that never reaches one (no fixture's stack is 32 deep) fails the test with what it
    /// saw, rather than hang the run.
    var backChain: [RouteName] {
        var copy = state
        var chain: [RouteName] = []
        while definition.screen(in: copy).back != nil, case .success(let transition) = navigator.execute(.back, on: copy) {
            guard chain.count < 32 else {
                Issue.record("Back never reached a root; it went through \(chain.map(\.rawValue).joined(separator: " → "))")
                break
            }
            copy = transition.state
            chain.append(definition.currentScreen(in: copy).name)
        }
        return chain
    }

    /// The event changes of the last command, without sources.
    var changes: [NavigationEvent.Change] { events.map(\.change) }

    static func checkInvariants(of state: NavigationState, in definition: NavigationDefinition, sourceLocation: SourceLocation) {
        let problems = definition.inconsistencies(in: state)
        #expect(problems.isEmpty, "inconsistent state: \(problems)", sourceLocation: sourceLocation)
        #expect(roundTrip(state) == state, "the state changed in an encode/decode round trip", sourceLocation: sourceLocation)
        _ = definition.screen(in: state)
    }

    /// The state's stored bytes.
    static func encoded(_ state: NavigationState) -> [UInt8] {
        state.encoded()
    }

    /// Encodes and decodes with the state's own codec, checking on the way that Foundation's JSON
    /// coders read its bytes and write a document it reads, to the same state.
    static func roundTrip(_ state: NavigationState) -> NavigationState? {
        let bytes = state.encoded()
        guard let viaCodec = try? NavigationState(encoded: bytes),
              let viaFoundation = try? JSONDecoder().decode(NavigationState.self, from: Data(bytes)),
              let foundationBytes = try? JSONEncoder().encode(state),
              let fromFoundation = try? NavigationState(encoded: Array(foundationBytes)),
              viaFoundation == viaCodec, fromFoundation == viaCodec
        else { return nil }
        return viaCodec
    }
}

/// A route instance, briefly.
func route(_ name: RouteName, _ parameters: [String: String] = [:]) -> RouteInstance {
    RouteInstance(name, parameters)
}
