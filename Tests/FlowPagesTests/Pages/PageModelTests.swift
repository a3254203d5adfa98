import FlowDefinition
@testable import FlowPages
import FlowPagesTestSupport
import Foundation
import HTMLTemplate
import Navigation
import Testing

/// The page model and the shared layout, rendered together as a screen would be.
@Suite struct PageModelTests {
    static let app = """
        <app id="suma" title="SUMA Finance">
          <sign-in route="login" signed-in-flow="main" signed-out-flow="auth"/>
          <navigation>
            <flows id="app" initial="auth">
              <stack id="auth" root="login" depth-limit="4">
                <modal id="terms" root="terms"/>
              </stack>
              <tabs id="main" requires-sign-in="true">
                <tab id="home" root="home" title="Home" icon="house.fill"/>
                <tab id="profile" root="profile" title="Profile" icon="person.fill"/>
              </tabs>
            </flows>
          </navigation>
          <routes>
            <route name="login" path="/auth/login" title="Login" owner="auth"/>
            <route name="register" path="/auth/register" title="Create Account" breadcrumb="Register" owner="auth" step="1 of 3"/>
            <route name="personal-info" path="/auth/register/personal-info" title="Personal Info" owner="auth" step="2 of 3"/>
            <route name="terms" path="/legal/terms" title="Terms &amp; Conditions" owner="terms" presentation="full-screen"/>
            <route name="home" path="/home" title="Home" owner="home"/>
            <route name="profile" path="/profile" title="Profile" owner="profile">
              <param name="section" required="false"/>
            </route>
          </routes>
          <forms>
            <form id="login"><field name="email" type="email" label="Email address"><required message="Enter your email address."/></field></form>
          </forms>
          <actions><action id="go-to-login"><navigate route="login"/></action></actions>
          <alerts>
            <alert id="invalid-link" title="Invalid Link" message="This link is invalid or has expired." dismissible="false">
              <button label="Go to Login" action="go-to-login"/>
            </alert>
          </alerts>
          <toasts><toast id="sent" message="Verification email sent to {email}"/></toasts>
        </app>
        """

    struct Rig {
        let app: AppDefinition
        let library: TemplateLibrary
        let model: PageModel

        func render(_ state: NavigationState) throws -> String {
            let screen = app.navigation.currentScreen(in: state)
            return try library.set.render(app.templates[screen.name]!, model: ScreenPage.Model(model.context(for: state, csrfToken: "tok<en>")))
        }
    }

