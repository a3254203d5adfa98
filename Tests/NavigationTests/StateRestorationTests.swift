import Navigation
import NavigationFixtures
import Testing

@Suite struct StateRestorationTests {
    @Test func aFittingStateIsRestored() {
        var walk = Walk(Fixtures.coin)
        walk.go("project", ["projectId": "proj-123"])
        walk.go("canvas", ["coinId": "c1"])
        #expect(Fixtures.coin.restore(encoded: walk.state.encoded()) == .restored(walk.state))
    }

    @Test func unreadableBytesStartOver() {
        let restoration = Fixtures.coin.restore(encoded: Array("not json".utf8))
        #expect(restoration.state == Fixtures.coin.initialState)
        guard case .reset(_, let reason) = restoration else {
            Issue.record("expected a reset")
            return
        }
        #expect(reason.hasPrefix("the stored navigation state could not be read: the stored navigation state is malformed"))
    }

    @Test func aNewerStateStartsOverAndSaysWhy() {
        let restoration = Fixtures.coin.restore(encoded: Array(#"{"v":7}"#.utf8))
        guard case .reset(let state, let reason) = restoration else {
            Issue.record("expected a reset")
            return
        }
        #expect(state == Fixtures.coin.initialState)
        #expect(reason.contains("version 7, newer than this FlowPages"))
    }

    @Test func aStateTheChangedAppNoLongerHasStartsOverKeepingUserAndFlags() {
        // Stored by an app that had a `report` route on Projects.
        let stored = Array(#"{"v":1,"stacks":{"projects":[{"r":"projects"},{"r":"report"}]},"tabs":{"coin":"projects"},"user":"ada","flags":["tour-seen"]}"#.utf8)
        guard case .reset(let state, let reason) = Fixtures.coin.restore(encoded: stored) else {
            Issue.record("expected a reset")
            return
        }
        #expect(reason == "the stored navigation state no longer fits the app: stack 'projects': there is no route named 'report'")
        #expect(state.userID == "ada")
        #expect(state.flags == ["tour-seen"])
        #expect(Fixtures.coin.currentScreen(in: state) == route("recents"))
    }

    @Test(arguments: [
        (#"{"v":1,"flow":"main"}"#, "the app has no flows but the state names one"),
        (#"{"v":1,"stacks":{"coin":[{"r":"recents"}]}}"#, "stack 'coin' is not a stack of the active flow"),
        (#"{"v":1,"stacks":{"recents":[{"r":"recents"}]}}"#, "stack 'recents' is stored at its root"),
        (#"{"v":1,"stacks":{"recents":[]}}"#, "stack 'recents' is empty"),
        (#"{"v":1,"stacks":{"recents":[{"r":"recents"},{"r":"projects"}]}}"#, "stack 'recents' holds 'projects', which it does not handle"),
        (#"{"v":1,"stacks":{"projects":[{"r":"projects"},{"r":"project","p":{"projectId":"nope"}}]}}"#,
         "stack 'projects': the value of 'projectId' for route 'project' is invalid: does not match proj-[0-9]+"),
        (#"{"v":1,"tabs":{"coin":"recents"}}"#, "tab coordinator 'coin' is stored on its initial tab"),
        (#"{"v":1,"tabs":{"coin":"canvas"}}"#, "tab 'canvas' of 'coin' is not a tab of the active flow"),
        (#"{"v":1,"modal":{"c":"projects","s":[{"r":"projects"}]}}"#, "modal 'projects' is not a modal of the active flow"),
        (#"{"v":1,"detour":{"c":"canvas","s":[{"r":"settings"}]}}"#, "detour 'canvas' holds 'settings', which it does not handle"),
        (#"{"v":1,"pending":{"r":"gone"}}"#, "the pending destination 'gone' is not a route"),
    ])
    func inconsistenciesAreNamed(stored: String, problem: String) throws {
        let state = try NavigationState(encoded: Array(stored.utf8))
        #expect(Fixtures.coin.inconsistencies(in: state) == [problem])
    }

    @Test func aStateOfAnotherFlowOrOverTheDepthLimitIsInconsistent() throws {
        let wrongFlow = try NavigationState(encoded: Array(#"{"v":1,"flow":"auth","stacks":{"home":[{"r":"home"},{"r":"transaction","p":{"id":"1"}}]}}"#.utf8))
        #expect(Fixtures.suma.inconsistencies(in: wrongFlow) == ["stack 'home' is not a stack of the active flow"])
        let screens = (0..<5).map { _ in #"{"r":"login"}"# }.joined(separator: ",")
        let tooDeep = try NavigationState(encoded: Array(#"{"v":1,"flow":"auth","stacks":{"auth":[\#(screens)]}}"#.utf8))
        #expect(Fixtures.suma.inconsistencies(in: tooDeep) == ["stack 'auth' holds 5 screens, over its limit of 4"])
        let noFlow = try NavigationState(encoded: Array(#"{"v":1}"#.utf8))
        #expect(Fixtures.suma.inconsistencies(in: noFlow) == ["the active flow is not a flow"])
    }
}
