import HTMLTemplate

/// The parts of a screen's page, each a model its templates read.
extension ScreenPage {
    /// Where the person is and how the page presents it.
    struct PageFacts: TemplateModel {
        var heading: String
        /// "Personal Info – Create Account, step 2 of 3 – SUMA Finance": how a page change is announced.
        var documentTitle: String
        /// "2 of 3" on a step of a flow.
        var step: String?
        /// `root`, `tab`, `pushed`, `detour` or `modal`.
        var context: String
        /// A modal's presentation as `app.xml` names it: `class="style-full-screen"`.
        var modalStyle: String?
        var detent: Detent?
        /// The tab the screen belongs to, so an app's stylesheet can colour it.
        var tab: String?
        var focusHeading: Bool
        var focusErrors: Bool
        /// The toolbar would sit hidden under a modal, where Tab would still reach it (WCAG 2.4.11).
        var showsTools: Bool
        /// The element id of the form whose unsaved changes the screen guards: the bar's and tab
        /// bar's buttons post its fields on the way.
        var guardedForm: String?

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

    /// A sheet's height: its name, the words a screen reader hears, and a custom height.
    struct Detent: TemplateModel {
        var name: String
        var label: String
        var height: String?

        static let templateMembers: TemplateMembers<Detent> = [
            "name": .init { $0.name }, "label": .init { $0.label }, "height": .init { $0.height },
        ]
    }

    struct RouteFacts: TemplateModel {
        var name: String
        var url: String

        static let templateMembers: TemplateMembers<RouteFacts> = ["name": .init { $0.name }, "url": .init { $0.url }]
    }

    struct Pending: TemplateModel {
        /// The address the prototype backend last sent a code or link to.
        var email: String?

        static let templateMembers: TemplateMembers<Pending> = ["email": .init { $0.email }]
    }

    /// One error of a refused submit, linked to its field (`href` nil for the form's own message).
    struct ErrorLink: TemplateModel {
        var message: String
        var href: String?

        static let templateMembers: TemplateMembers<ErrorLink> = ["message": .init { $0.message }, "href": .init { $0.href }]
    }

    /// The screen a sheet stands over: its title, and drawn in full (dimmed, inert) unless the
    /// sheet covers it.
    struct Underlying: TemplateModel {
        var title: String
        var html: SafeHTML?
        var tab: String?

        static let templateMembers: TemplateMembers<Underlying> = ["title": .init { $0.title }, "html": .init { $0.html }, "tab": .init { $0.tab }]
    }

    /// The bar's Back, or a sheet's Close.
    struct Back: TemplateModel {
        var label: String
        var showsTitle: Bool
        var namesDestination: Bool
        var destination: String
        /// `back` or `close`.
        var kind: String
        var action: String

        static let templateMembers: TemplateMembers<Back> = [
            "label": .init { $0.label }, "showsTitle": .init { $0.showsTitle }, "namesDestination": .init { $0.namesDestination },
            "destination": .init { $0.destination }, "kind": .init { $0.kind }, "action": .init { $0.action },
        ]
    }

    /// The trail to the screen: "Current location: Home, then Settings".
    struct Breadcrumbs: TemplateModel {
        var label: String
        var items: [Crumb]

        static let templateMembers: TemplateMembers<Breadcrumbs> = ["label": .init { $0.label }, "items": .init { $0.items }]
    }

    struct Crumb: TemplateModel {
        var title: String
        var current: Bool

        static let templateMembers: TemplateMembers<Crumb> = ["title": .init { $0.title }, "current": .init { $0.current }]
    }

    /// One tab of the tab bar.
    struct Tab: TemplateModel {
        var id: String
        var title: String
        /// The drawing's address in a sprite (``TabIcon``).
        var icon: String?
        var badge: Badge?
        var selected: Bool
        var action: String

        static let templateMembers: TemplateMembers<Tab> = [
            "id": .init { $0.id }, "title": .init { $0.title }, "icon": .init { $0.icon }, "badge": .init { $0.badge },
            "selected": .init { $0.selected }, "action": .init { $0.action },
        ]
    }

    /// A tab's count and the words a screen reader hears ("1 unread").
    struct Badge: TemplateModel {
        var count: Int
        var label: String

        static let templateMembers: TemplateMembers<Badge> = ["count": .init { $0.count }, "label": .init { $0.label }]
    }

    /// An alert over the page, with its buttons.
    struct Alert: TemplateModel {
        var title: String
        var message: String
        var dismissible: Bool
        var buttons: [Button]

        static let templateMembers: TemplateMembers<Alert> = [
            "title": .init { $0.title }, "message": .init { $0.message }, "dismissible": .init { $0.dismissible }, "buttons": .init { $0.buttons },
        ]
    }

    /// An alert's button: what it says and where it posts.
    struct Button: TemplateModel {
        var label: String
        var action: String

        static let templateMembers: TemplateMembers<Button> = ["label": .init { $0.label }, "action": .init { $0.action }]
    }

    struct Toast: TemplateModel {
        var message: String
        var error: Bool

        static let templateMembers: TemplateMembers<Toast> = ["message": .init { $0.message }, "error": .init { $0.error }]
    }

    /// What a screen that could not be drawn says, and in a prototype what failed.
    struct Failure: TemplateModel {
        var message: String
        var detail: String?

        static let templateMembers: TemplateMembers<Failure> = ["message": .init { $0.message }, "detail": .init { $0.detail }]
    }
}
