import Navigation
import NavigationFixtures
import Testing

/// Resuming the pending destination on sign-in is all or nothing: it lands on the destination,
/// or the sign-in ends exactly as one without a destination would, the drop reported.
@Suite struct NavigatorSignInResumeTests {
    /// How a pending destination comes to be out of reach by the time the person signs in.
    enum Unreachable: CaseIterable, Sendable {
        /// Returns is guarded on the Orders tab, which already holds its limit of two screens;
        /// reaching for it would switch tabs before the push is refused.
        case fullTab
        /// A session expired on Admin's Export step, whose modal opens only at an audit's id;
        /// reaching for it would enter the Admin flow before the modal is refused.
        case modalWithoutItsRoot

        var destination: RouteInstance {
            switch self {
            case .fullTab: route("returns")
            case .modalWithoutItsRoot: route("audit.export")
            }
        }

        var reason: NavigationError {
            switch self {
            case .fullTab: .depthLimitExceeded("orders", limit: 2)
            case .modalWithoutItsRoot: .missingParameter("audit", parameter: "id")
            }
        }

        /// What the person sees after signing in, the same with the destination pending or not.
        var screenAfterSignIn: RouteInstance {
            switch self {
            case .fullTab: route("product", ["id": "7"])
            case .modalWithoutItsRoot: route("browse")
            }
        }

        /// The session just before signing in; the two sessions differ only in the pending destination.
        func session(pending: Bool) -> Walk {
            var walk = Walk(Fixtures.storefront)
            switch self {
            case .fullTab:
                walk.run(.selectTab("orders"))
                walk.go("order", ["id": "1"])
                walk.run(.selectTab("browse"))
                walk.go("product", ["id": "7"])
                walk.go(pending ? "returns" : "login")
            case .modalWithoutItsRoot:
                walk.run(.signIn(userID: "ada"))
                walk.run(.changeFlow("admin"))
                walk.go("audit", ["id": "42"])
                walk.go("audit.export")
                walk.run(.signOut(keepDestination: pending))
            }
            return walk
        }
    }

    @Test(arguments: Unreachable.allCases)
    func anUnreachableDestinationLeavesExactlyASignInWithoutOne(scenario: Unreachable) {
        var resumed = scenario.session(pending: true)
        var plain = scenario.session(pending: false)
        #expect(resumed.state.pendingDestination == scenario.destination)
        #expect(plain.state.pendingDestination == nil)

        resumed.run(.signIn(userID: "ada"))
        plain.run(.signIn(userID: "ada"))

        #expect(resumed.state == plain.state)
        #expect(resumed.current == scenario.screenAfterSignIn)
        #expect(resumed.changes == plain.changes + [.destinationDropped(scenario.destination, reason: scenario.reason)])
        #expect(resumed.events.allSatisfy { $0.source == .autoRedirect })
    }

    @Test func aResumedDestinationOpensOnItsTabAndLeavesTheOtherTabsAlone() {
        var walk = Walk(Fixtures.storefront)
        walk.run(.selectTab("account"))
        walk.go("addresses")
        walk.run(.selectTab("browse"))
        walk.go("product", ["id": "7"])
        let otherTabs = walk.state.stacks
        walk.go("returns")
        #expect(walk.current == route("login"))

        walk.run(.signIn(userID: "ada"))

        #expect(walk.changes == [
            .signedIn(userID: "ada"),
            .dismissed(route("login"), revealing: route("product", ["id": "7"])),
            .destinationResumed(route("returns")),
            .tabSwitched(from: "browse", to: "orders"),
            .pushed(route("returns")),
        ])
        #expect(walk.current == route("returns"))
        #expect(walk.screen.tabBar?.items.filter(\.isSelected).map(\.id) == ["orders"])
        #expect(walk.state.stacks.filter { $0.key != "orders" } == otherTabs)
        #expect(walk.state.pendingDestination == nil)
        #expect(walk.state.modal == nil)
        #expect(walk.backChain == ["orders"])
    }
}
