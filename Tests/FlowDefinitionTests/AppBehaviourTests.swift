import FlowDefinition
import Foundation
import Navigation
import Testing

/// Forms, actions, alerts, toasts and fixtures: read, and every reference checked with its line.
@Suite struct AppBehaviourTests {
    static let app = """
        <?xml version="1.0" encoding="UTF-8"?>
        <app id="auth" title="Auth">
          <sign-in route="login" signed-in-flow="main" signed-out-flow="start"/>
          <navigation>
            <flows id="app" initial="start">
              <stack id="start" root="login" depth-limit="4"/>
              <stack id="main" root="home" requires-sign-in="true"/>
            </flows>
          </navigation>
          <routes>
            <route name="login" path="/login" title="Login" owner="start"/>
            <route name="verify" path="/verify" title="Verify Email" owner="start" step="2 of 2">
              <param name="email"/>
            </route>
            <route name="done" path="/done" title="Done" owner="start" presentation="replace-stack"/>
            <route name="home" path="/home" title="Home" owner="main"/>
          </routes>
          <forms>
            <form id="register">
              <field name="email" type="email" label="Email address" autocomplete="email">
                <required message="Enter your email address."/>
                <email message="Enter a valid email address."/>
              </field>
              <field name="password" type="password" label="Password">
                <min-length value="8" message="Use at least 8 characters."/>
              </field>
              <field name="confirm" type="password" label="Confirm password">
                <equals field="password" message="The passwords do not match."/>
              </field>
              <field name="terms" type="checkbox" label="I accept the terms" draft="never">
                <checked message="Accept the terms to continue."/>
              </field>
              <field name="code" label="Code"><pattern value="[0-9]{6}" message="Enter the 6 digits."/></field>
            </form>
          </forms>
          <actions>
            <action id="register" form="register">
              <effect name="register">
                <on-success><navigate route="verify"><with param="email" field="email"/></navigate><toast ref="sent"/></on-success>
                <on-failure><alert ref="failed"/></on-failure>
              </effect>
            </action>
            <action id="finish"><replace route="done"/></action>
            <action id="enter"><change-flow flow="main"/><set-flag name="seen"/></action>
            <action id="leave"><back/></action>
            <action id="restart"><navigate route="verify" pop-up-to="login" inclusive="true" single-top="true"><with param="email" value="a@example.com"/></navigate></action>
            <action id="unwind"><pop-up-to route="login"/></action>
            <action id="close"><dismiss/></action>
          </actions>
          <alerts>
            <alert id="failed" title="Error" message="That did not work.">
              <button label="Try Again" action="register"/>
              <button label="Cancel"/>
            </alert>
          </alerts>
          <toasts><toast id="sent" message="Verification email sent to {email}"/></toasts>
          <fixtures>
            <account email="test@example.com" password="password123"><profile name="fullName" value="Test User"/></account>
            <code purpose="verify-email" value="123456"/>
            <code purpose="verify-email" value="000000" valid="false"/>
            <token purpose="reset-password" value="abc123"/>
            <token purpose="reset-password" value="expired" valid="false"/>
          </fixtures>
        </app>
        """

    func load(_ xml: String) throws -> Result<AppDefinition, FolderProblems> {
        try TestFolder.load(xml, app: "auth", templates: ["login", "verify", "done", "home"])
    }

