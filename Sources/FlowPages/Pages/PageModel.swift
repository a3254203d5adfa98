import Foundation
import FlowDefinition
import HTMLTemplate
import Navigation

/// Builds what the layout and a screen template read about where the person is (``ScreenPage``)
/// from the navigation engine's ``Screen`` for one app and session state.
package final class PageModel: Sendable {
    let app: AppDefinition
    let urls: AppURLs
    /// What every page of the app reads the same: built once, not per request.
    let appValue, urlsValue, actionsValue: TemplateValue
    /// Each form as it reads with no draft and no error, by id; and all of them as `forms` reads.
    let pristineForms: [String: TemplateValue]
    let pristineFormsValue: TemplateValue
    /// Each sheet's `page.detent`, by its modal's root route.
    private let detents: [RouteName: ScreenPage.Detent]

    /// Whether pages show the prototype toolbar.
    let isPrototype: Bool

    /// - Parameter stylesheet: the URL of the app's own stylesheet, when it has one.
    init(app: AppDefinition, urls: AppURLs, prototype: Bool = true, stylesheet: String? = nil) {
        self.app = app
        self.urls = urls
        self.isPrototype = prototype
        appValue = [
            "id": .string(app.id), "title": .string(app.title), "locale": .string(app.locale), "tablet": .bool(app.isTablet),
            "themeColor": app.themeColor.map { .string($0) } ?? .null,
            "stylesheet": stylesheet.map { .string($0) } ?? .null,
        ]
        urlsValue = [
            "back": .string(urls.back), "dismiss": .string(urls.dismiss), "keep": .string(urls.keep), "entry": .string(urls.prefix + "/"),
            "startOver": .string(urls.startOver),
            "mailbox": .string(urls.prefix + ReservedPath.mailbox.path), "events": .string(urls.prefix + ReservedPath.events.path),
            "map": .string(urls.prefix + ReservedPath.map.path), "insights": .string(urls.prefix + ReservedPath.insights.path),
            "audit": .string(urls.prefix + ReservedPath.audit.path), "usability": .string(urls.prefix + ReservedPath.usability.path),
            "reset": .string(urls.prefix + ReservedPath.tool.path(PrototypeTool.reset.rawValue)), "expire": .string(urls.prefix + ReservedPath.tool.path(PrototypeTool.expire.rawValue)),
            "failNetwork": .string(urls.prefix + ReservedPath.tool.path(PrototypeTool.failNetwork.rawValue)), "failServer": .string(urls.prefix + ReservedPath.tool.path(PrototypeTool.failServer.rawValue)),
        ]
        actionsValue = .record(TemplateRecord(app.actions.mapValues { .string(urls.action($0.id)) }))
        pristineForms = app.forms.mapValues { Self.formValue($0, draft: [:], errors: [:]) }
        pristineFormsValue = .record(TemplateRecord(pristineForms))
        detents = app.detents.mapValues { detent in
            let height: String? = if case .custom(let height) = detent { height } else { nil }
            return ScreenPage.Detent(name: detent.name, label: detent.spokenLabel, height: height)
        }
    }

    /// The page of the current screen of `state`; `takesFocus` false for a screen drawn beneath
    /// a sheet, which nothing of may take focus.
    func context(for state: NavigationState, csrfToken: String, data: PageData = .none, takesFocus: Bool = true) -> ScreenPage {
        let screen = data.screen ?? app.navigation.screen(in: state)
        let titles = Titles(model: self, filled: data.titles, crumbs: data.crumbs)
        let (forms, errors) = self.forms(state, on: screen.route, edited: data.editedForms, options: data.choiceOptions)
        // An alert takes focus itself; nothing under it does. Never a field (see `forms`).
        let showsAlert = state.alert.flatMap { app.alerts[$0.name] } != nil
        let focus: Focus = !takesFocus || showsAlert ? .none : errors != nil ? .errorSummary : .heading
        let parameters = app.navigation.route(screen.route.name)?.values(of: screen.route) ?? screen.route.parameters
        let tester = isPrototype ? UsabilityMark(in: state) : nil
        var page = ScreenPage(
            app: appValue, page: page(screen, state: state, titles: titles, focus: focus, isTester: tester != nil),
            route: .init(name: screen.route.name.rawValue, url: urls.screen(screen.route)),
            params: TemplateRecord(parameters.mapValues { .string($0) }), csrf: csrfToken, urls: urlsValue, actions: actionsValue,
            signedIn: state.userID != nil, prototype: isPrototype, pending: .init(email: BackendMemory(state).email),
            then: state.pendingDestination.map { urls.screen($0) },
            shownAlert: state.alert?.name == WellKnownAlert.invalidLink.id ? WellKnownAlert.invalidLink.id : nil,
            forms: forms, errors: errors,
            // Its title here; the page renderer draws the screen itself under a sheet (`html`, `tab`).
            underlying: screen.underlying.map { .init(title: titles[$0]) },
            back: back(screen, titles: titles), breadcrumbs: breadcrumbs(screen, titles: titles), tabs: tabs(screen, counts: data.counts),
            user: data.user, counts: TemplateRecord(data.counts.mapValues { .int($0) }),
            alert: state.alert.flatMap { alert($0) }, toasts: state.toasts.compactMap(toast), data: data.values)
        page.mission = tester.flatMap(mission)
        return page
    }

    /// The mission `tester` is trying, as the region beside the app shows it; nil between tries.
    private func mission(_ tester: UsabilityMark) -> ScreenPage.Mission? {
        guard tester.attempt != nil else { return nil }
        let path = { (reserved: ReservedPath) in self.urls.prefix + reserved.path(tester.test) }
        return ScreenPage.Mission(number: "Mission \(tester.number) of \(tester.missions)", task: tester.task,
                                  done: path(.testDone), giveUp: path(.testGiveUp), restart: path(.testRestart), withdraw: path(.testWithdraw))
    }

    private func toast(_ toast: Notice) -> ScreenPage.Toast? {
        let message = switch toast.name {
        case ServerNotice.outOfDate: Self.outOfDateMessage
        case ServerNotice.message, ServerNotice.error: toast.values["message"]
        default: app.toasts[toast.name]
        }
        return message.map { ScreenPage.Toast(message: Self.fill($0, with: toast.values), error: toast.name == ServerNotice.error) }
    }

    /// What a page focuses when it arrives.
    enum Focus {
        /// The heading: read first, and where moving by heading starts.
        case heading
        /// The error summary after a refused submit: what went wrong, each linked to its field.
        case errorSummary
        /// Nothing: an alert over the page takes it, or the screen is drawn beneath a sheet.
        case none
    }

    private func page(_ screen: Screen, state: NavigationState, titles: Titles, focus: Focus, isTester: Bool) -> ScreenPage.PageFacts {
        let context: String
        var modalStyle: String?
        switch screen.context {
        case .root: context = "root"
        case .tab: context = "tab"
        case .pushed: context = "pushed"
        case .detour: context = "detour"
        case .modal(let style):
            context = "modal"
            modalStyle = style.name
        }
        return ScreenPage.PageFacts(
            heading: titles[screen.route], documentTitle: documentTitle(screen, state: state, titles: titles),
            step: app.steps[screen.route.name], context: context, modalStyle: modalStyle, detent: detent(screen),
            tab: screen.tabBar?.items.first(where: \.isSelected)?.id.rawValue,
            focusHeading: focus == .heading, focusErrors: focus == .errorSummary,
            // A tester sees the app and their mission, not the team's tools.
            showsTools: isPrototype && context != "modal" && !isTester,
            guardedForm: app.leaveGuards[screen.route.name].map { $0.form + "-form" })
    }

    /// "Personal Info – Create Account, step 2 of 3 – SUMA Finance": the page title says where
    /// one is, which is how a page change is announced; "Error: " first when the last submit was
    /// refused (as GOV.UK does), and an alert's title first while it is shown.
    func documentTitle(_ screen: Screen, state: NavigationState, titles: Titles) -> String {
        let place = documentTitle(screen, titles: titles)
        if let alert = state.alert.flatMap({ app.alerts[$0.name] }) { return "Alert: \(alert.title) – \(place)" }
        return state.formErrors == nil ? place : "Error: " + place
    }

    /// Where the screen is, without what its state adds.
    func documentTitle(_ screen: Screen, titles: Titles) -> String {
        let title = titles[screen.route]
        guard let step = app.steps[screen.route.name], let (number, total) = Self.step(step) else {
            return "\(title) – \(app.title)"
        }
        let first = screen.breadcrumbs.first { crumb in app.steps[crumb.route.name].flatMap(Self.step)?.number == 1 }
        let flow = first.map { titles[$0.route] } ?? title
        if number == 1 || flow == title {
            return "\(title), step \(number) of \(total) – \(app.title)"
        }
        return "\(title) – \(flow), step \(number) of \(total) – \(app.title)"
    }

    /// The height of the sheet the screen is in, named by its modal's root route.
    private func detent(_ screen: Screen) -> ScreenPage.Detent? {
        screen.breadcrumbs.first { $0.layer == .modal }.flatMap { detents[$0.route.name] }
    }

    private func back(_ screen: Screen, titles: Titles) -> ScreenPage.Back? {
        guard let back = screen.back else { return nil }
        let destination = titles[back.destination]
        switch back {
        case .pop, .dismissDetour:
            return .init(label: app.backShowsTitle ? destination : "Back", showsTitle: app.backShowsTitle, namesDestination: true,
                         destination: destination, kind: "back", action: urls.back)
        case .dismissModal:
            // "Close" alone, as a dialog's close is named: where it leads is the page beneath.
            return .init(label: app.closeLabels[screen.route.name] ?? "Close", showsTitle: false, namesDestination: false,
                         destination: destination, kind: "close", action: urls.back)
        }
    }

    private func breadcrumbs(_ screen: Screen, titles: Titles) -> ScreenPage.Breadcrumbs? {
        let crumbs = screen.breadcrumbs.filter { $0.layer == .stack }
        guard crumbs.count > 1 else { return nil }
        let labels = crumbs.map { titles.crumb($0) }
        return .init(label: "Current location: " + labels.joined(separator: ", then "),
                     items: labels.enumerated().map { index, label in .init(title: label, current: index == crumbs.count - 1) })
    }

    /// Screen titles as a page shows them: a route's own, or filled from its records.
    struct Titles {
        /// The model, not its app's definition: a copy of that retains each of its many fields.
        let model: PageModel
        let filled: [RouteInstance: String]
        let crumbs: [RouteInstance: String]

        subscript(instance: RouteInstance) -> String {
            filled[instance] ?? model.app.navigation.route(instance.name)?.title ?? instance.name.rawValue
        }

        /// A trail's label: the route's short name, else its title.
        func crumb(_ crumb: Breadcrumb) -> String {
            crumbs[crumb.route] ?? model.app.navigation.route(crumb.route.name)?.breadcrumb ?? self[crumb.route]
        }
    }

    private func tabs(_ screen: Screen, counts: [String: Int]) -> [ScreenPage.Tab]? {
        guard let bar = screen.tabBar, bar.isVisible else { return nil }
        return bar.items.map { item in
            ScreenPage.Tab(id: item.id.rawValue, title: item.item.title, icon: item.item.icon.flatMap { TabIcon.url($0, own: app.icons, prefix: urls.prefix) },
                           badge: badge(item.item.badge, counts: counts), selected: item.isSelected, action: urls.tab(item.id))
        }
    }

    /// A tab's count: its number, and the words a screen reader hears ("1 unread"); nil at zero.
    private func badge(_ name: String?, counts: [String: Int]) -> ScreenPage.Badge? {
        guard let name, let count = counts[name], count > 0 else { return nil }
        return .init(count: count, label: app.data.counts[name]?.label.map { "\(count) \($0)" } ?? String(count))
    }

    private func alert(_ notice: Notice) -> ScreenPage.Alert? {
        guard let alert = app.alerts[notice.name] else { return nil }
        return .init(title: alert.title, message: Self.fill(alert.message, with: notice.values), dismissible: alert.isDismissible,
                     buttons: alert.buttons.map { button in
                         .init(label: button.label, action: button.discardsChanges ? urls.discard : button.action.map(urls.action) ?? urls.dismiss)
                     })
    }

    /// Shown when a post came from a page that no longer matches the session (DECISIONS 2).
    static let outOfDateMessage = "This page was out of date, so nothing was changed. This is where you are now."

    /// "2 of 3" → (2, 3).
    static func step(_ text: String) -> (number: Int, total: Int)? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let number = Int(parts[0]), let total = Int(parts[2]) else { return nil }
        return (number, total)
    }

    /// A message with `{name}` placeholders filled from `values`.
    package static func fill(_ message: String, with values: [String: String]) -> String {
        var result = message
        for (name, value) in values { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
        return result
    }
}