    static func makeRig() throws -> Rig {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        let layout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Views/_layout")
        try FileManager.default.createDirectory(at: views.appendingPathComponent("suma"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: layout, to: views.appendingPathComponent("_layout"))
        try Data(Self.app.utf8).write(to: views.appendingPathComponent("suma/app.xml"))
        for name in ["login", "register", "personal-info", "terms", "home", "profile"] {
            let form = name == "login" ? "{{> _layout/form-start action=actions.go-to-login form=forms.login}}{{> _layout/field field=forms.login.email}}</form>" : ""
            let screen = "{{extends \"_layout/app\"}}{{#block \"content\"}}<p>The \(name) screen.</p>\(form){{/block}}"
            try Data(screen.utf8).write(to: views.appendingPathComponent("suma/\(name).html"))
        }
        let app = try AppFolderLoader.load(folder: views.appendingPathComponent("suma").path, vocabulary: .served(with: .prototype)).get()
        let library = try TemplateLibrary.load(views: views.path)
        return Rig(app: app, library: library, model: PageModel(app: app, urls: AppURLs(prefix: "/suma", navigation: app.navigation)))
    }

    func walk(_ rig: Rig, _ commands: [NavigationCommand]) throws -> NavigationState {
        let navigator = Navigator(rig.app.navigation)
        var state = navigator.initialState
        for command in commands { state = try navigator.execute(command, on: state).get().state }
        return state
    }

    func count(_ needle: String, in html: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }

    @Test func aStepOfAFlowSaysWhereItIs() throws {
        let rig = try Self.makeRig()
        let state = try walk(rig, [.navigate(RouteInstance("register")), .navigate(RouteInstance("personal-info"))])
        let html = try rig.render(state)
        #expect(html.contains("<title>Personal Info – Create Account, step 2 of 3 – SUMA Finance</title>"))
        #expect(count("<h1", in: html) == 1)
        #expect(html.contains("<h1 id=\"screen-title\" tabindex=\"-1\" autofocus>Personal Info</h1>"))
        #expect(html.contains("<a class=\"skip-link\" href=\"#main\">Skip to Main Content</a>") && html.contains("<main id=\"main\""))
        #expect(html.contains("aria-label=\"Current location: Login, then Register, then Personal Info\""))
        #expect(html.contains("<li aria-current=\"location\">Personal Info</li>"))
        #expect(html.contains("<form method=\"post\" action=\"/suma/_back\" class=\"back\"><input type=\"hidden\" name=\"csrf\" value=\"tok&lt;en&gt;\"><input type=\"hidden\" name=\"screen\" value=\"/suma/auth/register/personal-info\"><button type=\"submit\">Back<span class=\"visually-hidden\"> to Create Account</span></button></form>"))
        #expect(html.contains("<p class=\"step\">Step 2 of 3</p>"))
        #expect(!html.contains("tab-bar") && !html.contains("<dialog"))
        #expect(html.contains("<html lang=\"en\">"))
    }

    @Test func rootsShowNoBackAndTheTabBarMarksTheSelectedTab() throws {
        let rig = try Self.makeRig()
        let state = try walk(rig, [.signIn(userID: "u"), .selectTab("profile")])
        let html = try rig.render(state)
        #expect(html.contains("<title>Profile – SUMA Finance</title>"))
        #expect(!html.contains("class=\"back\""))
        #expect(!html.contains("breadcrumbs"))
        #expect(html.contains("<nav class=\"tab-bar\" aria-label=\"Tabs\"><form method=\"post\"><input type=\"hidden\" name=\"csrf\" value=\"tok&lt;en&gt;\"><input type=\"hidden\" name=\"screen\" value=\"/suma/profile\"><ul>"))
        #expect(html.contains("<button type=\"submit\" data-tab=\"profile\" formaction=\"/suma/_tab/profile\" aria-current=\"page\"><svg class=\"icon\" aria-hidden=\"true\" focusable=\"false\" viewBox=\"0 0 24 24\"><use href=\"/icons.svg#person.fill\"/></svg>Profile<span class=\"visually-hidden\"> tab</span></button>"))
        #expect(html.contains("<button type=\"submit\" data-tab=\"home\" formaction=\"/suma/_tab/home\"><svg class=\"icon\" aria-hidden=\"true\" focusable=\"false\" viewBox=\"0 0 24 24\"><use href=\"/icons.svg#house.fill\"/></svg>Home<span class=\"visually-hidden\"> tab</span></button>"))
        #expect(count("aria-current=\"page\"", in: html) == 1)
    }

    /// The tab bar is one form, its CSRF token once, each tab a button posting to its own
    /// address: with a form per tab, a screen reader (Orca in Firefox) says "leaving form" after
    /// every tab.
    @Test func theTabBarIsOneForm() throws {
        let rig = try Self.makeRig()
        let html = try rig.render(try walk(rig, [.signIn(userID: "u")]))
        let bar = try #require(html.firstRange(of: "<nav class=\"tab-bar\"").flatMap { start in html[start.lowerBound...].firstRange(of: "</nav>").map { html[start.lowerBound..<$0.upperBound] } })
        #expect(count("<form", in: String(bar)) == 1 && count("name=\"csrf\"", in: String(bar)) == 1)
        #expect(count("formaction=\"/suma/_tab/", in: String(bar)) == 2 && !bar.contains(" action="))
    }

    /// On arrival a screen reader hears the page's title and heading before anything else: focus
    /// goes to the heading, never into a field (Orca would start in focus mode and type the `H`
    /// meant to move by heading into it); after a refused submit, to the error summary, whose
    /// links lead to the fields.
    @Test func noFieldTakesFocusOnArrival() throws {
        let rig = try Self.makeRig()
        var state = try walk(rig, [])
        var html = try rig.render(state)
        #expect(html.contains("<input type=\"email\" id=\"login-email\""))
        #expect(count("autofocus", in: html) == 1 && html.contains("<h1 id=\"screen-title\" tabindex=\"-1\" autofocus>Login</h1>"))
        state.formErrors = Notice("login", values: ["email": "Enter your email address."])
        html = try rig.render(state)
        #expect(html.contains("aria-invalid=\"true\"") && count("autofocus", in: html) == 1)
        #expect(html.contains("<div class=\"error-summary\" role=\"alert\" aria-labelledby=\"error-summary-title\" tabindex=\"-1\" autofocus>"))
    }

    /// The prototype toolbar's name is said once: its heading's, not also its landmark's (a
    /// landmark named by its heading is announced by that name, then the heading again).
    @Test func theToolbarIsNamedOnce() throws {
        let rig = try Self.makeRig()
        let html = try rig.render(try walk(rig, [.signIn(userID: "u")]))
        #expect(html.contains("<aside class=\"prototype-tools\">\n<h2>Prototype tools</h2>"))
        #expect(count("Prototype tools", in: html) == 1)
    }

    /// A page with no toast has no status region: an empty one is announced ("status bar") at
    /// the end of every page.
    @Test func noStatusRegionWithNothingToSay() throws {
        let rig = try Self.makeRig()
        let html = try rig.render(try walk(rig, [.signIn(userID: "u")]))
        #expect(!html.contains("role=\"status\"") && !html.contains("aria-live") && !html.contains("class=\"toasts\""))
    }

    @Test func aModalIsADialogOverAnInertPageWithoutTabs() throws {
        let rig = try Self.makeRig()
        let state = try walk(rig, [.navigate(RouteInstance("register")), .navigate(RouteInstance("terms"))])
        let html = try rig.render(state)
        #expect(!html.contains("class=\"underlying"), "a full-screen modal hides the screen beneath; it is not drawn")
        #expect(html.contains("<dialog open class=\"modal style-full-screen\" aria-modal=\"true\" aria-labelledby=\"screen-title\">"))
        #expect(html.contains("<h1 id=\"screen-title\" tabindex=\"-1\" autofocus>Terms &amp; Conditions</h1>"))
        #expect(html.contains("<button type=\"submit\">Close</button>"))
        #expect(!html.contains("breadcrumbs") && !html.contains("tab-bar"))
        #expect(count("<h1", in: html) == 1)
    }

    @Test func alertsAreAlertDialogsOverAnInertPageAndToastsAreAStatus() throws {
        let rig = try Self.makeRig()
        var state = try walk(rig, [])
        state.alert = Notice("invalid-link")
        state.toasts = [Notice("sent", values: ["email": "new@example.com"])]
        let html = try rig.render(state)
        #expect(html.contains("<div class=\"page\" inert>"))
        #expect(html.contains("role=\"alertdialog\" aria-modal=\"true\" aria-labelledby=\"alert-title\" aria-describedby=\"alert-message\""))
        #expect(html.contains("<h2 id=\"alert-title\">Invalid Link</h2>"))
        #expect(html.contains("<form method=\"post\" action=\"/suma/_action/go-to-login\"><input type=\"hidden\" name=\"csrf\" value=\"tok&lt;en&gt;\"><input type=\"hidden\" name=\"screen\" value=\"/suma/auth/login\"><input type=\"hidden\" name=\"alert\" value=\"invalid-link\"><button type=\"submit\">Go to Login</button></form>"))
        #expect(html.contains("<div class=\"toasts\" role=\"status\" aria-live=\"polite\"><p>Verification email sent to new@example.com</p></div>"))
    }

    @Test func screenURLsPutPathParametersInThePathAndTheRestInTheQuery() throws {
        let rig = try Self.makeRig()
        let urls = AppURLs(prefix: "/suma", navigation: rig.app.navigation)
        #expect(urls.screen(RouteInstance("profile", ["section": "a b&c"])) == "/suma/profile?section=a%20b%26c")
        #expect(urls.screen(RouteInstance("login")) == "/suma/auth/login")
        #expect(AppURLs(prefix: "", navigation: rig.app.navigation).screen(RouteInstance("home")) == "/home")
        #expect(urls.action("go-to-login") == "/suma/_action/go-to-login")
        #expect(urls.tab("home") == "/suma/_tab/home")
    }

    /// Every icon name FlowPages says it draws has its drawing in Public/icons.svg, and no drawing
    /// is left unnamed.
    @Test func theIconSpriteDrawsExactlyTheKnownNames() throws {
        let sprite = try String(contentsOf: LiveApp.repository.appendingPathComponent("Public/icons.svg"), encoding: .utf8)
        let ids = Set(sprite.matches(of: /<symbol id="([^"]+)"/).map { String($0.output.1) })
        #expect(ids == TabIcon.drawn)
        #expect(TabIcon.url("house", own: nil, prefix: "/a") == "/icons.svg#house.fill", "a name takes its filled twin's drawing")
        #expect(TabIcon.url("no.such.symbol", own: nil, prefix: "/a") == nil)
    }

    @Test func theTitleSaysWhenTheStateShowsErrorsOrAnAlert() throws {
        let rig = try Self.makeRig()
        var state = try walk(rig, [])
        state.formErrors = Notice("register", values: ["email": "Enter your email address."])
        #expect(try rig.render(state).contains("<title>Error: Login – SUMA Finance</title>"))
        state.formErrors = nil
        state.alert = Notice("invalid-link")
        let html = try rig.render(state)
        #expect(html.contains("<title>Alert: Invalid Link – Login – SUMA Finance</title>"))
        #expect(html.contains("href=\"#alert\"") && html.contains("id=\"alert\" role=\"alertdialog\""), "the skip link leads to the alert")
        #expect(!html.contains("tabindex=\"-1\" autofocus>Login"), "the heading under an alert does not take focus")
    }
}

/// The names `flowpages check` lets a template read are the names a page has: every context
/// the page model builds for the shipped apps' screens holds only what ``PageModel/shape(of:)``
/// declares.
@Suite struct PageModelShapeTests {
    /// What of `value` its declared `shape` does not have, as dotted paths.
    static func undeclared(_ value: TemplateValue, _ shape: TemplateShape, at path: String) -> [String] {
        switch (value.members.map(TemplateValue.record) ?? value, shape) {
        case (.null, _), (_, .open):
            return []
        case (.record(let record), .record(let members)):
            return record.dictionary.sorted { $0.key < $1.key }.flatMap { key, member in
                members[key].map { undeclared(member, $0, at: path + "." + key) } ?? [path + "." + key]
            }
        case (.array(let elements), .list(let element)):
            return elements.flatMap { undeclared($0, element, at: path + "[]") }
        case (.record, _), (.array, _):
            return [path + " (declared \(shape), built \(value))"]
        default:
            if case .value = shape { return [] }
            return [path + " (declared \(shape), built a value)"]
        }
    }

