import HTMLTemplate

/// The parts of a screen's page, each a model its templates read.
extension ScreenPage {
    /// Where the person is and how the page presents it.
    final class PageFacts: TemplateModel {
        let heading: String
        /// "Personal Info – Create Account, step 2 of 3 – SUMA Finance": how a page change is announced.
        let documentTitle: String
        /// "2 of 3" on a step of a flow.
        let step: String?
        /// `root`, `tab`, `pushed`, `detour` or `modal`.
        let context: String
        /// A modal's presentation as `app.xml` names it: `class="style-full-screen"`.
        let modalStyle: String?
        let detent: Detent?
        /// The tab the screen belongs to, so an app's stylesheet can colour it.
        let tab: String?
        let focusHeading: Bool
        let focusErrors: Bool
        /// The toolbar would sit hidden under a modal, where Tab would still reach it (WCAG 2.4.11).
        let showsTools: Bool
        /// The element id of the form whose unsaved changes the screen guards: the bar's and tab
        /// bar's buttons post its fields on the way.
        let guardedForm: String?

        init(heading: String, documentTitle: String, step: String?, context: String, modalStyle: String?, detent: Detent?, tab: String?,
             focusHeading: Bool, focusErrors: Bool, showsTools: Bool, guardedForm: String?) {
            (self.heading, self.documentTitle, self.step, self.context, self.modalStyle, self.detent) = (heading, documentTitle, step, context, modalStyle, detent)
            (self.tab, self.focusHeading, self.focusErrors, self.showsTools, self.guardedForm) = (tab, focusHeading, focusErrors, showsTools, guardedForm)
        }

        var isModal: Bool { context == "modal" }
        var isAlert: Bool { modalStyle == "alert" }

        static let templateMembers: TemplateMembers<PageFacts> = [
            "heading": .init { $0.heading }, "documentTitle": .init { $0.documentTitle }, "step": .init { $0.step },
            "context": .init { $0.context }, "isModal": .init { $0.isModal }, "modalStyle": .init { $0.modalStyle },
            "detent": .init { $0.detent }, "tab": .init { $0.tab }, "isAlert": .init { $0.isAlert },
            "focusHeading": .init { $0.focusHeading }, "focusErrors": .init { $0.focusErrors },
            "showsTools": .init { $0.showsTools }, "guardedForm": .init { $0.guardedForm },
        ]
    }

    /// A usability test's mission as its tester sees it beside the app: "Mission 2 of 3", the
    /// task, where "I'm done", "Give up" and "Restart this mission" post, and the page that
    /// withdraws from the test.
    final class Mission: TemplateModel {
        let number: String
        let task: String
        let done: String
        let giveUp: String
        let restart: String
        let withdraw: String

        init(number: String, task: String, done: String, giveUp: String, restart: String, withdraw: String) {
            (self.number, self.task, self.done, self.giveUp, self.restart, self.withdraw) = (number, task, done, giveUp, restart, withdraw)
        }

        static let templateMembers: TemplateMembers<Mission> = [
            "number": .init { $0.number }, "task": .init { $0.task }, "done": .init { $0.done }, "giveUp": .init { $0.giveUp },
            "restart": .init { $0.restart }, "withdraw": .init { $0.withdraw },
        ]
    }

    /// A sheet's height: its name, the words a screen reader hears, and a custom height.
    final class Detent: TemplateModel {
        let name: String
        let label: String
        let height: String?

        init(name: String, label: String, height: String?) { (self.name, self.label, self.height) = (name, label, height) }

        static let templateMembers: TemplateMembers<Detent> = [
            "name": .init { $0.name }, "label": .init { $0.label }, "height": .init { $0.height },
        ]
    }

    final class RouteFacts: TemplateModel {
        let name: String
        let url: String

        init(name: String, url: String) { (self.name, self.url) = (name, url) }

        static let templateMembers: TemplateMembers<RouteFacts> = ["name": .init { $0.name }, "url": .init { $0.url }]
    }

    final class Pending: TemplateModel {
        /// The address the prototype backend last sent a code or link to.
        let email: String?

        init(email: String?) { self.email = email }

        static let templateMembers: TemplateMembers<Pending> = ["email": .init { $0.email }]
    }

    /// One error of a refused submit, linked to its field (`href` nil for the form's own message).
    final class ErrorLink: TemplateModel {
        let message: String
        let href: String?

        init(message: String, href: String?) { (self.message, self.href) = (message, href) }

        static let templateMembers: TemplateMembers<ErrorLink> = ["message": .init { $0.message }, "href": .init { $0.href }]
    }

