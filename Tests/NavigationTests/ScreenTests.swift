import Navigation
import NavigationFixtures
import Testing

/// What pages are told about the current screen (DECISIONS.md web rule 3).
@Suite struct ScreenTests {
    @Test func rootsShowNoBackAndPushedScreensNameWhereBackLeads() {
        var walk = Walk(Fixtures.coin)
        #expect(walk.screen.context == .tab)
        #expect(walk.screen.back == nil)
        walk.go("project", ["projectId": "proj-123"])
        #expect(walk.screen.context == .pushed)
        #expect(walk.screen.back == .pop(to: route("projects")))
        #expect(walk.screen.back?.destination == route("projects"))
        #expect(walk.screen.title == "Project")

        var suma = Walk(Fixtures.suma)
        #expect(suma.screen.context == .root)
        #expect(suma.screen.tabBar == nil)
        suma.run(.changeFlow("auth"))
        suma.go("register")
        #expect(suma.screen.back == .pop(to: route("login")))
    }

    @Test func aModalCoversTheTabBarAndSaysWhatIsUnderneath() {
        var walk = Walk(Fixtures.coin)
        walk.run(.selectTab("favorites"))
        walk.go("canvas", ["coinId": "c7"])
        let screen = walk.screen
        #expect(screen.context == .modal(.fullScreen))
        #expect(screen.back == .dismissModal(revealing: route("favorites")))
        #expect(screen.underlying == route("favorites"))
        #expect(screen.tabBar?.isVisible == false)
        #expect(screen.breadcrumbs.map(\.layer) == [.stack, .modal])
    }

    @Test func breadcrumbsFollowTheStackWithTitles() {
        var walk = Walk(Fixtures.suma)
        walk.run(.changeFlow("auth"))
        walk.go("register")
        walk.go("personal-info")
        // B20: "Current location: Login, then Register, then Personal Info".
        #expect(walk.screen.breadcrumbs.map(\.title) == ["Login", "Register", "Personal Info"])
        #expect(walk.screen.title == "Personal Info")
        #expect(walk.screen.breadcrumbs.allSatisfy { $0.layer == .stack })
    }

    @Test func theTabBarListsTabsInOrderWithSelectionGuardsAndBadges() throws {
        var walk = Walk(Fixtures.realityPortal)
        walk.run(.selectTab("search"))
        walk.go("listing", ["id": "9"])
        let bar = try #require(walk.screen.tabBar)
        #expect(bar.coordinator == "main")
        #expect(bar.isVisible)
        #expect(bar.items.map(\.item.title) == ["Home", "Search", "Favorites", "Inquiries", "Account"])
        #expect(bar.items.map(\.isSelected) == [false, true, false, false, false])
        #expect(bar.items.map(\.requiresSignIn) == [false, false, true, true, true])
        #expect(bar.items[3].item.badge == "unreadInquiries")
        #expect(bar.items[1].top == route("listing", ["id": "9"]))
        #expect(bar.items[0].top == route("home"))
    }

    @Test func aDetourShowsBackToTheContextItKeeps() {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        walk.go("dark-red")
        walk.run(.presentDetour(route("green.light")))
        #expect(walk.screen.context == .detour)
        #expect(walk.screen.back == .dismissDetour(revealing: route("dark-red")))
        #expect(walk.screen.breadcrumbs.map(\.layer) == [.stack, .modal, .detour])
        walk.go("green")
        // green is in the Green tab, not the detour's stack: crossing dismisses both overlays.
        #expect(walk.screen.context == .tab)
    }

    @Test func alertsAreModalsInTheAlertStyle() {
        var walk = Walk(Fixtures.suma)
        walk.go("invalid-link")
        #expect(walk.screen.context == .modal(.alert))
        #expect(walk.screen.title == "Invalid Link")
    }
}
