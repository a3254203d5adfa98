import FlowStore
import Navigation

/// A state ready to be saved: encoded, with its events, the screen view it makes and how the
/// screen moved (kept in the state for the page that shows it; none when it did not move).
struct SessionSave {
    let state: NavigationState
    let encoded: [UInt8]
    let events: [StoredEvent]
    let changesUser: Bool
    /// The screen it arrives on, when that changed.
    let opened: RouteInstance?
    /// How the screen moved, when it changed.
    let motion: Motion?
    /// The screen a tester's try records (``UsabilityMark``): the one arrived on, or the start of
    /// a try just begun.
    let testerStep: (attempt: Int64, step: StoredMissionAttempt.Step)?

    /// `since`: when the screen it leaves was opened, if known: the time spent there.
    /// `byPost`: whether a post saves it (a GET's move is the browser's).
    init(_ state: NavigationState, events: [StoredEvent], after old: NavigationState, source: NavigationSource, app: MountedApp, byPost: Bool = true,
         screenSince since: Int64?, now: Int64) {
        changesUser = state.userID != old.userID
        let previous = app.navigation.currentScreen(in: old), current = app.navigation.currentScreen(in: state)
        opened = current == previous ? nil : current
        motion = current == previous ? nil : Motion.between(app.navigation.screen(in: old), app.navigation.screen(in: state), source: source)
        var state = state
        state.motion = motion
        self.state = state
        encoded = state.encoded()
        if let attempt = UsabilityMark(in: state)?.attempt, opened != nil || UsabilityMark(in: old)?.attempt != attempt {
            // The app's Back or Close (their posts), or the browser's Back (a GET that shortens the
            // trail or closes a sheet); an action that closes something on its way on is no going back.
            let isBack = byPost ? source == .back : motion == .back || motion == .dismiss
            testerStep = (attempt, .init(route: current.name.rawValue, at: now, isBack: isBack))
        } else {
            testerStep = nil
        }
        self.events = current == previous ? events : events + [StoredEvent(
            time: now, app: app.app.id, kind: .screenView, screen: current.name.rawValue,
            previousScreen: previous.name.rawValue, source: source.analyticsName, dwell: since.map { max(0, now - $0) }
        )]
    }
}