    @Test(arguments: ["suma-finance", "reality-portal", "coin", "swiftuiflow-demo"])
    func everyContextBuiltIsDeclared(app id: String) throws {
        let app = try AppFolderLoader.load(folder: LiveApp.repository.appendingPathComponent("Views/\(id)").path, vocabulary: .served(with: .prototype)).get()
        let model = PageModel(app: app, urls: AppURLs(prefix: "/" + id, navigation: app.navigation))
        let navigator = Navigator(app.navigation)
        var states = [navigator.initialState]
        for route in app.navigation.routes {
            let parameters = Dictionary(uniqueKeysWithValues: route.parameters.filter(\.isRequired).map { ($0.name, "1") })
            let signedIn = (try? navigator.execute(.signIn(userID: "1"), on: navigator.initialState).get().state) ?? navigator.initialState
            // Each flow entered, signed in, for the routes of flows that are not the first.
            let flows = app.navigation.flows.compactMap { try? navigator.execute(.changeFlow($0), on: signedIn).get().state }
            for start in [navigator.initialState, signedIn] + flows {
                if case .success(let transition) = navigator.execute(.navigate(RouteInstance(route.name, parameters), source: .direct), on: start) {
                    states.append(transition.state)
                }
            }
        }
        // An alert, toasts and a refused form over a screen deep in the app.
        var busy = try #require(states.last)
        if let alert = app.alerts.keys.sorted().first { busy.alert = Notice(alert) }
        busy.addToast(Notice(ServerNotice.message, values: ["message": "Saved."]))
        if let form = app.forms.values.sorted(by: { $0.id < $1.id }).first, let field = form.fields.first {
            busy.formErrors = Notice(form.id, values: [field.name: "Wrong."])
        }
        states.append(busy)
        #expect(states.count > app.navigation.routes.count / 2, "most screens were reached")
        for state in states {
            let route = try #require(app.navigation.route(app.navigation.currentScreen(in: state).name))
            let page = model.context(for: state, csrfToken: "t")
            let shape = model.shape(of: route)
            for (key, value) in ScreenPage.Model(page).templateRecord.dictionary.merging(page.data, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
                guard let declared = shape[key] else {
                    Issue.record("\(id) \(route.name): '\(key)' is built but not declared")
                    continue
                }
                let extra = Self.undeclared(value, declared, at: key)
                #expect(extra.isEmpty, "\(id) \(route.name): \(extra)")
            }
        }
    }

    /// A route's data cannot bind a name the page has of its own: it would be hidden behind it.
    @Test func theDataCannotTakeAPagesOwnName() {
        #expect(Set(ScreenPage.Model.templateShape.memberNames) == DataDefinition.reservedNames)
    }

    /// Views/README.md's table of what a screen template reads names every key a page has.
    @Test func theTemplateKeyTableNamesEveryKey() throws {
        let readme = try String(contentsOf: LiveApp.repository.appendingPathComponent("Views/README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Screen templates").dropFirst().first)
        let table = try #require(section.components(separatedBy: "\n\n").first { $0.hasPrefix("| key") })
        let app = try AppFolderLoader.load(folder: LiveApp.repository.appendingPathComponent("Views/coin").path, vocabulary: .served(with: .prototype)).get()
        let model = PageModel(app: app, urls: AppURLs(prefix: "/coin", navigation: app.navigation))
        let route = try #require(app.navigation.routes.first { (app.routeData[$0.name]?.bindings ?? []).isEmpty && (app.routeData[$0.name]?.queries ?? []).isEmpty })
        for key in model.shape(of: route).keys.sorted() {
            #expect(table.contains("`\(key)"), "the table does not name '\(key)'")
        }
    }
}