    /// The screen a sheet stands over: its title, and drawn in full (dimmed, inert) unless the
    /// sheet covers it.
    final class Underlying: TemplateModel {
        let title: String
        let html: SafeHTML?
        let tab: String?

        init(title: String, html: SafeHTML? = nil, tab: String? = nil) { (self.title, self.html, self.tab) = (title, html, tab) }

        static let templateMembers: TemplateMembers<Underlying> = ["title": .init { $0.title }, "html": .init { $0.html }, "tab": .init { $0.tab }]
    }

    /// The bar's Back, or a sheet's Close.
    final class Back: TemplateModel {
        let label: String
        let showsTitle: Bool
        let namesDestination: Bool
        let destination: String
        /// `back` or `close`.
        let kind: String
        let action: String

        init(label: String, showsTitle: Bool, namesDestination: Bool, destination: String, kind: String, action: String) {
            (self.label, self.showsTitle, self.namesDestination) = (label, showsTitle, namesDestination)
            (self.destination, self.kind, self.action) = (destination, kind, action)
        }

        static let templateMembers: TemplateMembers<Back> = [
            "label": .init { $0.label }, "showsTitle": .init { $0.showsTitle }, "namesDestination": .init { $0.namesDestination },
            "destination": .init { $0.destination }, "kind": .init { $0.kind }, "action": .init { $0.action },
        ]
    }

    /// The trail to the screen: "Current location: Home, then Settings".
    final class Breadcrumbs: TemplateModel {
        let label: String
        let items: [Crumb]

        init(label: String, items: [Crumb]) { (self.label, self.items) = (label, items) }

        static let templateMembers: TemplateMembers<Breadcrumbs> = ["label": .init { $0.label }, "items": .init { $0.items }]
    }

    final class Crumb: TemplateModel {
        let title: String
        let current: Bool

        init(title: String, current: Bool) { (self.title, self.current) = (title, current) }

        static let templateMembers: TemplateMembers<Crumb> = ["title": .init { $0.title }, "current": .init { $0.current }]
    }

    /// One tab of the tab bar.
    final class Tab: TemplateModel {
        let id: String
        let title: String
        /// The drawing's address in a sprite (``TabIcon``).
        let icon: String?
        let badge: Badge?
        let selected: Bool
        let action: String

        init(id: String, title: String, icon: String?, badge: Badge?, selected: Bool, action: String) {
            (self.id, self.title, self.icon, self.badge, self.selected, self.action) = (id, title, icon, badge, selected, action)
        }

        static let templateMembers: TemplateMembers<Tab> = [
            "id": .init { $0.id }, "title": .init { $0.title }, "icon": .init { $0.icon }, "badge": .init { $0.badge },
            "selected": .init { $0.selected }, "action": .init { $0.action },
        ]
    }

    /// A tab's count and the words a screen reader hears ("1 unread").
    final class Badge: TemplateModel {
        let count: Int
        let label: String

        init(count: Int, label: String) { (self.count, self.label) = (count, label) }

        static let templateMembers: TemplateMembers<Badge> = ["count": .init { $0.count }, "label": .init { $0.label }]
    }

    /// An alert over the page, with its buttons.
    final class Alert: TemplateModel {
        let title: String
        let message: String
        let dismissible: Bool
        let buttons: [Button]

        init(title: String, message: String, dismissible: Bool, buttons: [Button]) {
            (self.title, self.message, self.dismissible, self.buttons) = (title, message, dismissible, buttons)
        }

        static let templateMembers: TemplateMembers<Alert> = [
            "title": .init { $0.title }, "message": .init { $0.message }, "dismissible": .init { $0.dismissible }, "buttons": .init { $0.buttons },
        ]
    }

    /// An alert's button: what it says and where it posts.
    final class Button: TemplateModel {
        let label: String
        let action: String

        init(label: String, action: String) { (self.label, self.action) = (label, action) }

        static let templateMembers: TemplateMembers<Button> = ["label": .init { $0.label }, "action": .init { $0.action }]
    }

    final class Toast: TemplateModel {
        let message: String
        let error: Bool

        init(message: String, error: Bool) { (self.message, self.error) = (message, error) }

        static let templateMembers: TemplateMembers<Toast> = ["message": .init { $0.message }, "error": .init { $0.error }]
    }

    /// What a screen that could not be drawn says, and in a prototype what failed.
    final class Failure: TemplateModel {
        let message: String
        let detail: String?

        init(message: String, detail: String?) { (self.message, self.detail) = (message, detail) }

        static let templateMembers: TemplateMembers<Failure> = ["message": .init { $0.message }, "detail": .init { $0.detail }]
    }
}
