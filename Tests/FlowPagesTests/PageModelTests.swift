import FlowDefinition
@testable import FlowPages
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
            return try library.set.render(app.templates[screen.name]!, model.context(for: state, csrfToken: "tok<en>"))
        }
    }

    static func makeRig() throws -> Rig {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        let layout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Views/_layout")
        try FileManager.default.createDirectory(at: views.appendingPathComponent("suma"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: layout, to: views.appendingPathComponent("_layout"))
        try Data(Self.app.utf8).write(to: views.appendingPathComponent("suma/app.xml"))
        for name in ["login", "register", "personal-info", "terms", "home", "profile"] {
            let screen = "{{extends \"_layout/app\"}}{{#block \"content\"}}<p>The \(name) screen.</p>{{/block}}"
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
        #expect(html.contains("<form method=\"post\" action=\"/suma/_tab/profile\"><input type=\"hidden\" name=\"csrf\" value=\"tok&lt;en&gt;\"><input type=\"hidden\" name=\"screen\" value=\"/suma/profile\"><button type=\"submit\" data-tab=\"profile\" aria-current=\"page\"><svg class=\"icon\" aria-hidden=\"true\" focusable=\"false\" viewBox=\"0 0 24 24\"><use href=\"/icons.svg#person.fill\"/></svg>Profile<span class=\"visually-hidden\"> tab</span></button></form>"))
        #expect(html.contains("<button type=\"submit\" data-tab=\"home\"><svg class=\"icon\" aria-hidden=\"true\" focusable=\"false\" viewBox=\"0 0 24 24\"><use href=\"/icons.svg#house.fill\"/></svg>Home<span class=\"visually-hidden\"> tab</span></button>"))
        #expect(count("aria-current=\"page\"", in: html) == 1)
    }

    @Test func aModalIsADialogOverAnInertPageWithoutTabs() throws {
        let rig = try Self.makeRig()
        let state = try walk(rig, [.navigate(RouteInstance("register")), .navigate(RouteInstance("terms"))])
        let html = try rig.render(state)
        #expect(html.contains("<div class=\"underlying\" inert>"))
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
        #expect(html.contains("<form method=\"post\" action=\"/suma/_action/go-to-login\"><input type=\"hidden\" name=\"csrf\" value=\"tok&lt;en&gt;\"><input type=\"hidden\" name=\"screen\" value=\"/suma/auth/login\"><button type=\"submit\">Go to Login</button></form>"))
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
        #expect(TabIcon.url("house") == .string("/icons.svg#house.fill"), "a name takes its filled twin's drawing")
        #expect(TabIcon.url("no.such.symbol") == nil)
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
