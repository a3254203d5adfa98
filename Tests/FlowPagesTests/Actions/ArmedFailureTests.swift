@testable import FlowPages
import Navigation
import Testing

/// A failure a tester armed is one flag: its kind and its count, in one spelling.
@Suite struct ArmedFailureTests {
    @Test func itIsReadBackAsSetAndDisarmedByNil() {
        var state = ActionInterpreterTests().initial
        #expect(ArmedFailure(in: state) == nil)
        ArmedFailure.set(ArmedFailure(kind: .server, failed: 2), in: &state)
        #expect(ArmedFailure(in: state) == ArmedFailure(kind: .server, failed: 2))
        #expect(state.flags.filter { $0.hasPrefix("flowpages.fail") } == ["flowpages.fail-server=2"])
        ArmedFailure.set(ArmedFailure(kind: .network), in: &state)
        #expect(state.flags.filter { $0.hasPrefix("flowpages.fail") } == ["flowpages.fail-network=0"], "one armed at a time")
        ArmedFailure.set(nil, in: &state)
        #expect(!state.flags.contains { $0.hasPrefix("flowpages.fail") })
    }

    @Test func aSessionArmedBeforeTheCountJoinedTheFlagGoesOn() {
        var state = ActionInterpreterTests().initial
        state.flags = ["flowpages.fail-network", "flowpages.failures=1", "flowpages.expired"]
        #expect(ArmedFailure(in: state) == ArmedFailure(kind: .network, failed: 0))
        ArmedFailure.set(ArmedFailure(kind: .network, failed: 2), in: &state)
        #expect(state.flags == ["flowpages.fail-network=2", "flowpages.expired"], "the older count goes, other flags stay")
    }
}
