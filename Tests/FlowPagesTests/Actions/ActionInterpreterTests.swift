@testable import FlowPages
import FlowDefinition
import FlowStore
import Foundation
import Navigation
import Testing

/// The action interpreter alone: a state, an action's steps and the outcomes its effects are
/// given make a new state, events and messages — no HTTP, no SQL.
@Suite struct ActionInterpreterTests {
    static let xml = """
        <app id="notes" title="Notes">
          <sign-in route="login" signed-in-flow="main" signed-out-flow="start"/>
          <navigation>
            <flows id="app" initial="start">
              <stack id="start" root="login" depth-limit="2"/>
              <stack id="main" root="home" requires-sign-in="true"/>
            </flows>
          </navigation>
          <routes>
            <route name="login" path="/login" title="Login" owner="start"/>
            <route name="forgot" path="/forgot" title="Forgot" owner="start"/>
            <route name="sent" path="/sent" title="Sent" owner="start"/>
            <route name="home" path="/home" title="Home" owner="main"/>
            <route name="reset" path="/reset" title="Reset" owner="start"><param name="token"/></route>
          </routes>
          <forms>
            <form id="login">
              <field name="email" type="email" label="Email"><required message="Enter your email."/></field>
              <field name="password" type="password" label="Password"><required message="Enter your password."/></field>
            </form>
            <form id="note"><field name="text" label="Text"/></form>
          </forms>
          <actions>
            <action id="log-in" form="login">
              <effect name="sign-in">
                <on-success><track funnel="login" step="signed_in" number="1"/><toast ref="hello"/></on-success>
                <on-failure><alert ref="failed"/></on-failure>
              </effect>
              <toast ref="after"/>
            </action>
            <action id="forgot"><navigate route="forgot"/></action>
            <action id="too-deep"><navigate route="forgot"/><navigate route="sent"/></action>
            <action id="use-link"><effect name="reset-password"/></action>
            <action id="note-here" form="note"><toast ref="after"/></action>
            <action id="note-and-on" form="note"><navigate route="forgot"/></action>
          </actions>
          <alerts>
            <alert id="failed" title="Login Failed" message="Wrong email or password."><button label="OK"/></alert>
            <alert id="stuck" title="Stuck" message="Only its button answers it." dismissible="false"><button label="Go" action="forgot"/></alert>
            <alert id="network-error" title="Connection Failed" message="Try again."><button label="OK"/></alert>
            <alert id="server-error-persistent" title="Still Failing" message="Contact support."><button label="OK"/></alert>
          </alerts>
          <toasts><toast id="hello" message="Welcome, {email}"/><toast id="after" message="Done"/></toasts>
        </app>
        """

