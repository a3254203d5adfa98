import Navigation
import NavigationFixtures
import Testing

/// A stack's root route with parameters of its own (the storefront's Orders takes an optional
/// status): a link or a screen may open the root with them, and it stays the root.
@Suite struct NavigatorRootParameterTests {
    @Test func aDeepLinkWithTheRootsParameterOpensThatTabsRootWithIt() {
        var walk = Walk(Fixtures.storefront)
        walk.go("product", ["id": "1"])
        walk.go("orders", ["status": "shipped"], source: .deepLink)
        #expect(walk.current == route("orders", ["status": "shipped"]))
        #expect(walk.screen.back == nil, "the root with the link's status, not a second Orders over the first")
        walk.run(.openTab("browse", source: .deepLink))
        #expect(walk.current == route("product", ["id": "1"]), "the other tab keeps its stack")
    }

    @Test func openingTheRootWithOtherParametersReplacesItAndPopsWhatWasOnIt() {
        var walk = Walk(Fixtures.storefront)
        walk.run(.selectTab("orders"))
        walk.go("order", ["id": "7"])
        walk.go("orders", ["status": "shipped"])
        #expect(walk.current == route("orders", ["status": "shipped"]) && walk.screen.back == nil)
        #expect(walk.changes == [.replaced(route("order", ["id": "7"]), with: route("orders", ["status": "shipped"]))])
        walk.go("order", ["id": "8"])
        #expect(walk.backChain == ["orders"])
        walk.go("orders", ["status": "shipped"])
        #expect(walk.changes == [.popped([route("order", ["id": "8"])], to: route("orders", ["status": "shipped"]))],
                "the same root instance is gone back to, as any screen on the stack")
    }

    @Test func theRootWithoutParametersIsTheStoredDefaultAgain() {
        var walk = Walk(Fixtures.storefront)
        walk.go("orders", ["status": "shipped"])
        walk.go("orders")
        #expect(walk.current == route("orders"))
        #expect(walk.state.stacks.isEmpty, "a stack back at its root as declared is not stored")
    }

    @Test func aTabBarClickPopsToTheRootAsItIsAndATabLinkKeepsTheStack() {
        var walk = Walk(Fixtures.storefront)
        walk.go("orders", ["status": "shipped"])
        walk.go("order", ["id": "7"])
        walk.run(.openTab("orders", source: .deepLink))
        #expect(walk.current == route("order", ["id": "7"]))
        walk.run(.selectTab("orders"))
        #expect(walk.current == route("orders", ["status": "shipped"]))
    }

    @Test func aRootReadsItsDefaultWhenItsURLLeavesTheParameterOut() {
        let orders = Fixtures.storefront.route("orders")!
        #expect(orders.values(of: route("orders")) == ["status": "open"])
        #expect(orders.values(of: route("orders", ["status": "shipped"])) == ["status": "shipped"])
    }
}
