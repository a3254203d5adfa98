import FlowDefinition
import Navigation

/// Leaving a form with unsaved changes asks first (`<unsaved-changes>` of a route): a navigation
/// that would take a person off a guarded screen whose form is dirty is held in the session, and
/// the guard's alert shown over the unchanged screen. "Discard" (``PostCommand/discard``) throws
/// the changes away and carries out exactly the navigation held; any other answer keeps them.
///
/// What is held is named in a ``Notice``: `back`, `dismiss`, `start-over`, `tab:<id>`,
/// `action:<id>` with the form fields it posted, `screen:<url>` (a GET: the browser's Back, an
/// address typed) or `link:<url>` (a deep link, followed as the link opener follows it).
struct UnsavedChanges {
    let app: MountedApp

    /// The guarded screen `before` shows with unsaved changes that `after` no longer shows, with
    /// its guard; nil when no such screen is left. A screen still shown beneath one pushed or
    /// presented over it has not been left.
    func left(from before: NavigationState, to after: NavigationState, data: AppData) throws -> (screen: RouteInstance, guard: LeaveGuard)? {
        // Most requests: no guarded screen has a draft of its form, so nothing can be dirty.
        let drafted = before.formDrafts.contains { screen, forms in app.app.leaveGuards[screen.name].map { forms[$0.form] != nil } ?? false }
        guard drafted else { return nil }
        let stillShown = Set(app.navigation.screen(in: after).breadcrumbs.map(\.route))
        for crumb in app.navigation.screen(in: before).breadcrumbs.reversed() where !stillShown.contains(crumb.route) {
            guard let leaveGuard = app.app.leaveGuards[crumb.route.name] else { continue }
            if try isDirty(leaveGuard, on: crumb.route, in: before, data: data) { return (crumb.route, leaveGuard) }
        }
        return nil
    }

    /// Whether the form's draft on `screen` differs from what the form starts from there: the
    /// record it edits, or empty when it edits none. Both read as drafts do (an empty field or
    /// an unticked box is absent), so a field cleared is a change.
    func isDirty(_ leaveGuard: LeaveGuard, on screen: RouteInstance, in state: NavigationState, data: AppData) throws -> Bool {
        guard let draft = state.draft(of: leaveGuard.form, on: screen), let form = app.app.forms[leaveGuard.form] else { return false }
        let saved = try data.edited(leaveGuard.form, on: screen)
        return form.fields.contains { field in field.type != .hidden && draft[field.name] != saved[field.name] }
    }

    /// Whether `command` saves the guarded form (posts it to an action that creates or updates a
    /// record): leaving by saving never asks.
    func saves(_ command: PostCommand, _ leaveGuard: LeaveGuard) -> Bool {
        guard case .action(let action) = command, action.form == leaveGuard.form else { return false }
        return Self.writes(action.steps)
    }

    private static func writes(_ steps: [ActionStep]) -> Bool {
        steps.contains { step in
            switch step {
            case .data(.create), .data(.update): true
            case .effect(_, _, let success, let failure): writes(success) || writes(failure)
            default: false
            }
        }
    }

    /// `state` with `navigation` held behind the guard's alert; nothing else changes.
    func hold(_ navigation: HeldNavigation, by leaveGuard: LeaveGuard, on state: NavigationState) -> NavigationState {
        var held = state
        held.alert = Notice(leaveGuard.alert)
        held.heldNavigation = navigation.notice
        held.formErrors = nil
        return held
    }

    /// A post command as it is held, with the form fields an action posted (never a password,
    /// which is not kept); nil for the answers to the alert itself, which never leave.
    func held(_ command: PostCommand, form: [String: String]) -> HeldNavigation? {
        switch command {
        case .back: .back
        case .dismiss: .dismiss
        case .startOver: .startOver
        case .discard, .keep, .hideAppBanner: nil
        case .tab(let tab): .tab(tab)
        case .action(let action):
            .action(id: action.id, form: form.filter { name, _ in name != "csrf" && !FormCheck.isPassword(name, in: app.app) })
        }
    }

    /// What a held navigation does once the changes are discarded.
    enum Continuation {
        /// A post, run again with the fields it posted.
        case post(PostCommand, form: [String: String])
        /// A screen's GET.
        case screen(RouteInstance)
        /// A deep link.
        case link(LinkDestination)
    }

    /// The continuation `held` names; nil for a name this app no longer knows (an action
    /// removed since), which then leads nowhere.
    func continuation(of held: Notice) -> Continuation? {
        switch HeldNavigation(held) {
        case .back: .post(.back, form: [:])
        case .dismiss: .post(.dismiss, form: [:])
        case .startOver: .post(.startOver, form: [:])
        case .tab(let tab): .post(.tab(tab), form: [:])
        case .action(let id, let form): app.app.actions[id].map { .post(.action($0), form: form) }
        case .screen(let url): app.screen(at: url).map { .screen($0) }
        case .link(let url): app.destination(at: url).map { .link($0) }
        case nil: nil
        }
    }

    /// `state` with the alert answered and the changes of every guarded screen it shows thrown
    /// away: their forms' drafts forgotten.
    func discarding(_ state: NavigationState) -> NavigationState {
        var discarded = state
        discarded.alert = nil
        discarded.heldNavigation = nil
        for crumb in app.navigation.screen(in: state).breadcrumbs {
            if let form = app.app.leaveGuards[crumb.route.name]?.form { discarded.clearDraft(form: form, on: crumb.route) }
        }
        return discarded
    }
}
