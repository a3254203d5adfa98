import FlowDefinition
import Foundation
import Navigation
import Testing

/// `<usability-tests>` read from `app.xml`: missions and questions as declared, and every id,
/// route and limit that is wrong reported at its line.
@Suite struct UsabilityTestsTests {
    static let app = """
        <?xml version="1.0" encoding="UTF-8"?>
        <app id="auth" title="Auth">
          <navigation><stack id="start" root="login"/></navigation>
          <routes>
            <route name="login" path="/login" title="Login" owner="start"/>
            <route name="forgot" path="/forgot" title="Forgot Password" owner="start"/>
            <route name="sent" path="/sent" title="Check Your Email" owner="start"/>
            <route name="home" path="/home" title="Home" owner="start"/>
          </routes>
          <usability-tests>
            <test id="first-look" name="First look" intro="We want to see how you find your way.">
              <mission id="reset" task="Reset your password." start="screen:login" time-limit="300">
                <success route="sent"/>
                <expected-path routes="login forgot sent"/>
              </mission>
              <mission id="explore" task="Find the home screen." start="alert:invalid-link">
                <success route="home"/>
                <success route="sent"/>
              </mission>
              <choice-question id="ease" text="How easy was it?"><choice label="Easy"/><choice label="Hard"/></choice-question>
              <text-question id="comments" text="Anything else?"/>
              <sus/>
              <assistive-technology-question/>
            </test>
          </usability-tests>
        </app>
        """

    func load(_ xml: String) throws -> Result<AppDefinition, FolderProblems> {
        try TestFolder.load(xml, app: "auth", templates: ["login", "forgot", "sent", "home"])
    }

    @Test func aTestIsReadAsDeclared() throws {
        let tests = try load(Self.app).get().usabilityTests
        #expect(tests == [UsabilityTest(
            id: "first-look", name: "First look", intro: "We want to see how you find your way.",
            missions: [
                .init(id: "reset", task: "Reset your password.", start: "screen:login", successes: ["sent"],
                      expectedPaths: [["login", "forgot", "sent"]], timeLimit: 300),
                .init(id: "explore", task: "Find the home screen.", start: "alert:invalid-link", successes: ["home", "sent"]),
            ],
            questions: [.choice(id: "ease", text: "How easy was it?", choices: ["Easy", "Hard"]), .text(id: "comments", text: "Anything else?"),
                        .systemUsabilityScale, .assistiveTechnology]
        )])
    }

    @Test func anAppWithoutTestsHasNone() throws {
        let start = Self.app.range(of: "  <usability-tests>")!.lowerBound, end = Self.app.range(of: "</usability-tests>\n")!.upperBound
        var xml = Self.app
        xml.removeSubrange(start..<end)
        #expect(try load(xml).get().usabilityTests.isEmpty)
    }

    @Test(arguments: [
        ("start=\"screen:login\"", "start=\"screen:logn\"", "<mission id=\"reset\"",
         "mission 'reset' of usability test 'first-look' starts in 'screen:logn', but there is no route 'logn'; did you mean 'login'?"),
        ("start=\"screen:login\"", "start=\"scren:login\"", "<mission id=\"reset\"",
         "mission 'reset' of usability test 'first-look' starts in 'scren:login', but the audit has no state of kind 'scren' (a state's id is a kind and a name, as in screen:login); did you mean 'screen'?"),
        ("routes=\"login forgot sent\"", "routes=\"forgot sent\"", "<expected-path",
         "an expected path of mission 'reset' of usability test 'first-look' starts on 'forgot', but the mission starts on 'login'; start the path there"),
        ("time-limit=\"300\"", "time-limit=\"5\"", "<mission id=\"reset\"",
         "mission 'reset' of usability test 'first-look' has time-limit=\"5\"; a time limit is seconds from 10 to 86400"),
        ("<success route=\"home\"/>", "<success route=\"hom\"/>", "<success route=\"hom\"",
         "mission 'explore' of usability test 'first-look' succeeds on route 'hom', which does not exist; did you mean 'home'?"),
        ("routes=\"login forgot sent\"", "routes=\"login forgotten sent\"", "<expected-path",
         "an expected path of mission 'reset' of usability test 'first-look' goes through route 'forgotten', which does not exist; did you mean 'forgot'?"),
        ("routes=\"login forgot sent\"", "routes=\"login forgot\"", "<expected-path",
         "an expected path of mission 'reset' of usability test 'first-look' ends on 'forgot', which is not one of its successes; end it on one"),
        ("<mission id=\"explore\"", "<mission id=\"reset\"", "<mission id=\"reset\" task=\"Find",
         "usability test 'first-look' has two missions 'reset'; give each mission its own id"),
        ("<choice label=\"Hard\"/>", "", "<choice-question",
         "question 'ease' of usability test 'first-look' has 1 choice; give it two or more"),
        ("<choice label=\"Hard\"/>", "<choice label=\"Easy\"/>", "<choice-question",
         "question 'ease' of usability test 'first-look' offers a choice twice; make each label differ"),
        ("<text-question id=\"comments\"", "<text-question id=\"sus\"", "<sus/>",
         "usability test 'first-look' asks 'sus' twice; each question needs its own id ('sus' and 'assistive-technology' are the built-in questions')"),
    ])
    func aWrongTestIsAProblemAtItsLine(original: String, replacement: String, anchor: String, message: String) throws {
        let xml = Self.app.replacingOccurrences(of: original, with: replacement)
        guard case .failure(let found) = try load(xml) else {
            Issue.record("loaded")
            return
        }
        let line = xml.components(separatedBy: "\n").firstIndex { $0.contains(anchor) }.map { $0 + 1 }
        #expect(found.problems.map { "\($0.line): \($0.message)" }.contains("\(line ?? 0): \(message)"), "\(found.problems)")
    }

    @Test func aMissionWithoutSuccessIsASchemaError() throws {
        let xml = Self.app.replacingOccurrences(of: "<success route=\"sent\"/>", with: "").replacingOccurrences(of: "<expected-path routes=\"login forgot sent\"/>", with: "")
        guard case .failure(let found) = try load(xml) else {
            Issue.record("loaded")
            return
        }
        #expect(found.problems.contains { $0.message.contains("success") }, "\(found.problems)")
    }
}