    static let app: AppDefinition = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interpreter-\(UUID().uuidString)/notes")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try! Data(xml.utf8).write(to: folder.appendingPathComponent("app.xml"))
        for name in ["login", "forgot", "sent", "home", "reset"] { try! Data("<h1>x</h1>".utf8).write(to: folder.appendingPathComponent(name + ".html")) }
        return try! AppFolderLoader.load(folder: folder.path, vocabulary: .served(with: .prototype)).get()
    }()

    let interpreter = ActionInterpreter(app: Self.app, navigator: Navigator(Self.app.navigation), now: 42)
    var initial: NavigationState { Navigator(Self.app.navigation).initialState }
    let form = ["form": "login", "email": "ana@example.com", "password": "secret-123"]

    func action(_ id: String) -> PostCommand { .action(Self.app.actions[id]!) }

    /// An effect reads the fields its action's form declares, as posted, and any other name only
    /// from the screen the post came from — a field added to the post never reaches it.
    @Test func anEffectSeesOnlyItsFormsFieldsAndTheScreensParameters() throws {
        var calls: [EffectCall] = []
        func record(_ call: EffectCall, _ state: inout NavigationState) throws -> EffectOutcome {
            calls.append(call)
            return .failure(errors: [:])
        }
        let forged = form.merging(["account": "7", "token": "forged", "registered": "7"]) { _, new in new }
        _ = try interpreter.run(action("log-in"), form: forged, on: initial, effects: record)
        #expect(calls.last?.form == ["email": "ana@example.com", "password": "secret-123"])

        let atReset = try Navigator(Self.app.navigation).execute(.navigate(RouteInstance("reset", ["token": "from-the-link"]), source: .direct),
                                                                 on: initial).get().state
        _ = try interpreter.run(action("use-link"), form: ["token": "forged", "email": "someone@example.com"], on: atReset, effects: record)
        #expect(calls.last?.form == ["token": "from-the-link"], "the link's token is the screen's, not the post's")
    }

    @Test func aSucceedingEffectRunsItsSuccessStepsWithItsValuesThenTheStepsAfterIt() throws {
        var calls: [EffectCall] = []
        let result = try interpreter.run(action("log-in"), form: form, on: initial) { call, state in
            calls.append(call)
            state = try Navigator(Self.app.navigation).execute(.signIn(userID: "7"), on: state).get().state
            return .success(values: ["email": "ana@example.com"])
        }
        #expect(calls == [EffectCall(name: "sign-in", purpose: nil, formID: "login", form: ["email": "ana@example.com", "password": "secret-123"])])
        #expect(result.state.userID == "7" && Self.app.navigation.currentScreen(in: result.state).name == "home")
        #expect(result.state.toasts.map(\.name) == ["hello", "after"] && result.state.toasts.first?.values["email"] == "ana@example.com")
        #expect(result.state.toasts.allSatisfy { $0.values["password"] == nil }, "a password never fills a message")
        #expect(result.events.map(\.kind) == ["funnel_step"] && result.events.first?.time == 42)
        #expect(result.state.formDrafts.isEmpty, "what was typed is gone once the form's action succeeds")
    }

    @Test func aFailingEffectShowsItsErrorsRunsItsFailureStepsAndStopsTheAction() throws {
        let result = try interpreter.run(action("log-in"), form: form, on: initial) { _, _ in .failure(errors: ["email": "Unknown."]) }
        #expect(result.state.userID == nil && result.state.alert?.name == "failed")
        #expect(result.state.formErrors == Notice("login", values: ["email": "Unknown."]))
        #expect(result.state.toasts.isEmpty, "the steps after the effect did not run")
        #expect(result.state.draft(of: "login", on: RouteInstance("login")) == ["email": "ana@example.com"],
                "the Login screen keeps the email typed, never the password")
    }

    /// A form's draft is done with once its action succeeds, but a screen the action covered
    /// (a next step pushed over it) keeps it for Back to find.
    @Test func aSucceedingActionClearsTheDraftOfTheScreenItStaysOnOnly() throws {
        let note = ["form": "note", "text": "Hello"]
        let login = RouteInstance("login")
        let stayed = try interpreter.run(action("note-here"), form: note, on: initial) { _, _ in .success(values: [:]) }
        #expect(stayed.state.toasts.map(\.name) == ["after"] && stayed.state.formDrafts.isEmpty)
        #expect(stayed.drafted.draft(of: "note", on: login) == ["text": "Hello"], "kept on the way, for judging unsaved changes")
        let covered = try interpreter.run(action("note-and-on"), form: note, on: initial) { _, _ in .success(values: [:]) }
        #expect(Self.app.navigation.currentScreen(in: covered.state).name == "forgot")
        #expect(covered.state.draft(of: "note", on: login) == ["text": "Hello"])
        let back = try interpreter.run(.back, form: [:], on: covered.state) { _, _ in .success(values: [:]) }
        #expect(back.state.draft(of: "note", on: login) == ["text": "Hello"], "Back finds it as it was")
    }

    @Test func anInvalidFormRunsNoEffect() throws {
        let result = try interpreter.run(action("log-in"), form: ["form": "login", "email": "ana@example.com"], on: initial) { _, _ in
            Issue.record("the effect ran")
            return .success(values: [:])
        }
        #expect(result.state.formErrors == Notice("login", values: ["password": "Enter your password."]))
        #expect(result.state.draft(of: "login", on: RouteInstance("login")) == ["email": "ana@example.com"])
    }

    @Test func aRefusedNavigationRefusesTheWholeActionInThePersonsWords() throws {
        #expect {
            try interpreter.run(action("too-deep"), form: [:], on: initial) { _, _ in .success(values: [:]) }
        } throws: { error in
            guard let refused = error as? ActionRefused, case .depthLimitExceeded = refused.reason else { return false }
            return refused.message == "You can't go further from here. Go back first, then try again."
        }
    }

    @Test func anEffectWhoseNavigationIsRefusedRefusesTheAction() throws {
        #expect {
            try interpreter.run(action("log-in"), form: form, on: initial) { _, _ in throw NavigationError.invalidUserID }
        } throws: { error in
            (error as? ActionRefused)?.reason == .invalidUserID
        }
    }

    @Test func backAnswersADismissibleAlertButNotOneOnlyItsButtonsMayAnswer() throws {
        var state = try interpreter.run(action("forgot"), form: [:], on: initial) { _, _ in .success(values: [:]) }.state
        state.alert = Notice("failed")
        let answered = try interpreter.run(.back, form: [:], on: state) { _, _ in .success(values: [:]) }
        #expect(answered.state.alert == nil && Self.app.navigation.currentScreen(in: answered.state).name == "forgot")
        state.alert = Notice("stuck")
        #expect(try interpreter.run(.back, form: [:], on: state) { _, _ in .success(values: [:]) }.state.alert == Notice("stuck"))
        let popped = try interpreter.run(.back, form: [:], on: answered.state) { _, _ in .success(values: [:]) }
        #expect(Self.app.navigation.currentScreen(in: popped.state).name == "login")
        #expect(popped.events.map(\.depth) == [2])
    }

    @Test func anArmedFailureFailsThreeSubmitsWithoutRunningTheEffect() throws {
        var state = initial
        ArmedFailure.set(ArmedFailure(kind: .network), in: &state)
        var alerts: [String?] = []
        var drafts: [[String: String]?] = []
        for _ in 0..<4 {
            state = try interpreter.run(action("log-in"), form: form, on: state) { _, state in
                alerts.append("effect ran")
                return .success(values: [:])
            }.state
            alerts.append(state.alert?.name)
            drafts.append(state.draft(of: "login", on: RouteInstance("login")))
            state.alert = nil
        }
        #expect(alerts == ["network-error", "network-error", "server-error-persistent", "effect ran", nil])
        #expect(drafts == [["email": "ana@example.com"], ["email": "ana@example.com"], ["email": "ana@example.com"], nil],
                "a failed submit keeps what was typed; the one that went through does not")
    }

    @Test func everyEffectOfEitherBranchIsListedForPreparation() {
        let steps: [ActionStep] = [.effect("sign-in", purpose: nil, onSuccess: [.effect("first-sign-in", purpose: nil, onSuccess: [], onFailure: [])],
                                           onFailure: [.effect("send-code", purpose: .verifyEmail, onSuccess: [], onFailure: [])])]
        #expect(ActionInterpreter.effectCalls(of: steps, formID: nil, form: [:]).map(\.name) == ["sign-in", "first-sign-in", "send-code"])
    }
}
