import FlowPages
import Foundation

/// The app folder `flowpages new` writes: an `app.xml`, a template for each route and a README
/// saying how to walk it, which passes `flowpages check` and serves at once. Three shapes, as
/// apps start: one stack of screens, tabs, or a sign-in flow in front of tabs.
public struct StarterFolder: Sendable {
    /// How the app's screens are arranged.
    public enum Shape: String, CaseIterable, Sendable {
        /// One stack: Home, a screen pushed on it, and a sheet.
        case stack
        /// Two tabs, a screen pushed on the first, and a sheet.
        case tabs
        /// A sign-in screen (with a fixture account) in front of the tabs.
        case flows

        /// What the folder holds, in words.
        var summary: String {
            switch self {
            case .stack: "one stack of screens"
            case .tabs: "two tabs"
            case .flows: "a sign-in screen in front of two tabs"
            }
        }
    }

    /// Why no folder was written.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    public let id: String
    public let shape: Shape

    /// - Throws: ``Refusal`` when `id` is not an app id (lower-case letters, digits and `-`,
    ///   starting with a letter or digit), or begins with `_` or `.`, which the server skips.
    public init(id: String, shape: Shape) throws {
        guard let first = id.unicodeScalars.first, Self.idStart.contains(first),
              id.unicodeScalars.allSatisfy({ Self.idStart.contains($0) || $0 == "-" }) else {
            throw Refusal(description: "'\(id)' is not an app id: use lower-case letters, digits and -, starting with a letter or digit (my-app)")
        }
        self.id = id
        self.shape = shape
    }

    private static let idStart = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789")

    /// `my-app` → `My app`.
    var title: String { Wording.words(id) }

