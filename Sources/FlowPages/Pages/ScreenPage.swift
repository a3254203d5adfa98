import HTMLTemplate

/// What a screen's templates read: one screen of one session as Swift values, built by
/// ``PageModel/context(for:csrfToken:data:takesFocus:)`` and handed to them as a ``Model``,
/// whose members are declared once; that declaration renders the page and is the shape
/// `flowpages check` holds templates to (``PageModel/shape(of:)``). The members are documented
/// for template authors in `Views/README.md`.
struct ScreenPage: Sendable {
    /// The app's id, title, locale, theme colour and stylesheet; the same on every page.
    var app: TemplateValue
    var page: PageFacts
    var route: RouteFacts
    /// The route's parameters, by name.
    var params: TemplateRecord
    var csrf: String
    /// The app's own addresses (Back, Start Over, the mailbox…); the same on every page.
    var urls: TemplateValue
    /// Each action's address, by action id; the same on every page.
    var actions: TemplateValue
    var signedIn: Bool
    var prototype: Bool
    /// What the prototype backend holds between steps of a flow (the address a code went to).
    var pending: Pending
    /// Where signing in leads: carried by every form, for a visitor whose state is not stored.
    var then: String?
    /// The Invalid Link alert a GET showed, carried likewise: its buttons then answer it.
    var shownAlert: String?
    /// Each form of the app, field by field, by form id.
    var forms: TemplateValue
    /// The errors of the last refused submit, each linked to its field; nil when there are none.
    var errors: [ErrorLink]?
    /// The screen a sheet stands over.
    var underlying: Underlying?
    var back: Back?
    var breadcrumbs: Breadcrumbs?
    var tabs: [Tab]?
    /// The signed-in person (`email` and profile fields), when the page shows them.
    var user: TemplateValue = .null
    /// The app-wide counts, by name.
    var counts: TemplateRecord
    var alert: Alert?
    var toasts: [Toast]
    /// What a deep-linkable screen offers a visitor without the app (``AppBanner``).
    var offer: AppBanner.Offer = .none
    /// How the screen was reached (`push`, `pop`…), for the page to move as the app would.
    var motion: String?
    /// A public page's view counters (``PublicPages/beacons(for:app:)``), loaded as images.
    var beacons: [String] = []
    /// What failed, on a screen that could not be drawn (`_layout/broken-screen`).
    var failure: Failure?
    /// The screen's records, lists and counts, by the names its `app.xml` data gives them.
    var data: [String: TemplateValue] = [:]
    /// A tester's mission while they try it (``UsabilityMark``): its task and its three buttons.
    var mission: Mission?

    /// The page as its templates read it: built once the page is complete, and read through a
    /// reference, so reading a member copies nothing but it.
    final class Model: TemplateModel {
        let page: ScreenPage

        init(_ page: ScreenPage) {
            self.page = page
        }

        /// A member the app's data names is looked up after the declared ones: `app.xml` checks at
        /// load that no binding takes a name the page has (`DataDefinition.reservedNames`).
        func templateMember(_ name: TemplateName) -> TemplateValue? {
            Self.templateMembers.value(named: name, of: self) ?? page.data[name.text]
        }

        static let templateMembers: TemplateMembers<Model> = [
            "app": .init(.open) { $0.page.app }, "page": .init { $0.page.page }, "route": .init { $0.page.route },
            "params": .init(.open) { .record($0.page.params) }, "csrf": .init { $0.page.csrf }, "urls": .init(.open) { $0.page.urls },
            "actions": .init(.open) { $0.page.actions }, "signedIn": .init { $0.page.signedIn }, "prototype": .init { $0.page.prototype },
            "pending": .init { $0.page.pending }, "then": .init { $0.page.then }, "shownAlert": .init { $0.page.shownAlert },
            "forms": .init(.open) { $0.page.forms }, "errors": .init { $0.page.errors }, "underlying": .init { $0.page.underlying },
            "back": .init { $0.page.back }, "breadcrumbs": .init { $0.page.breadcrumbs }, "tabs": .init { $0.page.tabs },
            // A person's profile holds whatever fields their account was given.
            "user": .init { $0.page.user }, "counts": .init(.open) { .record($0.page.counts) },
            "alert": .init { $0.page.alert }, "toasts": .init { $0.page.toasts },
            "appLinks": .init { $0.page.offer.appLinks }, "appBanner": .init { $0.page.offer.banner }, "preview": .init { $0.page.offer.preview },
            "motion": .init { $0.page.motion }, "failure": .init { $0.page.failure }, "beacons": .init { $0.page.beacons },
            "mission": .init { $0.page.mission },
        ]
    }
}
