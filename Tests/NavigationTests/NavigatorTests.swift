import Navigation
import NavigationFixtures
import Testing

/// The engine's rules, command by command (seed 004 and DESIGN.md "Semantics to reproduce").
@Suite struct NavigatorTests {
    /// The demo, signed in, on the Red tab.
    func demo() -> Walk {
        var walk = Walk(Fixtures.demo)
        walk.run(.signIn(userID: "demo"))
        return walk
    }

    // MARK: navigate

    @Test(arguments: [
        (route("nowhere"), NavigationError.unknownRoute("nowhere")),
        (route("project"), .missingParameter("project", parameter: "projectId")),
        (route("project", ["projectId": "p-1"]), .invalidParameter("project", parameter: "projectId", reason: "does not match proj-[0-9]+")),
        (route("project", ["projectId": "proj-1", "x": "y"]), .unknownParameter("project", parameter: "x")),
        (route("project", ["projectId": ""]), .invalidParameter("project", parameter: "projectId", reason: "empty")),
    ])
    func routeInstancesAreChecked(target: RouteInstance, error: NavigationError) {
        #expect(Walk(Fixtures.coin).failure(of: .navigate(target)) == error)
    }

    @Test func parameterValuesHaveALengthLimit() {
        let long = route("project", ["projectId": "proj-" + String(repeating: "1", count: ParameterDefinition.maximumLength)])
        #expect(Walk(Fixtures.coin).failure(of: .navigate(long))
            == .invalidParameter("project", parameter: "projectId", reason: "longer than 1024 bytes"))
    }

    @Test func parameterKindsAreChecked() {
        var walk = Walk(Fixtures.suma)
        walk.run(.signIn(userID: "u"))
        #expect(walk.failure(of: .navigate(route("transaction", ["id": "seven"])))
            == .invalidParameter("transaction", parameter: "id", reason: "not an integer"))
        walk.go("transaction", ["id": "-7"])
        #expect(walk.current == route("transaction", ["id": "-7"]))
    }

    @Test func navigatingToTheCurrentScreenChangesNothing() {
        var walk = demo()
        walk.go("red.light")
        let before = walk.state
        #expect(walk.go("red.light").isEmpty)
        #expect(walk.state == before)
    }

    @Test func aScreenLowerInTheStackIsPoppedBackTo() {
        var walk = demo()
        walk.run(.selectTab("purple"))
        walk.go("purple.one")
        walk.go("purple.two")
        walk.go("purple")
        #expect(walk.changes == [.popped([route("purple.two"), route("purple.one")], to: route("purple"))])
        #expect(walk.screen.back == nil)
    }

    @Test func depthLimitsCountTheRootAndLeaveTheStateAlone() {
        var walk = demo()
        walk.run(.selectTab("purple"))
        walk.go("purple.one")
        walk.go("purple.two")
        let before = walk.state
        #expect(walk.failure(of: .navigate(route("purple.three"))) == .depthLimitExceeded("purple", limit: 3))
        #expect(walk.state == before)
        walk.go("purple.one")
        walk.go("purple.three")
        #expect(walk.backChain == ["purple.one", "purple"])
    }

    @Test func replaceTakesThePlaceOfTheTop() {
        var walk = demo()
        walk.run(.selectTab("yellow"))
        walk.go("yellow.step1")
        walk.go("yellow.step2")
        #expect(walk.changes == [.replaced(route("yellow.step1"), with: route("yellow.step2"))])
        #expect(walk.backChain == ["yellow"])
    }

    @Test func crossTabNavigationSwitchesTabsAndKeepsEveryStack() {
        var walk = demo()
        walk.go("red.light")
        walk.go("blue.lighter")
        #expect(walk.changes == [.tabSwitched(from: "red", to: "blue"), .pushed(route("blue.lighter"))])
        walk.go("red")
        #expect(walk.changes == [.tabSwitched(from: "blue", to: "red"), .popped([route("red.light")], to: route("red"))])
        walk.run(.selectTab("blue"))
        #expect(walk.current == route("blue.lighter"))
    }

    @Test func aRouteOfAnInactiveFlowIsRefusedWithNothingDismissed() {
        var walk = demo()
        walk.go("dark-red")
        #expect(walk.failure(of: .navigate(route("login"))) == .inactiveFlow("login", flow: "login-flow", active: "main"))
        #expect(walk.current == route("dark-red"))
    }

    // MARK: modals

    @Test func oneModalAtATimeEachFreshWhenPresented() {
        var walk = demo()
        walk.run(.selectTab("green"))
        walk.go("dark-green")
        walk.go("even-darker-green")
        walk.go("info.form")
        #expect(walk.changes == [
            .dismissed(route("dark-green"), revealing: route("green")),
            .presented(route("info.form"), style: .formSheet),
        ])
        walk.go("dark-green")
        #expect(walk.state.modal?.stack == [route("dark-green")])
    }

    @Test func aLaterModalStepOpensItsModalAtTheRoot() {
        var walk = demo()
        walk.go("even-darker-green")
        #expect(walk.changes == [
            .tabSwitched(from: "red", to: "green"),
            .presented(route("dark-green"), style: .fullScreen),
            .pushed(route("even-darker-green")),
        ])
        #expect(walk.backChain == ["dark-green", "green"])
    }

    @Test func aModalOfAnInactiveFlowIsRefusedNamingTheRouteAskedFor() throws {
        let twoFlows = try NavigationDefinition(
            root: .flows("app", initial: "a", [
                .stack("a", root: "a.home"),
                .stack("b", root: "b.home", modals: [.stack("m", root: "m.one")]),
            ]),
            routes: [
                RouteDefinition("a.home", path: "/a", title: "A", owner: "a"),
                RouteDefinition("b.home", path: "/b", title: "B", owner: "b"),
                RouteDefinition("m.one", path: "/m/1", title: "M1", owner: "m", presentation: .modal(.sheet)),
                RouteDefinition("m.two", path: "/m/2", title: "M2", owner: "m"),
            ]
        )
        let walk = Walk(twoFlows)
        #expect(walk.failure(of: .navigate(route("m.two"))) == .inactiveFlow("m.two", flow: "b", active: "a"))
        #expect(walk.failure(of: .navigate(route("m.one"))) == .inactiveFlow("m.one", flow: "b", active: "a"))
    }

    @Test func navigatingBehindAModalDismissesIt() {
        var walk = demo()
        walk.go("red.light")
        walk.go("dark-red")
        walk.go("red")
        #expect(walk.changes == [
            .dismissed(route("dark-red"), revealing: route("red.light")),
            .popped([route("red.light")], to: route("red")),
        ])
    }

    @Test func smartDismissalWhenTheTargetIsAlreadyBehind() {
        var walk = demo()
        walk.go("red.light")
        walk.go("info.alert")
        walk.go("red.light")
        #expect(walk.changes == [.dismissed(route("info.alert"), revealing: route("red.light"))])
        #expect(walk.state.modal == nil)
    }

    @Test func dismissingNothingIsAnError() {
        let walk = demo()
        #expect(walk.failure(of: .dismissModal) == .noModalPresented)
        #expect(walk.failure(of: .dismissDetour) == .noDetourPresented)
        #expect(walk.failure(of: .back) == .nothingToGoBackTo(route("red")))
    }

    // MARK: detours

    @Test func aDetourOverADetourStacksOnIt() {
        var walk = demo()
        walk.run(.selectTab("blue"))
        walk.run(.presentDetour(route("red.light")))
        walk.run(.presentDetour(route("green.light")))
        #expect(walk.changes == [.detourPresented(route("green.light"))])
        walk.run(.dismissDetour)
        #expect(walk.current == route("red.light"))
        walk.run(.dismissDetour)
        #expect(walk.current == route("blue"))
        #expect(walk.state.detours.isEmpty)
    }

    @Test func aDetourPushesItsOwnScreensAndBacksOutOfThem() {
        var walk = demo()
        walk.run(.selectTab("blue"))
        walk.run(.presentDetour(route("green")))
        walk.go("green.light")
        #expect(walk.state.detours.map(\.stack) == [[route("green"), route("green.light")]])
        #expect(walk.backChain == ["green", "blue"])
    }

    @Test func navigationThatCrossesADetourDismissesIt() {
        var walk = demo()
        walk.go("dark-red")
        walk.run(.presentDetour(route("blue.light")))
        #expect(walk.screen.underlying == route("dark-red"))
        walk.go("yellow")
        #expect(walk.changes == [
            .detourDismissed(route("blue.light"), revealing: route("dark-red")),
            .dismissed(route("dark-red"), revealing: route("red")),
            .tabSwitched(from: "red", to: "yellow"),
        ])
    }

    @Test func modalsAndOtherFlowsCannotBeDetours() {
        var walk = Walk(Fixtures.demo)
        #expect(walk.failure(of: .presentDetour(route("info.form"))) == .invalidDetour("info.form"))
        walk.run(.signIn(userID: "demo"))
        #expect(walk.failure(of: .presentDetour(route("login"))) == .inactiveFlow("login", flow: "login-flow", active: "main"))
        #expect(walk.failure(of: .presentDetour(route("red", ["x": "1"]))) == .unknownParameter("red", parameter: "x"))
        walk.run(.presentDetour(route("red")))
        #expect(walk.events.isEmpty)
    }

    // MARK: tabs

    /// Red holds Light Red and Blue holds Light and Lighter Blue, with Blue selected.
    static let twoPushedTabs: [NavigationCommand] = [
        .navigate(route("red.light")), .selectTab("blue"), .navigate(route("blue.light")), .navigate(route("blue.lighter")),
    ]

    @Test(arguments: [
        (twoPushedTabs, CoordinatorID("blue"),
         [NavigationEvent.Change.popped([route("blue.lighter"), route("blue.light")], to: route("blue"))],
         route("blue"), ["red": [route("red"), route("red.light")]]),
        (twoPushedTabs, "red", [.tabSwitched(from: "blue", to: "red")],
         route("red.light"), ["red": [route("red"), route("red.light")], "blue": [route("blue"), route("blue.light"), route("blue.lighter")]]),
        ([.navigate(route("red.light")), .selectTab("blue")], "blue", [],
         route("blue"), ["red": [route("red"), route("red.light")]]),
        ([.navigate(route("red.light")), .navigate(route("dark-red"))], "red",
         [.dismissed(route("dark-red"), revealing: route("red.light")), .popped([route("red.light")], to: route("red"))],
         route("red"), [:]),
        ([.selectTab("green"), .navigate(route("info.form"))], "green",
         [.dismissed(route("info.form"), revealing: route("green"))],
         route("green"), [:]),
        ([.navigate(route("red.light")), .navigate(route("dark-red")), .presentDetour(route("blue.light"))], "red",
         [.detourDismissed(route("blue.light"), revealing: route("dark-red")),
          .dismissed(route("dark-red"), revealing: route("red.light")),
          .popped([route("red.light")], to: route("red"))],
         route("red"), [:]),
    ] as [([NavigationCommand], CoordinatorID, [NavigationEvent.Change], RouteInstance, [CoordinatorID: [RouteInstance]])])
    func selectingTheCurrentTabPopsItOthersKeepTheirStacks(
        setup: [NavigationCommand], tab: CoordinatorID, changes: [NavigationEvent.Change],
        screen: RouteInstance, stacks: [CoordinatorID: [RouteInstance]]
    ) {
        var walk = demo()
        for command in setup {
            walk.run(command)
        }
        let before = walk.state
        walk.run(.selectTab(tab))
        #expect(walk.changes == changes)
        #expect(walk.events.allSatisfy { $0.source == .tabSwitch })
        #expect(walk.current == screen)
        #expect(walk.screen.tabBar?.items.filter(\.isSelected).map(\.id) == [tab])
        #expect(walk.state.stacks == stacks)
        #expect(walk.state.modal == nil && walk.state.detours.isEmpty)
        if changes.isEmpty {
            #expect(walk.state == before)
        }
    }

    @Test func selectingATabDismissesWhatCoversIt() {
        var walk = demo()
        walk.go("dark-red")
        walk.run(.presentDetour(route("blue.light")))
        walk.run(.selectTab("green"))
        #expect(walk.state.modal == nil && walk.state.detours.isEmpty)
        #expect(walk.current == route("green"))
    }

    @Test func tabsOfAnInactiveFlowAreRefused() {
        let walk = Walk(Fixtures.suma)
        #expect(walk.failure(of: .selectTab("profile")) == .inactiveFlow(nil, flow: "main", active: "onboarding"))
        #expect(walk.failure(of: .selectTab("auth")) == .unknownTab("auth"))
    }

    // MARK: flows and sign-in

    @Test func flowChangesStartFreshAndDiscardTheOldFlow() {
        var walk = demo()
        walk.run(.selectTab("blue"))
        walk.go("blue.light")
        walk.go("dark-red")
        walk.run(.changeFlow("login-flow"))
        #expect(walk.state.stacks.isEmpty && walk.state.selectedTabs.isEmpty && walk.state.modal == nil)
        walk.run(.changeFlow("main"))
        #expect(walk.current == route("red"))
        walk.go("blue.light")
        walk.run(.resetFlow)
        #expect(walk.current == route("red"))
        #expect(walk.changes == [.flowChanged(from: "main", to: "main")])
        #expect(walk.failure(of: .changeFlow("red")) == .unknownFlow("red"))
        #expect(Walk(Fixtures.coin).failure(of: .changeFlow("recents")) == .unknownFlow("recents"))
    }

    @Test func aTreeWithoutFlowsResetsWhole() {
        var walk = Walk(Fixtures.coin)
        walk.go("project", ["projectId": "proj-1"])
        walk.run(.resetFlow)
        #expect(walk.state == Fixtures.coin.initialState)
    }

    @Test func signInEventsSayWhatHappened() {
        var walk = Walk(Fixtures.demo)
        walk.go("blue.light")
        walk.run(.signIn(userID: "demo"))
        #expect(walk.changes == [
            .signedIn(userID: "demo"),
            .flowChanged(from: "login-flow", to: "main"),
            .destinationResumed(route("blue.light")),
            .tabSwitched(from: "red", to: "blue"),
            .pushed(route("blue.light")),
        ])
        #expect(walk.events.allSatisfy { $0.source == .autoRedirect })
        #expect(walk.failure(of: .signIn(userID: "")) == .invalidUserID)
        #expect(walk.failure(of: .signIn(userID: String(repeating: "u", count: 257))) == .invalidUserID)
    }

    @Test func sessionExpiryKeepsOnlyAGuardedScreen() {
        var walk = demo()
        walk.run(.selectTab("purple"))
        walk.go("purple.one")
        walk.go("purple.two")
        walk.run(.signOut(keepDestination: true))
        #expect(walk.state.pendingDestination == route("purple.two"))
        walk.run(.signIn(userID: "demo"))
        #expect(walk.current == route("purple.two"))
        #expect(walk.backChain == ["purple"])

        var portal = Walk(Fixtures.realityPortal)
        portal.go("listing", ["id": "123"])
        portal.run(.signOut(keepDestination: true))
        #expect(portal.state.pendingDestination == nil)
    }

    @Test func aDestinationTheAppCanNoLongerShowIsDroppedAndSignInSucceeds() throws {
        // Stored before the app tightened the pattern of `projectId`.
        let stored = try NavigationState(encoded: Array(#"{"v":1,"pending":{"r":"project","p":{"projectId":"42"}}}"#.utf8))
        var walk = Walk(Fixtures.coin, from: stored)
        walk.run(.signIn(userID: "ada"))
        #expect(walk.changes == [
            .signedIn(userID: "ada"),
            .destinationDropped(route("project", ["projectId": "42"]),
                                reason: .invalidParameter("project", parameter: "projectId", reason: "does not match proj-[0-9]+")),
        ])
        #expect(walk.state.userID == "ada")
        #expect(walk.state.pendingDestination == nil)
        #expect(walk.current == route("recents"))
    }

    @Test func guardsSendEveryGuardedEntryToSignIn() {
        var walk = Walk(Fixtures.realityPortal)
        walk.go("new-inquiry", ["listingId": "123"])
        #expect(walk.current == route("login"))
        #expect(walk.state.pendingDestination == route("new-inquiry", ["listingId": "123"]))
        walk.run(.back)
        walk.run(.presentDetour(route("account")))
        #expect(walk.current == route("login"))
        #expect(walk.state.pendingDestination == route("account"))
    }
}