    /// Writes the folder as `views/<id>`; an existing folder is never touched.
    /// - Returns: The files written, in the order written.
    @discardableResult
    public func write(into views: String) throws -> [String] {
        let folder = (views as NSString).appendingPathComponent(id)
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw Refusal(description: "\(folder) already exists: nothing was written; pick another id or remove the folder")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var written: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = (folder as NSString).appendingPathComponent(name)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            written.append(path)
        }
        return written
    }

    /// Every file of the folder, by name.
    var files: [String: String] {
        var files = ["app.xml": appXML, "README.md": readme]
        for screen in screens { files[screen.route + ".html"] = screen.template }
        return files
    }

    private struct Screen {
        let route: String
        let path: String
        let title: String
        let owner: String
        var presentation: String?
        let template: String
    }

    private var screens: [Screen] {
        let home = shape == .stack ? "main" : "home"
        var screens: [Screen] = []
        if shape == .flows {
            screens.append(Screen(route: "login", path: "/login", title: "Log In", owner: "auth", template: """
                {{extends "_layout/app"}}
                {{#block "content"}}<p>Sign in with the fixture account in this folder's README.md.</p>
                {{> _layout/form-start action=actions.log-in form=forms.login}}
                {{> _layout/field field=forms.login.email}}
                {{> _layout/field field=forms.login.password}}
                <div class="actions"><button type="submit" class="primary">Log In</button></div>
                </form>{{/block}}

                """))
        }
        screens.append(Screen(route: "home", path: "/home", title: "Home", owner: home, template: """
            {{extends "_layout/app"}}
            {{#block "content"}}<p>This is {{ app.title }}'s first screen. Change it in <code>Views/\(id)/home.html</code>, and the app's
            screens, ways between them and rules in <code>Views/\(id)/app.xml</code>: save, and reload the page.</p>
            <div class="actions">{{> _layout/button action=actions.open-detail label="Open a Detail" class="primary"}}
            {{> _layout/button action=actions.open-about label="About" class="secondary"}}</div>{{/block}}

            """))
        screens.append(Screen(route: "detail", path: "/home/detail", title: "Detail", owner: home, template: """
            {{extends "_layout/app"}}
            {{#block "content"}}<p>A screen pushed on Home's stack: Back, in the bar above, returns to Home.</p>{{/block}}

            """))
        if shape != .stack {
            let logOut = shape == .flows ? "\n<div class=\"actions\">{{> _layout/button action=actions.log-out label=\"Log Out\" class=\"secondary\"}}</div>" : ""
            screens.append(Screen(route: "settings", path: "/settings", title: "Settings", owner: "settings", template: """
                {{extends "_layout/app"}}
                {{#block "content"}}<p>The second tab keeps its own stack while you visit the first.</p>\(logOut){{/block}}

                """))
        }
        screens.append(Screen(route: "about", path: "/about", title: "About", owner: "about-sheet", presentation: "sheet", template: """
            {{extends "_layout/app"}}
            {{#block "content"}}<p>A sheet over the screen you were on: Close returns to it as it was.</p>{{/block}}

            """))
        return screens
    }

    private var navigation: String {
        let modal = #"<modal id="about-sheet" root="about"/>"#
        switch shape {
        case .stack:
            return """
                  <navigation>
                    <stack id="main" root="home">
                      \(modal)
                    </stack>
                  </navigation>
                """
        case .tabs:
            return """
                  <navigation>
                    <tabs id="main">
                      <tab id="home" root="home" title="Home" icon="house.fill"/>
                      <tab id="settings" root="settings" title="Settings" icon="gearshape.fill"/>
                      \(modal)
                    </tabs>
                  </navigation>
                """
        case .flows:
            return """
                  <sign-in route="login" signed-in-flow="main" signed-out-flow="auth"/>
                  <navigation>
                    <flows id="app" initial="auth">
                      <stack id="auth" root="login"/>
                      <tabs id="main" requires-sign-in="true">
                        <tab id="home" root="home" title="Home" icon="house.fill"/>
                        <tab id="settings" root="settings" title="Settings" icon="gearshape.fill"/>
                        \(modal)
                      </tabs>
                    </flows>
                  </navigation>
                """
        }
    }

    var appXML: String {
        let routes = screens.map { screen in
            #"    <route name="\#(screen.route)" path="\#(screen.path)" title="\#(screen.title)" owner="\#(screen.owner)""#
                + (screen.presentation.map { #" presentation="\#($0)""# } ?? "") + "/>"
        }.joined(separator: "\n")
        let signIn = shape != .flows ? "" : """
              <forms>
                <form id="login">
                  <field name="email" type="email" label="Email address" autocomplete="email">
                    <required message="Enter your email address."/>
                    <email message="Enter a valid email address."/>
                  </field>
                  <field name="password" type="password" label="Password" autocomplete="current-password">
                    <required message="Enter your password."/>
                  </field>
                </form>
              </forms>

            """
        let signInActions = shape != .flows ? "" : """
                <action id="log-in" form="login">
                  <effect name="sign-in"><on-failure><alert ref="login-failed"/></on-failure></effect>
                </action>
                <action id="log-out"><effect name="sign-out"/></action>

            """
        let alerts = shape != .flows ? "" : """
              <alerts>
                <alert id="login-failed" title="Login Failed" message="The email or password is not right.">
                  <button label="Try Again"/>
                </alert>
              </alerts>
              <fixtures>
                <account email="test@example.com" password="password123"/>
              </fixtures>

            """
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- A starter app (\(shape.summary)) written by flowpages new. Every element is described in
                 Views/README.md; flowpages check checks the folder, and the server shows a change at the next reload. -->
            <app id="\(id)" title="\(title)" locale="en">
            \(navigation)
              <routes>
            \(routes)
              </routes>
            \(signIn)  <actions>
            \(signInActions)    <action id="open-detail"><navigate route="detail"/></action>
                <action id="open-about"><navigate route="about"/></action>
              </actions>
            \(alerts)</app>

            """
    }

    var readme: String {
        let walk = switch shape {
        case .stack: "Home opens a Detail pushed on its stack, and About as a sheet over it."
        case .tabs: "Two tabs, Home and Settings, each with its own stack; Home opens a Detail and About as a sheet."
        case .flows: "Log In comes first; signed in, two tabs, Home and Settings, each with its own stack. Home opens a Detail and About as a sheet; Settings logs out."
        }
        let fixtures = shape != .flows ? "" : """

            ## Fixtures

            | Email | Password | What it is for |
            | --- | --- | --- |
            | test@example.com | password123 | signing in |

            """
        return """
            # \(title)

            Written by `flowpages new \(id)\(shape == .stack ? "" : " --\(shape.rawValue)")`. Serve it with `swift run flowpages` and open
            <http://127.0.0.1:8080/\(id)/>. \(walk)

            Edit `app.xml` (screens, ways between them, forms, rules; see `Views/README.md`) and the templates
            (one per route, named after it), save, and reload the browser: the server picks the change up, and
            shows what is wrong in the browser if the folder no longer loads. `swift run flowpages check`
            checks every folder from the command line.
            \(fixtures)
            """
    }
}
