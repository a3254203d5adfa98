import Navigation
import NavigationFixtures
import Testing

/// Journeys through the seed apps, as a person would walk them.
@Suite struct NavigatorJourneyTests {
    @Test func realityPortalKeepsTheSearchStackAcrossTabSwitches() {
        var walk = Walk(Fixtures.realityPortal)
        walk.run(.selectTab("search"))
        walk.go("listing", ["id": "123"])
        walk.run(.selectTab("home"))
        #expect(walk.current == route("home"))
        walk.run(.selectTab("search"))

        #expect(walk.current == route("listing", ["id": "123"]))
        #expect(walk.screen.back == .pop(to: route("search")))
        #expect(walk.backChain == ["search"])
    }

    @Test func sumaNavigatingToAnEarlierStepPopsBackToIt() {
        var walk = Walk(Fixtures.suma)
        walk.run(.changeFlow("auth"))
        walk.go("register")
        walk.go("personal-info")
        walk.go("verify-email", ["email": "new@example.com"])

        walk.go("register")
        #expect(walk.changes == [.popped([route("verify-email", ["email": "new@example.com"]), route("personal-info")], to: route("register"))])
        #expect(walk.backChain == ["login"])

        let before = walk.state
        let events = walk.go("register")
        #expect(events.isEmpty)
        #expect(walk.state == before)
    }

