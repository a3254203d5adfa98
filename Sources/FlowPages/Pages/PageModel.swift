import Foundation
import FlowDefinition
import HTMLTemplate
import Navigation

/// What the layout and a screen template read about where the person is: built from the
/// navigation engine's ``Screen`` for one app and session state.
///
/// The keys are documented for template authors in `Views/README.md`.
struct PageModel: Sendable {
    let app: AppDefinition
    let urls: AppURLs
    /// What every page of the app reads the same: built once, not per request.
    let appValue, urlsValue, actionsValue: TemplateValue
    /// Each form as it reads with no draft and no error, by id.
    let pristineForms: [String: TemplateValue]
    /// Each sheet's `page.detent`, by its modal's root route.
    private let detents: [RouteName: TemplateValue]

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
            "audit": .string(urls.prefix + ReservedPath.audit.path),
            "reset": .string(urls.prefix + ReservedPath.tool.path(PrototypeTools.Tool.reset.rawValue)), "expire": .string(urls.prefix + ReservedPath.tool.path(PrototypeTools.Tool.expire.rawValue)),
            "failNetwork": .string(urls.prefix + ReservedPath.tool.path(PrototypeTools.Tool.failNetwork.rawValue)), "failServer": .string(urls.prefix + ReservedPath.tool.path(PrototypeTools.Tool.failServer.rawValue)),
        ]
        actionsValue = .record(TemplateRecord(app.actions.mapValues { .string(urls.action($0.id)) }))
        pristineForms = app.forms.mapValues { Self.formValue($0, draft: [:], errors: [:]) }
        detents = app.detents.mapValues { detent in
            var value: [String: TemplateValue] = ["name": .string(detent.name), "label": .string(detent.spokenLabel)]
            if case .custom(let height) = detent { value["height"] = .string(height) }
            return .record(TemplateRecord(value))
        }
    }

    /// The template context for the current screen of `state`; `takesFocus` false for a screen
    /// drawn beneath a sheet, which nothing of may take focus.
    func context(for state: NavigationState, csrfToken: String, data: PageData = .none, takesFocus: Bool = true) -> [String: TemplateValue] {
        let navigation = app.navigation
        let screen = data.screen ?? navigation.screen(in: state)
        let titles = Titles(app: app, filled: data.titles, crumbs: data.crumbs)
        let (forms, errors) = self.forms(state, on: screen.route, edited: data.editedForms, options: data.choiceOptions)
        // An alert takes focus itself; nothing under it does. Never a field (see `forms`).
        let showsAlert = state.alert.flatMap { app.alerts[$0.name] } != nil
        let focus: Focus = !takesFocus || showsAlert ? .none : errors.isTruthy ? .errorSummary : .heading
        var context: [String: TemplateValue] = [
            "app": appValue,
            "page": page(screen, state: state, titles: titles, focus: focus),
            "route": ["name": .string(screen.route.name.rawValue), "url": .string(urls.screen(screen.route))],
            "params": .record(TemplateRecord((app.navigation.route(screen.route.name)?.values(of: screen.route) ?? screen.route.parameters).mapValues { .string($0) })),
            "csrf": .string(csrfToken),
            "urls": urlsValue,
            "actions": actionsValue,
            "signedIn": .bool(state.userID != nil),
            "prototype": .bool(isPrototype),
            "pending": ["email": BackendMemory.values(state)["email"].map { .string($0) } ?? .null],
            // Where signing in leads: carried by every form, for a visitor whose state is not stored.
            "then": state.pendingDestination.map { .string(urls.screen($0)) } ?? .null,
            // The Invalid Link alert a GET showed, carried likewise: its buttons then answer it.
            "shownAlert": state.alert?.name == WellKnownAlert.invalidLink.id ? .string(WellKnownAlert.invalidLink.id) : .null,
        ]
        context["forms"] = forms
        context["errors"] = errors
        // Its title here; the page renderer draws the screen itself under a sheet (`html`, `tab`).
        context["underlying"] = screen.underlying.map { ["title": .string(titles[$0])] } ?? .null
        context["back"] = back(screen, titles: titles)
        context["breadcrumbs"] = breadcrumbs(screen, titles: titles)
        context["tabs"] = tabs(screen, counts: data.counts)
        context["user"] = data.user
        context["counts"] = .record(TemplateRecord(data.counts.mapValues { .int($0) }))
        for (name, value) in data.values { context[name] = value }
        context["alert"] = state.alert.flatMap { alert($0) } ?? .null
        context["toasts"] = .array(state.toasts.compactMap { toast in
            let message = switch toast.name {
            case ServerNotice.outOfDate: Self.outOfDateMessage
            case ServerNotice.message, ServerNotice.error: toast.values["message"]
            default: app.toasts[toast.name]
            }
            return message.map { ["message": .string(Self.fill($0, with: toast.values)), "error": .bool(toast.name == ServerNotice.error)] }
        })
        return context
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

    private func page(_ screen: Screen, state: NavigationState, titles: Titles, focus: Focus) -> TemplateValue {
        let context: String
        var modalStyle: TemplateValue = .null
        switch screen.context {
        case .root: context = "root"
        case .tab: context = "tab"
        case .pushed: context = "pushed"
        case .detour: context = "detour"
        case .modal(let style):
            context = "modal"
            // As app.xml's presentation names it: `class="style-full-screen"`.
            modalStyle = .string(style.name)
        }
        return [
            "heading": .string(titles[screen.route]),
            "documentTitle": .string(documentTitle(screen, state: state, titles: titles)),
            "step": app.steps[screen.route.name].map { .string($0) } ?? .null,
            "context": .string(context),
            "isModal": .bool(context == "modal"),
            "modalStyle": modalStyle,
            "detent": detent(screen),
            // The tab the screen belongs to, so an app's stylesheet can colour it.
            "tab": screen.tabBar?.items.first(where: \.isSelected).map { .string($0.id.rawValue) } ?? .null,
            "isAlert": .bool(modalStyle == "alert"),
            "focusHeading": .bool(focus == .heading),
            "focusErrors": .bool(focus == .errorSummary),
            // The toolbar would sit hidden under a modal, where Tab would still reach it (WCAG 2.4.11).
            "showsTools": .bool(isPrototype && context != "modal"),
            // The element id of the form whose unsaved changes the screen guards: the bar's and
            // tab bar's buttons post its fields on the way.
            "guardedForm": app.leaveGuards[screen.route.name].map { .string($0.form + "-form") } ?? .null,
        ]
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
    private func detent(_ screen: Screen) -> TemplateValue {
        screen.breadcrumbs.first { $0.layer == .modal }.flatMap { detents[$0.route.name] } ?? .null
    }

    private func back(_ screen: Screen, titles: Titles) -> TemplateValue {
        guard let back = screen.back else { return .null }
        let destination = titles[back.destination]
        switch back {
        case .pop, .dismissDetour:
            return ["label": .string(app.backShowsTitle ? destination : "Back"), "showsTitle": .bool(app.backShowsTitle),
                    "namesDestination": true, "destination": .string(destination), "kind": "back", "action": .string(urls.back)]
        case .dismissModal:
            // "Close" alone, as a dialog's close is named: where it leads is the page beneath.
            return ["label": .string(app.closeLabels[screen.route.name] ?? "Close"), "showsTitle": false,
                    "namesDestination": false, "destination": .string(destination), "kind": "close", "action": .string(urls.back)]
        }
    }

    private func breadcrumbs(_ screen: Screen, titles: Titles) -> TemplateValue {
        let crumbs = screen.breadcrumbs.filter { $0.layer == .stack }
        guard crumbs.count > 1 else { return .null }
        let labels = crumbs.map { titles.crumb($0) }
        return [
            "label": .string("Current location: " + labels.joined(separator: ", then ")),
            "items": .array(labels.enumerated().map { index, label in
                ["title": .string(label), "current": .bool(index == crumbs.count - 1)]
            }),
        ]
    }

    /// Screen titles as a page shows them: a route's own, or filled from its records.
    struct Titles {
        let app: AppDefinition
        let filled: [RouteInstance: String]
        let crumbs: [RouteInstance: String]

        subscript(instance: RouteInstance) -> String {
            filled[instance] ?? app.navigation.route(instance.name)?.title ?? instance.name.rawValue
        }

        /// A trail's label: the route's short name, else its title.
        func crumb(_ crumb: Breadcrumb) -> String {
            crumbs[crumb.route] ?? app.navigation.route(crumb.route.name)?.breadcrumb ?? self[crumb.route]
        }
    }

    private func tabs(_ screen: Screen, counts: [String: Int]) -> TemplateValue {
        guard let bar = screen.tabBar, bar.isVisible else { return .null }
        return .array(bar.items.map { item in
            [
                "id": .string(item.id.rawValue), "title": .string(item.item.title),
                "icon": item.item.icon.flatMap { TabIcon.url($0, own: app.icons, prefix: urls.prefix) } ?? .null,
                "badge": badge(item.item.badge, counts: counts),
                "selected": .bool(item.isSelected), "action": .string(urls.tab(item.id)),
            ]
        })
    }

    /// A tab's count: its number, and the words a screen reader hears ("1 unread"); null at zero.
    private func badge(_ name: String?, counts: [String: Int]) -> TemplateValue {
        guard let name, let count = counts[name], count > 0 else { return .null }
        let label = app.data.counts[name]?.label.map { "\(count) \($0)" } ?? String(count)
        return ["count": .int(count), "label": .string(label)]
    }

    private func alert(_ notice: Notice) -> TemplateValue? {
        guard let alert = app.alerts[notice.name] else { return nil }
        return [
            "title": .string(alert.title), "message": .string(Self.fill(alert.message, with: notice.values)),
            "dismissible": .bool(alert.isDismissible),
            "buttons": .array(alert.buttons.map { button in
                let target = button.discardsChanges ? urls.discard : button.action.map(urls.action) ?? urls.dismiss
                return ["label": .string(button.label), "action": .string(target)]
            }),
        ]
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
    static func fill(_ message: String, with values: [String: String]) -> String {
        var result = message
        for (name, value) in values { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
        return result
    }
}