    @Test func everySectionIsRead() throws {
        let app = try load(Self.app).get()
        let form = try #require(app.forms["register"])
        #expect(form.fields.map(\.name) == ["email", "password", "confirm", "terms", "code"])
        #expect(form.fields[0].rules == [.required(message: "Enter your email address."), .email(message: "Enter a valid email address.")])
        #expect(form.fields.map(\.keepsDraft) == [true, false, false, false, true])
        #expect(form.fields[2].rules == [.equals(field: "password", message: "The passwords do not match.")])
        #expect(form.fields[1].rules == [.minimumLength(8, message: "Use at least 8 characters.")])
        #expect(app.actions["register"]?.steps == [.effect(
            "register", purpose: nil,
            onSuccess: [.navigate("verify", parameters: [ActionParameter(name: "email", value: nil, field: "email")]), .toast("sent")],
            onFailure: [.alert("failed")]
        )])
        #expect(app.actions["enter"]?.steps == [.changeFlow("main"), .setFlag("seen")])
        #expect(app.actions["restart"]?.steps == [.popUpTo("login", inclusive: true, then: "verify",
                                                           parameters: [ActionParameter(name: "email", source: .constant("a@example.com"))], singleTop: true)])
        #expect(app.actions["unwind"]?.steps == [.popUpTo("login", inclusive: false, then: nil, parameters: [], singleTop: false)])
        #expect(app.alerts["failed"]?.isDismissible == true)
        #expect(app.alerts["failed"]?.buttons == [AlertButton(label: "Try Again", action: "register"), AlertButton(label: "Cancel", action: nil)])
        #expect(app.toasts["sent"] == "Verification email sent to {email}")
        #expect(app.fixtures.accounts.first?.profile == ["fullName": "Test User"])
        #expect(app.fixtures.codes.map(\.isValid) == [true, false])
        #expect(app.fixtures.tokens.map(\.value) == ["abc123", "expired"])
        #expect(app.steps[RouteName("verify")] == "2 of 2")
    }

    func problems(replacing original: String, with replacement: String) throws -> [String] {
        #expect(Self.app.contains(original), "the test's original text is not in the app")
        guard case .failure(let found) = try load(Self.app.replacingOccurrences(of: original, with: replacement)) else { return [] }
        return found.problems.map { "\($0.line): \($0.message)" }
    }

    @Test(arguments: [
        ("<navigate route=\"verify\">", "<navigate route=\"verified\">", "<action id=\"register\"", "action 'register' navigates to route 'verified', which is not in <routes>"),
        ("<with param=\"email\" field=\"email\"/>", "<with param=\"mail\" field=\"email\"/>", "<action id=\"register\"", "action 'register' passes 'mail' to route 'verify', which takes no such parameter"),
        ("<with param=\"email\" field=\"email\"/>", "<with param=\"email\" field=\"mail\"/>", "<action id=\"register\"", "action 'register' takes a value from field 'mail', which form 'register' does not have"),
        ("<action id=\"register\" form=\"register\">", "<action id=\"register\" form=\"signup\">", "<action id=\"register\"", "action 'register' posts form 'signup', which is not declared under <forms>"),
        ("<replace route=\"done\"/>", "<replace route=\"home\"/>", "<action id=\"finish\"", "action 'finish' replaces with route 'home', whose presentation is push; set presentation=\"replace\" on the route or use <navigate>"),
        ("<change-flow flow=\"main\"/>", "<change-flow flow=\"mian\"/>", "<action id=\"enter\"", "action 'enter' changes to flow 'mian', which is not a flow of <navigation>"),
        ("<toast ref=\"sent\"/>", "<toast ref=\"send\"/>", "<action id=\"register\"", "action 'register' shows toast 'send', which is not declared under <toasts>"),
        ("<on-failure><alert ref=\"failed\"/>", "<on-failure><alert ref=\"fail\"/>", "<action id=\"register\"", "action 'register' shows alert 'fail', which is not declared under <alerts>"),
        ("<button label=\"Try Again\" action=\"register\"/>", "<button label=\"Try Again\" action=\"retry\"/>", "<alert id=\"failed\"", "button 'Try Again' of alert 'failed' runs action 'retry', which is not declared under <actions>"),
        ("<equals field=\"password\"", "<equals field=\"pasword\"", "<form id=\"register\"", "field 'confirm' of form 'register' must equal 'pasword', which is not a field of the form"),
        ("<pattern value=\"[0-9]{6}\"", "<pattern value=\"[0-9\"", "<pattern value=", "the pattern '[0-9' of field 'code' is not a valid regular expression"),
        ("<field name=\"password\" type=\"password\" label=\"Password\">", "<field name=\"password\" type=\"password\" label=\"Password\" draft=\"keep\">", "<field name=\"password\"", "field 'password' is a password and cannot be kept as a draft; remove draft=\"keep\""),
        ("<field name=\"confirm\"", "<field name=\"email\"", "<field name=\"confirm\"", "form 'register' has two fields named 'email'"),
        ("<pop-up-to route=\"login\"/>", "<pop-up-to route=\"logon\"/>", "<action id=\"unwind\"", "action 'unwind' pops up to route 'logon', which is not in <routes>"),
        ("pop-up-to=\"login\" inclusive", "pop-up-to=\"logn\" inclusive", "<action id=\"restart\"", "action 'restart' pops up to route 'logn', which is not in <routes>"),
        ("<with param=\"email\" value=\"a@example.com\"/></navigate>", "<with param=\"mail\" value=\"a@example.com\"/></navigate>", "<action id=\"restart\"",
         "action 'restart' passes 'mail' to route 'verify', which takes no such parameter"),
        ("<param name=\"email\"/>", "<param name=\"email\"/><param name=\"page\" type=\"integer\" required=\"false\" default=\"first\"/>", "<route name=\"verify\"",
         "parameter 'page' of route 'verify' defaults to 'first', which cannot be: not an integer"),
        ("<param name=\"email\"/>", "<param name=\"email\" query=\"e\"/><param name=\"e\" required=\"false\"/>", "<route name=\"verify\"",
         "parameter 'e' of route 'verify' is read from the query item 'e', which another of its parameters is read from too; give each its own"),
        ("<action id=\"leave\">", "<action id=\"enter\">", "<action id=\"leave\"", "action 'enter' is declared twice; give each action its own id"),
        ("<effect name=\"register\">", "<effect name=\"toggle-favorite\">", "<action id=\"register\"",
         "action 'register' runs effect 'toggle-favorite', which FlowPages does not provide; the effects are first-sign-in, register, reset-password, save-profile, send-code, sign-in, sign-out, verify-code"),
        ("message=\"That did not work.\">", "message=\"That did not work.\" dismissible=\"false\">", "<alert id=\"failed\"",
         "alert 'failed' is not dismissible, so its button 'Cancel' needs an action; without one it would leave the person stuck"),
        ("<alert id=\"failed\"", "<alert id=\"verify-expired\"", "<alert id=\"failed\"",
         "alert 'verify-expired' is shown for expired links to route 'verify', which is not a deep link with a 'token' parameter; set deep-link=\"true\" and add <param name=\"token\"/>, or rename the alert"),
        ("path=\"/done\"", "path=\"/_tab/done\"", "<route name=\"done\"",
         "route 'done' has the path '/_tab/done', but paths starting with '_' or '.' are FlowPages' own (/_back, /_open, /.well-known…); choose another path"),
        ("<alert id=\"failed\"", "<alert id=\"nowhere-expired\"", "<alert id=\"failed\"",
         "alert 'nowhere-expired' is shown for expired links to route 'nowhere', which is not in <routes>; name it '<route>-expired' after a deep-linkable route"),
    ])
    func referenceProblemsNameTheLine(original: String, replacement: String, anchor: String, message: String) throws {
        let found = try problems(replacing: original, with: replacement)
        #expect(found.contains("\(Self.line(of: anchor, in: Self.app)): \(message)"), "\(found)")
    }

    /// The 1-based line where `anchor` first appears.
    static func line(of anchor: String, in text: String) -> Int {
        let prefix = text[..<text.range(of: anchor)!.lowerBound]
        return prefix.count(where: { $0 == "\n" }) + 1
    }

    /// HTML's autofill detail tokens: `on`/`off` alone, or `section-*`, `shipping`/`billing`, a
    /// field name (a contact one after `home`/`work`/…) and `webauthn`, in that order, the name
    /// suiting the field's type.
    @Test(arguments: [
        ("email", "email"), ("password", "current-password"), ("password", "new-password webauthn"), ("text", "name"),
        ("tel", "work tel"), ("tel", "section-2 billing Mobile tel"), ("date", "bday"), ("text", "one-time-code"), ("text", "off"),
        ("search", "ON"), ("textarea", "shipping street-address"), ("number", "cc-exp-month"), ("hidden", "postal-code"),
    ])
    func anAutofillDetailOfHTMLLoads(type: String, value: String) throws {
        let found = try problems(replacing: "<field name=\"code\" label=\"Code\">", with: "<field name=\"code\" label=\"Code\" type=\"\(type)\" autocomplete=\"\(value)\">")
        #expect(found.isEmpty, "\(found)")
    }

    @Test(arguments: [
        ("text", "emial", "'emial' is not an autofill field name; did you mean 'email'?"),
        ("text", "given name", "'given name' has 'name' after the field name 'given'; only 'webauthn' may follow it"),
        ("email", "bday", "'bday' does not suit a field of type email; it fills a field of type date, text, textarea"),
        ("text", "street-address", "'street-address' does not suit a field of type text; it fills a field of type textarea"),
        ("text", "home name", "'home' may only come before a contact field name (tel, tel-national, tel-local…, email, impp), not 'name'"),
        ("text", "email shipping", "'email shipping' has 'shipping' after the field name 'email'; only 'webauthn' may follow it"),
        ("text", "shipping", "'shipping' has no field name; end it with one, such as 'shipping email'"),
        ("text", "off email", "'off' stands alone; write 'off', or a field name with its modifiers such as 'shipping email'"),
        ("hidden", "off", "'off' does not apply to a hidden field; give a field name such as 'email', or remove it"),
        ("checkbox", "on", "a checkbox takes no autocomplete (browsers fill text, not ticks); remove it"),
    ])
    func anAutocompleteHTMLDoesNotKnowIsAProblemAtItsField(type: String, value: String, message: String) throws {
        let found = try problems(replacing: "<field name=\"code\" label=\"Code\">", with: "<field name=\"code\" label=\"Code\" type=\"\(type)\" autocomplete=\"\(value)\">")
        #expect(found == ["\(Self.line(of: "<field name=\"code\"", in: Self.app)): field 'code' of form 'register' has autocomplete=\"\(value)\": \(message)"])
    }

    @Test func anEffectNameThatIsNotANameIsASchemaError() throws {
        let found = try problems(replacing: "<effect name=\"register\">", with: "<effect name=\"Launch Rockets\">")
        #expect(found.contains { $0.hasPrefix("\(Self.line(of: "<effect name=", in: Self.app)): ") }, "\(found)")
    }
}