    @Test func coinProjectLinkDismissesSettingsAndSwitchesToProjects() {
        var walk = Walk(Fixtures.coin)
        walk.go("settings")
        #expect(walk.screen.context == .modal(.sheet))

        walk.go("project", ["projectId": "proj-123"])

        #expect(walk.changes == [
            .dismissed(route("settings"), revealing: route("recents")),
            .tabSwitched(from: "recents", to: "projects"),
            .pushed(route("project", ["projectId": "proj-123"])),
        ])
        #expect(walk.state.modal == nil)
        #expect(walk.screen.tabBar?.items.first(where: \.isSelected)?.id == "projects")
        #expect(walk.screen.breadcrumbs.map(\.route.name) == ["projects", "project"])
    }

    @Test func coinUnknownTabFailsAndLeavesTheStateByteForByte() {
        var walk = Walk(Fixtures.coin)
        walk.run(.selectTab("favorites"))
        walk.go("settings")
        let before = Walk.encoded(walk.state)

        #expect(walk.failure(of: .selectTab("galaxy")) == .unknownTab("galaxy"))
        #expect(walk.failure(of: .navigate(route("galaxy"))) == .unknownRoute("galaxy"))
        #expect(Walk.encoded(walk.state) == before)
        #expect(walk.current == route("settings"))
    }

    @Test func coinTabLinkKeepsTheTabsStackAndClosesTheModal() {
        var walk = Walk(Fixtures.coin)
        walk.run(.selectTab("projects"))
        walk.go("project", ["projectId": "proj-123"])
        walk.run(.selectTab("recents"))
        walk.go("settings")

        walk.run(.openTab("projects"))
        #expect(walk.changes == [
            .dismissed(route("settings"), revealing: route("recents")),
            .tabSwitched(from: "recents", to: "projects"),
        ])
        #expect(walk.current == route("project", ["projectId": "proj-123"]))
        #expect(walk.events.allSatisfy { $0.source == .deepLink })

        // Unlike the tab bar, a link to the tab already shown leaves its stack alone.
        let before = walk.state
        walk.run(.openTab("projects"))
        #expect(walk.changes.isEmpty && walk.state == before)
        walk.run(.selectTab("projects"))
        #expect(walk.current == route("projects"))
        #expect(walk.failure(of: .openTab("galaxy")) == .unknownTab("galaxy"))
    }

    @Test func twoStepModalBacksOutStepByStep() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        walk.run(.selectTab("green"))
        walk.go("dark-green")
        walk.go("even-darker-green")
        #expect(walk.screen.back == .pop(to: route("dark-green")))

        walk.run(.back)
        #expect(walk.current == route("dark-green"))
        #expect(walk.screen.context == .modal(.fullScreen))
        #expect(walk.screen.back == .dismissModal(revealing: route("green")))

        walk.run(.back)
        #expect(walk.current == route("green"))
        #expect(walk.state.modal == nil)
        #expect(walk.changes == [.dismissed(route("dark-green"), revealing: route("green"))])
    }

    @Test func detourOverAThreeDeepStackReturnsToItExactly() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        walk.run(.selectTab("blue"))
        walk.go("blue.light")
        walk.go("blue.lighter")
        let before = walk.state

        walk.run(.presentDetour(route("red.light"), source: .deepLink))
        #expect(walk.current == route("red.light"))
        #expect(walk.screen.context == .detour)
        #expect(walk.screen.underlying == route("blue.lighter"))
        #expect(walk.screen.tabBar?.isVisible == false)

        walk.run(.back)
        #expect(walk.state == before)
        #expect(walk.backChain == ["blue.light", "blue"])
    }

    @Test func nestedDetoursGoBackOneAtATime() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        walk.run(.selectTab("blue"))
        walk.go("blue.light")
        let before = walk.state

        walk.run(.presentDetour(route("red.light")))
        walk.run(.presentDetour(route("green.light")))
        #expect(walk.state.detours.count == 2)
        #expect(walk.screen.underlying == route("red.light"))
        #expect(walk.screen.back == .dismissDetour(revealing: route("red.light")))

        walk.run(.back)
        #expect(walk.changes == [.detourDismissed(route("green.light"), revealing: route("red.light"))])
        #expect(walk.screen.context == .detour && walk.screen.underlying == route("blue.light"))
        walk.run(.back)
        #expect(walk.state == before)
    }

    @Test func aDetourPushesItsOwnScreensAndNavigatingElsewhereDismissesEveryDetour() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        walk.run(.presentDetour(route("blue.light")))
        walk.go("blue.lighter")
        #expect(walk.changes == [.pushed(route("blue.lighter"))])
        #expect(walk.screen.context == .detour && walk.screen.back == .pop(to: route("blue.light")))
        walk.run(.presentDetour(route("green.light")))

        walk.go("yellow")
        #expect(walk.state.detours.isEmpty)
        #expect(walk.changes.filter { if case .detourDismissed = $0 { true } else { false } }.count == 2)
        #expect(walk.screen.tabBar?.items.first(where: \.isSelected)?.id == "yellow")
        #expect(walk.state.stacks.isEmpty, "the detour pushed on itself, not on the blue tab")
    }

    @Test func aScreenAlreadyShownBeneathADetourIsGoneBackToNotPushedAgain() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        walk.run(.presentDetour(route("blue.light")))
        walk.run(.presentDetour(route("blue.lighter")))
        // The browser's Back onto Detour D's URL: E could push it, but D is right beneath.
        walk.go("blue.light")
        #expect(walk.changes == [.detourDismissed(route("blue.lighter"), revealing: route("blue.light"))])
        #expect(walk.state.detours.map(\.stack) == [[route("blue.light")]])

        walk.run(.presentDetour(route("blue.lighter")))
        walk.run(.presentDetour(route("blue.light")))
        #expect(walk.state.detours.count == 1, "D, E, D does not pile up")
        #expect(walk.current == route("blue.light"))
    }

    @Test func detoursStopAtTheirLimit() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        for name in ["red.light", "green", "green.light", "blue", "blue.light", "blue.lighter", "yellow", "yellow.step1"] {
            walk.run(.presentDetour(route(RouteName(name))))
        }
        #expect(walk.state.detours.count == 8)
        #expect(walk.failure(of: .presentDetour(route("purple"))) == .detourLimitExceeded(limit: 8))
    }

    @Test func aDetourOverAModalGoesBackToTheModal() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        walk.run(.selectTab("green"))
        walk.go("dark-green")
        walk.run(.presentDetour(route("blue.light")))
        #expect(walk.screen.context == .detour && walk.screen.underlying == route("dark-green"))

        walk.run(.back)
        #expect(walk.current == route("dark-green") && walk.screen.context == .modal(.fullScreen))
        walk.run(.presentDetour(route("blue.light")))
        walk.run(.dismissModal)
        #expect(walk.state.detours.isEmpty && walk.state.modal == nil && walk.current == route("green"))
    }

    @Test func inContentNavigationToAnotherTabCleansTheSourceTab() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        walk.go("red.light")
        walk.run(.navigateInContent(route("blue.light")))
        #expect(walk.changes == [
            .tabSwitched(from: "red", to: "blue"),
            .pushed(route("blue.light")),
            .popped([route("red.light")], to: route("red")),
        ])
        #expect(walk.backChain == ["blue"])

        // The tab bar, a deep link or a typed URL keep the tab left as it was.
        walk.go("blue.lighter")
        walk.go("red.light")
        walk.run(.navigate(route("blue.light")))
        #expect(walk.state.stacks["red"] == [route("red"), route("red.light")])
        // Within one tab nothing is cleaned: it is a push.
        walk.run(.navigateInContent(route("blue.lighter")))
        #expect(walk.changes == [.pushed(route("blue.lighter"))])
    }

    @Test func realityPortalGuardResumesTheDestinationOnce() {
        var walk = Walk(Fixtures.realityPortal)
        walk.run(.selectTab("favorites"))
        #expect(walk.current == route("login"))
        #expect(walk.state.pendingDestination == route("favorites"))
        #expect(walk.changes.first == .guardRedirected(destination: route("favorites"), signIn: route("login")))
        #expect(walk.screen.underlying == route("home"))

        walk.run(.signIn(userID: "rp-user"))
        #expect(walk.current == route("favorites"))
        #expect(walk.state.pendingDestination == nil)
        #expect(walk.state.modal == nil)

        walk.run(.signOut())
        walk.go("login")
        walk.run(.signIn(userID: "rp-user"))
        #expect(walk.current == route("home"))
    }

    @Test func realityPortalCancelledSignInKeepsTheContextAndForgetsTheDestination() {
        var walk = Walk(Fixtures.realityPortal)
        walk.go("listing", ["id": "123"])
        walk.run(.selectTab("inquiries"))
        walk.run(.back)
        #expect(walk.current == route("listing", ["id": "123"]))
        #expect(walk.state.pendingDestination == nil)
    }

    @Test func realityPortalListingDeepLinkOpensOnHomeAndLeavesOtherTabsAlone() {
        var walk = Walk(Fixtures.realityPortal)
        walk.run(.selectTab("search"))
        walk.go("search.results", ["query": "loft"])
        walk.go("listing", ["id": "123"], source: .deepLink)

        #expect(walk.screen.tabBar?.items.first(where: \.isSelected)?.id == "home")
        #expect(walk.backChain == ["home"])
        walk.run(.selectTab("search"))
        #expect(walk.current == route("search.results", ["query": "loft"]))
    }

    @Test func realityPortalBrowserBackAfterATabSwitchReturnsToTheListing() {
        var walk = Walk(Fixtures.realityPortal)
        walk.go("listing", ["id": "123"])
        walk.run(.selectTab("search"))
        // The browser's Back is a GET of the listing URL: the listing is on top of Home.
        walk.go("listing", ["id": "123"])
        #expect(walk.changes == [.tabSwitched(from: "search", to: "home")])
        #expect(walk.backChain == ["home"])
    }

    @Test func realityPortalPostFromAnOlderPageReconcilesWithoutDuplicates() {
        var walk = Walk(Fixtures.realityPortal)
        walk.go("listing", ["id": "123"])
        walk.go("listing.gallery", ["id": "123"])
        // Tab A still shows the listing and asks for the gallery again.
        walk.go("listing", ["id": "123"])
        walk.go("listing.gallery", ["id": "123"])
        #expect(walk.backChain == ["listing", "home"])
    }
}
