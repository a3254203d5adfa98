import Navigation
import NavigationFixtures
import Testing

/// Thousands of random commands on every fixture: the engine never crashes or loops, every state
/// it produces is consistent and round-trips, and universal navigation always lands.
@Suite struct NavigatorPropertyTests {
    /// Values that satisfy the fixtures' patterns, plus one that satisfies none.
    static let samples: [String?: [String]] = [
        nil: ["1", "123", "new@example.com"],
        "proj-[0-9]+": ["proj-1", "proj-123"],
        "c[0-9]+": ["c1", "c2"],
    ]

    static func randomCommand(in definition: NavigationDefinition, using random: inout SplitMix) -> NavigationCommand {
        let route = definition.routes.randomElement(using: &random)!
        var parameters: [String: String] = [:]
        for parameter in route.parameters where parameter.isRequired || Bool.random(using: &random) {
            parameters[parameter.name] = Int.random(in: 0..<20, using: &random) == 0
                ? "bad value"
                : Self.samples[parameter.pattern]!.randomElement(using: &random)!
        }
        let instance = RouteInstance(route.name, parameters)
        let stacks = definition.routes.map(\.owner)
        let source = NavigationSource.allCases.randomElement(using: &random)!
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<45: return .navigate(instance, source: source)
        case 45..<65: return .back
        case 65..<77: return .selectTab(stacks.randomElement(using: &random)!)
        case 77..<82: return .presentDetour(instance, source: source)
        case 82..<85: return .dismissModal
        case 85..<87: return .dismissDetour
        case 87..<90: return definition.flows.randomElement(using: &random).map { .changeFlow($0) } ?? .resetFlow
        case 90..<95: return .signIn(userID: "user-\(Int.random(in: 1...3, using: &random))")
        default: return .signOut(keepDestination: Bool.random(using: &random))
        }
    }

    @Test(arguments: Fixtures.all.indices)
    func randomWalksKeepEveryInvariant(fixture: Int) {
        let (name, definition) = Fixtures.all[fixture]
        let navigator = Navigator(definition)
        var random = SplitMix(state: UInt64(fixture + 1) * 7919)
        var state = navigator.initialState
        var successes = 0
        for step in 0..<4000 {
            let command = Self.randomCommand(in: definition, using: &random)
            guard case .success(let transition) = navigator.execute(command, on: state) else { continue }
            successes += 1
            state = transition.state
            let problems = definition.inconsistencies(in: state)
            #expect(problems.isEmpty, "\(name) step \(step) \(command): \(problems)")
            #expect(Walk.roundTrip(state) == state, "\(name) step \(step) \(command): round trip changed the state")
            if case .navigate(let target, _) = command {
                let current = definition.currentScreen(in: state)
                let guarded = state.pendingDestination == target && current.name == definition.signIn?.route
                #expect(current == target || guarded, "\(name) step \(step): navigate(\(target)) ended on \(current)")
            }
            if problems.isEmpty {
                _ = definition.screen(in: state)
            } else {
                break
            }
        }
        #expect(successes > 1000, "\(name): only \(successes) commands succeeded; the walk explores too little")
    }
}
