import Navigation
import NavigationFixtures
import Testing

/// Android's back-stack options on a navigation (`popUpTo`, `popUpToInclusive`,
/// `launchSingleTop`), as imported graphs use them: ``NavigationCommand/popUpTo(_:inclusive:then:singleTop:source:)``.
@Suite struct NavigatorBackStackTests {
    /// The storefront on Browse → Product 1 → Product 2 (the tab's depth limit is 3).
    func twoProducts() -> Walk {
        var walk = Walk(Fixtures.storefront)
        walk.go("product", ["id": "1"])
        walk.go("product", ["id": "2"])
        return walk
    }

    @Test func popsBackToTheLastScreenOfTheRouteKeepingIt() {
        var walk = twoProducts()
        walk.run(.popUpTo("browse", inclusive: false, then: route("orders")))
        #expect(walk.current == route("orders"), "then navigates as usual: another tab's route switches tabs")
        walk.run(.selectTab("browse"))
        #expect(walk.current == route("browse") && walk.screen.back == nil, "Browse kept, both products popped")
    }

    @Test func popsTheTopmostScreenOfARoute() {
        var walk = twoProducts()
        walk.run(.popUpTo("product", inclusive: true, then: nil))
        #expect(walk.current == route("product", ["id": "1"]) && walk.backChain == ["browse"])
        #expect(walk.changes == [.popped([route("product", ["id": "2"])], to: route("product", ["id": "1"]))])
    }

    @Test func popsTheRootInclusiveLeavingOnlyWhatComesNext() {
        var walk = twoProducts()
        walk.run(.popUpTo("browse", inclusive: true, then: route("product", ["id": "3"])))
        #expect(walk.current == route("product", ["id": "3"]) && walk.screen.back == nil, "nothing is left beneath, as on Android")
        #expect(walk.failure(of: .back) == .nothingToGoBackTo(route("product", ["id": "3"])))
        // Without a next screen the root stays: a page cannot leave the app.
        var alone = twoProducts()
        alone.run(.popUpTo("browse", inclusive: true, then: nil))
        #expect(alone.current == route("browse") && alone.screen.back == nil)
    }

    @Test func dismissesWhatCoversTheScreenPoppedTo() {
        var walk = twoProducts()
        walk.go("login")
        #expect(walk.state.modal != nil)
        walk.run(.popUpTo("product", inclusive: false, then: nil))
        #expect(walk.state.modal == nil && walk.current == route("product", ["id": "2"]))
        // Inclusive at a modal's root dismisses the modal.
        walk.go("login")
        walk.run(.popUpTo("login", inclusive: true, then: nil))
        #expect(walk.state.modal == nil && walk.current == route("product", ["id": "2"]))
    }

    @Test func aRouteNotShownPopsNothing() {
        var walk = twoProducts()
        walk.run(.popUpTo("orders", inclusive: true, then: route("addresses")))
        walk.run(.selectTab("browse"))
        #expect(walk.current == route("product", ["id": "2"]) && walk.backChain == ["product", "browse"])
    }

    @Test func singleTopReplacesTheScreenOnTopOfTheSameRoute() {
        var walk = twoProducts()
        walk.run(.popUpTo(nil, inclusive: false, then: route("product", ["id": "9"]), singleTop: true))
        #expect(walk.current == route("product", ["id": "9"]) && walk.backChain == ["product", "browse"])
        #expect(walk.changes == [.replaced(route("product", ["id": "2"]), with: route("product", ["id": "9"]))])
        // Without it a second product is pushed (and the tab's depth limit refuses a fourth screen).
        #expect(walk.failure(of: .popUpTo(nil, inclusive: false, then: route("product", ["id": "10"]))) == .depthLimitExceeded("browse", limit: 3))
        // The same screen is no change either way.
        #expect(walk.run(.popUpTo(nil, inclusive: false, then: route("product", ["id": "9"]), singleTop: true)).isEmpty)
    }

    @Test func refusalsLeaveTheStateAlone() {
        let walk = twoProducts()
        #expect(walk.failure(of: .popUpTo("nowhere", inclusive: false, then: nil)) == .unknownRoute("nowhere"))
        #expect(walk.failure(of: .popUpTo("browse", inclusive: true, then: route("product"))) == .missingParameter("product", parameter: "id"))
    }
}
