import FlowPagesTestSupport
import FlowStore
@testable import FlowWorkshop
import Foundation
import Testing

/// SUMA Finance's shipped test taken over real HTTP as testers take it — from its link, with a
/// session of their own, the mission's region on every page — and its results read as the team
/// reads them.
@Suite struct UsabilityTestLiveTests {
    static let link = "/suma-finance/_test/first-look"
    static let results = "/suma-finance/_usability/first-look"

    /// Consents (giving `technology`, a value of the question about assistive technology, or
    /// none) and lands on the first brief.
    @discardableResult
    static func consent(_ tester: inout LiveBrowser, technology: String = "") throws -> HTMLPage {
        try tester.open(link)
        return try tester.press("I agree: start the test", filling: ["Do you use assistive technology to use apps and websites? (optional)": technology])
    }

    /// The text of the mission region of `page`, or nil.
    static func region(_ page: HTMLPage) -> String? {
        page.root.all.first { $0.name == "section" && $0.hasClass("usability-mission") }.map(\.content)
    }

    @Test func aTesterTakesTheTestAndTheResultsSayWhatTheyDid() throws {
        let live = try LiveApp()
        var tester = LiveBrowser(live)
        var brief = try Self.consent(&tester, technology: "screen-reader")
        #expect(brief.heading == "Mission 1 – SUMA Finance: first look")
        // Mission 1 along the expected way, the task above the app and no team tools beside it.
        var page = try tester.press("Start this mission")
        #expect(page.heading == "Login")
        #expect(Self.region(page)?.contains("Your task: Mission 1 of 3") == true)
        #expect(!page.root.all.contains { $0.hasClass("prototype-tools") }, "a tester sees no team tools")
        try tester.press("Forgot Password?")
        try tester.press("Send Code", filling: ["Email address": "test@example.com"])
        page = try tester.press("Verify", filling: ["Verification code": "123456"])
        #expect(page.heading == "New Password")
        brief = try tester.press("I'm done")
        #expect(brief.heading == "Mission 2 – SUMA Finance: first look")
        // Mission 2 restarted once, then given up.
        try tester.press("Start this mission")
        try tester.press("Restart this mission")
        #expect(Self.region(tester.page)?.contains("Mission 2 of 3") == true)
        brief = try tester.press("Give up")
        #expect(brief.heading == "Mission 3 – SUMA Finance: first look")
        // Mission 3 said done at once, on no success screen.
        try tester.press("Start this mission")
        let questions = try tester.press("I'm done")
        #expect(questions.heading == "A few questions – SUMA Finance: first look")
        var scale: [String: String] = [:]
        for (index, statement) in SystemUsabilityScale.statements.enumerated() { scale["\(index + 1). \(statement)"] = index.isMultiple(of: 2) ? "4" : "2" }
        let thanks = try tester.press("Send my answers", filling: scale.merging([
            "How sure were you, each time, that you had done the task?": "Mostly sure", "What, if anything, got in your way?": "The code step",
        ]) { $1 })
        #expect(thanks.heading == "Thank you – SUMA Finance: first look")

        var team = LiveBrowser(live)
        let results = try team.open(Self.results)
        let rows = results.root.elements("tbody").map { $0.elements("td").map(\.content) }
        #expect(rows.first == ["1", "0", "0", "0", "0", "0", "0"], "mission 1: a direct success")
        let text = results.root.content
        #expect(text.contains("Time: median") && text.contains("Restarts: 1"))
        #expect(text.contains("Login → Forgot Password → Verification Code → New Password (testers: 1)"))
        #expect(text.contains("median score is 75.0 of 100"))
        #expect(rows.contains(["0", "0", "0", "1", "0", "0", "0"]), "mission 2: gave up")
        #expect(rows.contains(["0", "0", "1", "0", "0", "0", "0"]), "mission 3: done elsewhere")
        // A tester's way, screen by screen, each openable as they saw it.
        let way = try team.click("Tester 1")
        #expect(way.heading == "Tester 1: SUMA Finance: first look")
        #expect(way.root.content.contains("Mission 2: Gave up, after restarting 1 times"))
        let step = try #require(way.root.elements("li").first { $0.content.hasPrefix("Verification Code at") })
        let opened = try team.press(try #require(step.elements("button").first?.content))
        #expect(opened.heading == "Verification Code")
        try team.open(Self.results)
        // The screen-reader users beside everyone else.
        #expect(try team.open(Self.results + "?at=screen-reader").root.content.contains("Testers: 1 (A screen reader)"))
        #expect(try team.open(Self.results + "?at=none").root.content.contains("Testers: 0 (None)"))
        try team.open(Self.results + "/results.csv")
        #expect(team.last.status == 200)
        let lines = team.last.body.split(separator: "\r\n")
        #expect(lines.count == 2)
        #expect(lines.last?.contains(",screen-reader,direct,") == true && lines.last?.contains(",gave-up,") == true)
        #expect(lines.last?.hasSuffix(",75.0,Mostly sure,The code step") == true, "\(lines.last ?? "")")
    }

    @Test func aTestersSessionFindsNoneOfTheTeamsPages() throws {
        let live = try LiveApp()
        var tester = LiveBrowser(live)
        try Self.consent(&tester)
        for path in ["/_mailbox", "/_events", "/_map", "/_insights", "/_audit", "/_usability", "/_usability/first-look", "/_usability/first-look/results.csv"] {
            try tester.open("/suma-finance" + path)
            #expect(tester.last.status == 404, "\(path)")
        }
        let csrf = tester.hidden("csrf")
        for path in ["/_tools/reset", "/_usability", "/_usability/first-look/status", "/_usability/first-look/edit", "/_audit/open"] {
            try tester.post("/suma-finance" + path, ["csrf": csrf, "status": "closed", "name": "Mine", "state": "screen:login"])
            #expect(tester.last.status == 404, "\(path)")
        }
        try tester.open(Self.link)
        #expect(tester.last.status == 200, "the test itself is still open to them")
        var team = LiveBrowser(live)
        try team.open("/suma-finance/_usability")
        #expect(team.last.status == 200)
    }

    @Test func eachTesterStartsWithASessionOfTheirOwn() throws {
        let live = try LiveApp()
        var person = LiveBrowser(live)
        try person.open("/suma-finance/auth/login")
        try person.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        let signedIn = person.cookies
        try Self.consent(&person)
        #expect(person.cookies != signedIn)
        let start = try person.press("Start this mission")
        #expect(start.heading == "Login", "no one is signed in: nothing of the earlier session is the tester's")
    }

    @Test func answersNotAmongAQuestionsChoicesAreRefused() throws {
        let live = try LiveApp()
        var tester = LiveBrowser(live)
        try Self.consent(&tester)
        for _ in 1...3 {
            try tester.press("Start this mission")
            try tester.press("Give up")
        }
        let csrf = tester.hidden("csrf")
        try tester.post(Self.link + "/questions", ["csrf": csrf, "confidence": "Never sure"])
        #expect(tester.last.status == 422)
        try tester.post(Self.link + "/questions", ["csrf": csrf, "sus.1": "6"])
        #expect(tester.last.status == 422)
        var team = LiveBrowser(live)
        #expect(try team.open(Self.results).root.content.contains("No tester has answered all ten statements yet."), "nothing of a refused post is kept")
        try team.open(Self.results + "/results.csv")
        #expect(team.last.body.split(separator: "\r\n").last?.hasSuffix(",,,") == true, "no score, no answer: \(team.last.body)")
        try tester.post(Self.link, ["csrf": csrf, "assistive-technology": "telepathy"])
        #expect(tester.last.status == 422)
    }

    @Test func aTesterWhoWithdrawsLeavesNothingBehind() throws {
        let live = try LiveApp()
        var tester = LiveBrowser(live)
        try Self.consent(&tester, technology: "none")
        try tester.press("Start this mission")
        try tester.press("Give up")
        var team = LiveBrowser(live)
        #expect(try team.open(Self.results).root.content.contains("Testers: 1 (Everyone)"))
        let page = try tester.press("Withdraw from this test")
        #expect(page.root.content.contains("everything you gave it has been deleted"))
        #expect(try team.open(Self.results).root.content.contains("Testers: 0 (Everyone)"))
        try tester.open(Self.link)
        #expect(tester.page.heading == "SUMA Finance: first look", "the link starts afresh")
    }

    @Test func aPausedClosedOrUnknownLinkSaysSoAndTheTeamResumesIt() throws {
        let live = try LiveApp()
        var team = LiveBrowser(live)
        try team.open("/suma-finance/_usability")
        try team.press("Pause: take no new testers")
        var tester = LiveBrowser(live)
        try tester.open(Self.link)
        #expect(tester.last.status == 503 && tester.page.root.content.contains("This test is paused"))
        try team.press("Resume")
        try tester.open(Self.link)
        #expect(tester.last.status == 200)
        try team.press("Close the test")
        try tester.open(Self.link)
        #expect(tester.last.status == 410 && tester.page.root.content.contains("This test has closed"))
        try tester.open("/suma-finance/_test/no-such-test")
        #expect(tester.last.status == 404 && tester.page.root.content.contains("There is no test at this address"))
    }

    @Test func aTeamMakesAThreeMissionTestInTheBrowserAndATesterTakesIt() throws {
        let live = try LiveApp()
        var team = LiveBrowser(live)
        try team.open("/suma-finance/_usability")
        var page = try team.press("Make the test", filling: ["Name": "Sign-up study", "What testers read first": "We test the app, not you."])
        #expect(page.heading == "Edit: Sign-up study")
        #expect(page.root.content.contains("it has no mission yet"))
        let edit = String(team.url.prefix { $0 != "?" })
        let id = String(edit.dropFirst("/suma-finance/_usability/".count).dropLast("/edit".count))
        #expect(id.hasPrefix("sign-up-study-") && id.count == "sign-up-study-".count + 4, "\(id)")
        // A mission the app's rules refuse is not kept, and says why.
        try team.press("Add the mission", filling: ["Task": "Open an account", "Starts in": "screen:welcome", "Registration Success (registration-success)": "on",
                                                    "Time limit in seconds (optional)": "5"])
        #expect(team.last.status == 422 && team.page.root.content.contains("a time limit is seconds from 10 to 86400"))
        try team.open(edit)
        for (task, start, success) in [("Open an account", "screen:welcome", "registration-success"), ("Find the privacy policy", "screen:welcome", "privacy"),
                                       ("Sign in", "screen:login", "home")] {
            let label = try #require(team.page.root.elements("label").first { $0["for"] == "success-\(success)" }?.content)
            try team.press("Add the mission", filling: ["Task": task, "Starts in": start, label: "on"])
        }
        page = try team.press("Add the question", filling: ["Question": "Would you use it?", "Answers, one a line": "Yes\nNo"])
        #expect(page.root.elements("ol").first { $0.hasClass("missions") }?.elements("li").count == 3)
        #expect(page.root.content.contains("<choice label=\"Yes\"/>"), "the test as app.xml declares it")

        var tester = LiveBrowser(live)
        try tester.open("/suma-finance/_test/\(id)")
        #expect(tester.page.root.content.contains("We test the app, not you."))
        try tester.press("I agree: start the test")
        let start = try tester.press("Start this mission")
        #expect(start.heading == "Welcome to SUMA Finance" && Self.region(start)?.contains("Mission 1 of 3") == true)
        #expect(Self.region(start)?.contains("Open an account") == true)
        try tester.press("Give up")
        var results = try team.open("/suma-finance/_usability/\(id)")
        #expect(results.root.elements("tbody").first?.elements("td").map(\.content) == ["0", "0", "0", "1", "0", "0", "0"])
        // A mission taken out while a tester is in it: their Restart moves them on, never past the list.
        try tester.press("Start this mission")
        try team.open(edit)
        try team.press("Remove mission 2")
        let moved = try tester.press("Restart this mission")
        #expect(moved.heading == "Mission 2 – Sign-up study" && moved.root.content.contains("Sign in"), "\(moved.heading)")
        // And one taken out between tries: its brief gives way to the next, and past the last, the questions.
        try team.open(edit)
        try team.press("Remove mission 2")
        let questions = try tester.open("/suma-finance/_test/\(id)/mission")
        #expect(questions.heading == "A few questions – Sign-up study", "\(questions.heading)")
        // Deleting the test deletes its results; its link then finds nothing.
        try team.open(edit)
        try team.press("Delete this test and its results")
        #expect(team.page.heading == "Usability tests" && !team.page.root.content.contains("Sign-up study"))
        results = try tester.open("/suma-finance/_test/\(id)")
        #expect(tester.last.status == 404)
        // Made again under the same name, it is another test: the old tester is a stranger to it.
        try team.open("/suma-finance/_usability")
        try team.press("Make the test", filling: ["Name": "Sign-up study"])
        #expect(team.url.hasPrefix("/suma-finance/_usability/sign-up-study-") && !team.url.hasPrefix(edit))
    }

    @Test func aTesterWithdrawsEvenFromATestThatIsClosed() throws {
        let live = try LiveApp()
        var tester = LiveBrowser(live)
        try Self.consent(&tester)
        try tester.press("Start this mission")
        var team = LiveBrowser(live)
        try team.open("/suma-finance/_usability")
        try team.press("Close the test")
        try tester.press("Give up")
        #expect(tester.last.status == 410, "a closed test takes no more")
        try tester.open("/suma-finance/auth/login")
        let asked = try tester.click("Withdraw from the test")
        #expect(asked.heading == "Withdraw from SUMA Finance: first look?")
        let withdrawn = try tester.press("Withdraw from this test")
        #expect(withdrawn.root.content.contains("everything you gave it has been deleted"))
        #expect(try team.open(Self.results).root.content.contains("Testers: 0 (Everyone)"))
    }

    @Test func aTesterWithdrawsEvenFromATestThatWasDeleted() throws {
        let live = try LiveApp()
        var team = LiveBrowser(live)
        try team.open("/suma-finance/_usability")
        try team.press("Make the test", filling: ["Name": "Short study"])
        let edit = String(team.url.prefix { $0 != "?" })
        try team.press("Add the mission", filling: ["Task": "Sign in", "Starts in": "screen:login", "Home (home)": "on"])
        var tester = LiveBrowser(live)
        try tester.open(edit.replacingOccurrences(of: "/_usability/", with: "/_test/").replacingOccurrences(of: "/edit", with: ""))
        try tester.press("I agree: start the test")
        try tester.press("Start this mission")
        try team.open(edit)
        try team.press("Delete this test and its results")
        let asked = try tester.click("Withdraw from the test")
        #expect(asked.heading == "Withdraw from the test?")
        let withdrawn = try tester.press("Withdraw from this test")
        #expect(withdrawn.root.content.contains("everything you gave it has been deleted"))
        #expect(try tester.open("/suma-finance/auth/login").root.all.first { $0.hasClass("usability-mission") } == nil, "their session is over")
    }

    @Test func aMadeTestTheAppNoLongerFitsIsPausedAndTheTeamToldWhy() throws {
        let live = try LiveApp()
        let xml = """
            <test id="old" name="Old study" intro="">
              <mission id="gone" start="screen:login" task="Find the old screen"><success route="old-screen"/></mission>
            </test>
            """
        try live.store.transaction { try $0.usability.keep(test: "old", xml: xml, app: "suma-finance", now: 1_000) }
        var team = LiveBrowser(live)
        let list = try team.open("/suma-finance/_usability").root.content
        #expect(list.contains("Paused for testers") && list.contains("succeeds on route 'old-screen', which does not exist"), "\(list)")
        var tester = LiveBrowser(live)
        try tester.open("/suma-finance/_test/old")
        #expect(tester.last.status == 503 && tester.page.root.content.contains("This test is paused"))
    }

    @Test func oneAddressCannotFillATestWithTesters() throws {
        let live = try LiveApp()
        for _ in 0..<AttemptLimit.testersPerAddress.free {
            var tester = LiveBrowser(live)
            let brief = try Self.consent(&tester)
            #expect(brief.heading == "Mission 1 – SUMA Finance: first look")
        }
        var one = LiveBrowser(live)
        try Self.consent(&one)
        #expect(one.last.status == 429 && one.page.root.content.contains("Many testers have started from this address"))
        #expect(one.last.headers.contains { $0.0 == "Retry-After" })
        var team = LiveBrowser(live)
        #expect(try team.open(Self.results).root.content.contains("Testers: \(AttemptLimit.testersPerAddress.free) (Everyone)"))
    }
}
