import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import Testing

/// The manual review of an audit (issue 36), over real HTTP on the app written from the docs
/// alone: auditors record verdicts per WCAG criterion, two at once never overwrite each other
/// unseen, the conformance report, CSV and EARL say what was found, an exported audit imports
/// whole, and a state whose template changes is marked "changed since reviewed".
@Suite struct AuditReviewLiveTests {
    static let errors = "form-errors:edit-item:item"

    /// Starts an audit named `name` as `auditor`; returns its overview's path.
    static func start(_ browser: inout LiveBrowser, name: String, auditor: String) throws -> String {
        try browser.open("/pantry/_audit")
        try browser.post("/pantry/_audit/reviews", ["csrf": browser.hidden("csrf"), "name": name, "auditor": auditor])
        #expect(browser.last.status == 200 && browser.page.heading == "Audit: \(name)")
        return String(browser.url.prefix { $0 != "?" })
    }

    /// Posts verdicts on the state `state` as `auditor`, from the state's page as it was opened.
    @discardableResult
    static func judge(_ browser: inout LiveBrowser, _ overview: String, state: String, as auditor: String,
                      _ verdicts: [String: (String, String)], page: HTMLPage? = nil) throws -> HTMLPage {
        let shown = try page ?? browser.open("\(overview)/state?state=\(state)")
        var values = ["csrf": shown.root.elements("input").first { $0["name"] == "csrf" }?["value"] ?? "", "state": state, "auditor": auditor]
        for input in shown.root.elements("input") where input["name"]?.hasPrefix("seen-") == true {
            values[input["name"] ?? ""] = input["value"]
        }
        for (criterion, (outcome, note)) in verdicts {
            values["outcome-\(criterion)"] = outcome
            values["note-\(criterion)"] = note
        }
        return try browser.post("\(overview)/state", values)
    }

    /// An automated pass's results.json over `app`, with one finding, transcript line and tab stop.
    static func results(app: String) -> String {
        """
        {"app": "\(app)", "started": "2026-11-28T00:00:00+00:00", "finished": true, "states": [{"id": "screen:items",
         "problems": [{"check": "axe", "rule": "button-name", "where": "button", "fix": "Give the button a name.", "criteria": ["4.1.2"],
                       "impact": "critical", "schemes": ["light", "dark"], "template": "pantry/items.html:4", "through": "_layout/button.html:1"}],
         "transcript": [{"landmark": "main", "heading": "Pantry", "says": "link, “Rice”"}], "tabStops": ["link, “Rice”"]}]}
        """
    }

    @Test func auditorsRecordVerdictsAndTheReportSaysWhatWasFound() throws {
        let live = try Fixtures.pantry()
        var ana = LiveBrowser(live)
        var ben = LiveBrowser(live)
        let overview = try Self.start(&ana, name: "Release 1", auditor: "Ana")
        let page = try ana.open("\(overview)/state?state=\(Self.errors)")
        let others = Set(page.root.all.first { $0.hasClass("other-criteria") }?.elements("legend").map(\.content) ?? [])
        let legends = page.root.elements("legend").map(\.content).filter { !others.contains($0) }
        // Each criterion says how to test it, beside its verdict.
        let howTo = page.root.elements("fieldset").first { $0["id"] == "criterion-3-3-1" }?.all.first { $0.hasClass("how-to-test") }?.content ?? ""
        #expect(howTo.hasPrefix("How to test: Send each form with mistakes"), "\(howTo)")
        #expect(page.root.all.filter { $0.hasClass("how-to-test") }.count == 56)
        #expect(legends.contains("3.3.1 Error Identification (A)") && legends.contains("1.3.5 Identify Input Purpose (AA)") == false,
                "a form's errors bring 3.3.1; no field of the item form asks about the person")
        #expect(!legends.contains { $0.hasPrefix("1.2.") }, "no media, no media criteria")
        #expect(others.contains("1.3.5 Identify Input Purpose (AA)") && others.contains("1.2.1 Audio-only and Video-only (Prerecorded) (A)")
                && others.count + legends.count == 56, "every other criterion can be judged there too")
        // A toast fades: 2.2.1 applies where one shows.
        let toast = try #require(AuditInventoryPage.listed(try ana.open("/pantry/_audit")).first { $0.id.hasPrefix("toast:") }?.id)
        let toastPage = try ana.open("\(overview)/state?state=\(toast)")
        let toastOthers = Set(toastPage.root.all.first { $0.hasClass("other-criteria") }?.elements("legend").map(\.content) ?? [])
        #expect(toastPage.root.elements("legend").map(\.content).contains { $0.hasPrefix("2.2.1 ") && !toastOthers.contains($0) })
        let bensPage = try ben.open("\(overview)/state?state=\(Self.errors)")
        try Self.judge(&ana, overview, state: Self.errors, as: "Ana", ["3.3.1": ("fail", "The quantity's error does not say the range."), "1.4.3": ("pass", "")])
        #expect(ana.url.contains("saved=2"))
        // Ben's page was opened before Ana saved: his 3.3.1 is not kept, his 2.4.6 is.
        try Self.judge(&ben, overview, state: Self.errors, as: "Ben", ["3.3.1": ("pass", ""), "2.4.6": ("pass", "")], page: bensPage)
        #expect(ben.page.root.elements("h2").map(\.content).contains("Not kept: someone else judged these meanwhile"))
        #expect(ben.url.contains("conflicts=3.3.1"))
        let report = try ana.open("\(overview)/report")
        // An ACR: its front matter, and the Section 508 and EN 301 549 tables from the WCAG rows.
        let terms = Dictionary(uniqueKeysWithValues: zip(report.root.elements("dt").map(\.content), report.root.elements("dd").map(\.content)))
        #expect(terms["Product"]?.hasPrefix("Pantry, app folder ") == true && terms["Report date"]?.count == 10 && terms["Scope"]?.contains("states of Pantry") == true,
                "\(terms)")
        #expect(terms["Evaluation methods"]?.contains("Ana") == true && terms["Assistive technology and browsers"] != nil)
        let heads = report.root.elements("th").map(\.content)
        #expect(heads.contains { $0.hasPrefix("E205.4") } && heads.contains("Chapter 4: Hardware"))
        #expect(heads.contains("9.3.3.1 Error Identification") && heads.contains("10 Non-web documents") && !heads.contains { $0.hasPrefix("9.2.5.8") },
                "clause 9 from the WCAG rows EN 301 549 has")
        let row = report.root.elements("tr").first { $0.content.hasPrefix("3.3.1 Error Identification") }?.content ?? ""
        #expect(row.contains("Does Not Support") == false && row.contains("Partially Supports"), "fails in one of the states it applies to: \(row)")
        #expect(report.root.elements("tr").first { $0.content.hasPrefix("1.2.1 ") }?.content.contains("Not Applicable") == true)
        #expect(report.root.elements("tr").first { $0.content.hasPrefix("2.4.6 ") }?.content.contains("Not Evaluated") == true,
                "passes where judged, not judged everywhere yet")
        let csv = try ana.request("GET", "\(overview)/report.csv", referer: nil).body.split(whereSeparator: \.isNewline)
        #expect(csv.count == 4 && csv.contains { $0.contains("3.3.1,Error Identification,A,fail,The quantity's error does not say the range.,Ana") })
        let earl = try #require(try JSONSerialization.jsonObject(with: Data(ana.request("GET", "\(overview)/report.jsonld", referer: nil).body.utf8)) as? [String: Any])
        let graph = earl["@graph"] as? [[String: Any]] ?? []
        #expect(graph.filter { $0["@type"] as? String == "earl:Assertion" }.count == 3 && earl["@context"] is [String: Any])
        #expect(graph.contains { ($0["result"] as? [String: Any])?["outcome"] as? String == "earl:failed" && $0["test"] as? String == "https://www.w3.org/TR/WCAG22/#error-identification" })
    }

    @Test func anExportedAuditImportsWholeAndAnotherAppsIsRefused() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "Before launch", auditor: "Ana")
        try Self.judge(&browser, overview, state: "screen:items", as: "Ana", ["1.4.3": ("fail", "Low contrast on the count.")])
        let exported = try browser.request("GET", "\(overview)/audit.json", referer: nil)
        #expect(exported.header("Content-Disposition")?.hasPrefix("attachment") == true)
        try browser.open("/pantry/_audit")
        try browser.post("/pantry/_audit/reviews/import", ["csrf": browser.hidden("csrf"), "audit": exported.body])
        #expect(browser.page.heading == "Audit: Before launch" && browser.url != overview)
        let imported = String(browser.url.prefix { $0 != "?" })
        #expect(try browser.request("GET", "\(imported)/report.csv", referer: nil).body == browser.request("GET", "\(overview)/report.csv", referer: nil).body)
        try browser.open("/pantry/_audit")
        try browser.post("/pantry/_audit/reviews/import", ["csrf": browser.hidden("csrf"), "audit": exported.body.replacingOccurrences(of: "\"pantry\"", with: "\"coin\"")])
        #expect(browser.last.status == 422 && browser.last.body.contains("That audit is of coin, not of pantry"))
        try browser.open("/pantry/_audit")
        #expect(browser.page.root.elements("li").filter { $0.content.hasPrefix("Before launch") }.count == 2, "the refused file added nothing")
    }

    @Test func verdictsOnAStateTheAppNoLongerHasAreKeptAndThePassTravelsWithTheAudit() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "Moved", auditor: "Ana")
        try Self.judge(&browser, overview, state: "screen:items", as: "Ana", ["1.4.3": ("fail", "Low contrast on the count.")])
        try browser.open(overview)
        try browser.post("\(overview)/automated", ["csrf": browser.hidden("csrf"), "results": Self.results(app: "pantry")])
        // As if the route had been renamed since: the file names a state the app does not have.
        let exported = try browser.request("GET", "\(overview)/audit.json", referer: nil).body
        #expect(exported.contains("\"automatedPass\""), "the pass travels with the audit")
        try browser.open("/pantry/_audit")
        try browser.post("/pantry/_audit/reviews/import", ["csrf": browser.hidden("csrf"), "audit": exported.replacingOccurrences(of: "screen:items", with: "screen:old-items")])
        #expect(browser.page.heading == "Audit: Moved")
        let imported = String(browser.url.prefix { $0 != "?" })
        let homeless = browser.page.root.all.first { $0["id"] == "homeless-title" }
        #expect(homeless != nil && browser.page.root.elements("li").contains { $0.content.hasPrefix("screen:old-items: 1.4.3") }, "kept and listed, not dropped")
        #expect(try browser.request("GET", "\(imported)/audit.json", referer: nil).body.contains("screen:old-items"), "and exported again")
        #expect(browser.page.root.all.contains { $0.name == "p" && $0.content.hasPrefix("Automated pass of 2026-11-28T00:00:00+00:00") }, "the pass came with it")
        // The auditor gives them their new home: the state the route is now.
        try browser.press("Move", filling: ["Move its verdicts to": "screen:items"])
        #expect(browser.page.root.all.first { $0["id"] == "homeless-title" } == nil, "none waits any more")
        let page = try browser.open("\(imported)/state?state=screen:items")
        #expect(page.root.elements("textarea").contains { $0.raw == "Low contrast on the count." }, "the verdict is on the state now")
    }

    @Test func anAuditAndAPassChosenAsFilesArriveAsIfPasted() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "Uploaded", auditor: "Ana")
        try Self.judge(&browser, overview, state: "screen:items", as: "Ana", ["1.4.3": ("fail", "Low contrast on the count.")])
        let exported = try browser.request("GET", "\(overview)/audit.json", referer: nil).body
        try browser.open("/pantry/_audit")
        try browser.press("Import the audit", choosing: ["The exported audit's file": ("pantry.png", "\u{0}PNG\r\n")])
        #expect(browser.last.status == 422 && browser.last.body.contains("That is not an audit exported by FlowPages"), "as a bad paste is told")
        try browser.open("/pantry/_audit")
        try browser.press("Import the audit", filling: ["Or its text, pasted": exported], choosing: ["The exported audit's file": ("pantry-audit.json", exported)])
        #expect(browser.last.status == 422 && browser.last.body.contains("file or paste its text, not both"))
        try browser.open("/pantry/_audit")
        try browser.press("Import the audit", choosing: ["The exported audit's file": ("pantry-audit.json", exported)])
        #expect(browser.page.heading == "Audit: Uploaded" && browser.url != overview)
        let imported = String(browser.url.prefix { $0 != "?" })
        #expect(try browser.request("GET", "\(imported)/report.csv", referer: nil).body == browser.request("GET", "\(overview)/report.csv", referer: nil).body)
        try browser.open(imported)
        try browser.press("Attach the automated pass", choosing: ["The results.json file": ("results.json", Self.results(app: "pantry"))])
        #expect(browser.page.root.all.contains { $0.name == "p" && $0.content.hasPrefix("Automated pass of 2026-11-28T00:00:00+00:00") })
        let items = try browser.open("\(imported)/report").root.all.filter { $0.name == "li" }.map(\.content)
        #expect(items.contains("4.1.2: axe button-name at button (light, dark; critical): Give the button a name. Made by pantry/items.html:4 via _layout/button.html:1."), "with the template line that made it")
    }

    @Test func aMultipartPostIsCheckedForItsSessionAndOriginAsAnyForm() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        try browser.open("/pantry/_audit")
        let csrf = browser.hidden("csrf")
        func upload(csrf: String, origin: String? = nil) throws {
            let body = LiveBrowser.multipart([("csrf", nil, csrf), ("audit-file", "a.json", "{}")])
            try browser.post("/pantry/_audit/reviews/import", body: body,
                             headers: [("Content-Type", "multipart/form-data; boundary=\(LiveBrowser.boundary)")] + (origin.map { [("Origin", $0)] } ?? []))
        }
        try upload(csrf: "forged")
        #expect(browser.last.status == 403 && browser.last.body.contains("This form is not from this session"))
        try upload(csrf: csrf, origin: "http://evil.example")
        #expect(browser.last.status == 403 && browser.last.body.contains("Posts from other sites are refused."))
        try upload(csrf: csrf)
        #expect(browser.last.status == 422 && browser.last.body.contains("That is not an audit exported by FlowPages"), "the same post from the page is read")
    }

    @Test func aStateWhoseTemplateChangedIsMarkedChangedSinceReviewed() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "Sprint 4", auditor: "Ana")
        try Self.judge(&browser, overview, state: "screen:items", as: "Ana", ["2.4.4": ("pass", "")])
        try Self.judge(&browser, overview, state: "screen:shopping", as: "Ana", ["2.4.4": ("pass", "")])
        func changed() throws -> [String] {
            try browser.open(overview).root.elements("th").filter { $0.content.hasSuffix("(changed since reviewed)") }.map(\.content)
        }
        #expect(try changed().isEmpty)
        let template = (live.views as NSString).appendingPathComponent("pantry/items.html")
        try (String(contentsOfFile: template, encoding: .utf8).replacingOccurrences(of: "label=\"Add Item\"", with: "label=\"Add\""))
            .write(toFile: template, atomically: true, encoding: .utf8)
        #expect(try changed() == ["Pantry (changed since reviewed)"], "only the state whose template changed")
        #expect(browser.page.root.all.contains { $0.name == "strong" && $0.content == "The app folder changed since." })
        let state = try browser.open("\(overview)/state?state=screen:items")
        #expect(state.root.all.contains { $0.name == "strong" && $0.content == "changed since reviewed" })
        // The app's stylesheet is what every state is made of too: a contrast fixed there marks them all.
        #expect(try changed().count == 1)
        try "main { color: #444; }\n".write(toFile: (live.views as NSString).appendingPathComponent("pantry/style.css"), atomically: true, encoding: .utf8)
        let afterStyle = try changed()
        #expect(afterStyle.count == 2, "\(afterStyle)")
    }

    @Test func aChangeToFlowPagesOwnStylesheetMarksTheStatesReviewed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("public-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Public"), to: folder)
        let pantry = try Fixtures.pantry()
        let live = try LiveApp(views: pantry.views, publicFolder: folder.path)
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "Shared look", auditor: "Ana")
        try Self.judge(&browser, overview, state: "screen:items", as: "Ana", ["1.4.3": ("pass", "")])
        let css = folder.appendingPathComponent("flowpages.css")
        try (String(contentsOf: css, encoding: .utf8) + "\nmain { color: #777; }\n").write(to: css, atomically: true, encoding: .utf8)
        let marked = try browser.open(overview).root.elements("th").filter { $0.content.hasSuffix("(changed since reviewed)") }.map(\.content)
        #expect(marked == ["Pantry (changed since reviewed)"], "\(marked)")
    }

    @Test func aChangeToTheRecordsAStateShowsMarksIt() throws {
        let pantry = try Fixtures.pantry()
        let live = try LiveApp(views: pantry.views, watch: true)
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "Records", auditor: "Ana")
        try Self.judge(&browser, overview, state: "screen:item", as: "Ana", ["1.3.1": ("pass", "")])
        func marked() throws -> [String] {
            try browser.open(overview).root.elements("th").filter { $0.content.hasSuffix("(changed since reviewed)") }.map(\.content)
        }
        #expect(try marked().isEmpty)
        let data = (live.views as NSString).appendingPathComponent("pantry/db.json")
        try String(contentsOfFile: data, encoding: .utf8).replacingOccurrences(of: "\"Rice\"", with: "\"Brown rice\"")
            .write(toFile: data, atomically: true, encoding: .utf8)
        var after: [String] = []
        for _ in 0..<50 where after.isEmpty {
            after = try marked()
            if after.isEmpty { usleep(100_000) }
        }
        #expect(after == ["Brown rice (changed since reviewed)"], "the item the state shows, renamed in the app's data: \(after)")
    }

    @Test func aChangeToTheSharedLayoutMarksEveryStateItDraws() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "Layout", auditor: "Ana")
        try Self.judge(&browser, overview, state: "screen:items", as: "Ana", ["1.4.3": ("pass", "")])
        let field = (live.views as NSString).appendingPathComponent("_layout/app.html")
        try (String(contentsOfFile: field, encoding: .utf8) + "\n").write(toFile: field, atomically: true, encoding: .utf8)
        let marked = try browser.open(overview).root.elements("th").filter { $0.content.hasSuffix("(changed since reviewed)") }.map(\.content)
        #expect(marked == ["Pantry (changed since reviewed)"], "\(marked)")
    }

    @Test func thePassesScreenshotsShowOnAStatesPage() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "Screens", auditor: "Ana")
        let csrf = browser.hidden("csrf")
        func send(_ state: String, _ files: [(String, [UInt8])]) throws -> LiveBrowser.Response {
            let boundary = "shots-boundary"
            var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n".utf8)
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"state\"\r\n\r\n\(state)\r\n".utf8)
            for (name, bytes) in files {
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(name).png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
                body += bytes + Array("\r\n".utf8)
            }
            body += Array("--\(boundary)--\r\n".utf8)
            return try browser.request("POST", "\(overview)/screenshots", referer: overview, bytes: body,
                                       extra: [("Content-Type", "multipart/form-data; boundary=\(boundary)")])
        }
        let light = Fixtures.png, dark = Fixtures.png + [7]
        #expect(try send("screen:items", [("light", light), ("dark", dark)]).status == 204)
        #expect(try send("screen:nowhere", [("light", light)]).status == 422, "a state the app does not have")
        #expect(try send("screen:items", [("light", Array("<svg/>".utf8))]).status == 422, "no PNG")
        #expect(try send("screen:items", [("light", Fixtures.png + Array(repeating: 1, count: 600 * 1024))]).status == 413)
        let page = try browser.open("\(overview)/state?state=screen:items")
        let images = page.root.all.filter { $0.name == "img" }
        #expect(images.map { $0["alt"] ?? "" } == ["The state as the automated pass saw it, light colour scheme",
                                                    "The state as the automated pass saw it, dark colour scheme"])
        let shown = try browser.request("GET", images.last?["src"] ?? "", referer: nil)
        #expect(shown.status == 200 && shown.header("Content-Type") == "image/png" && Array(shown.body.utf8).count > 0)
        #expect(try browser.request("GET", "\(overview)/screenshots?state=screen:shopping&scheme=light", referer: nil).status == 404)
    }

    @Test func anAutomatedPassAttachedShowsItsTranscriptsInTheReport() throws {
        let live = try Fixtures.pantry()
        var browser = LiveBrowser(live)
        let overview = try Self.start(&browser, name: "With the pass", auditor: "Ana")
        try browser.post("\(overview)/automated", ["csrf": browser.hidden("csrf"), "results": Self.results(app: "coin")])
        #expect(browser.last.status == 422 && browser.last.body.contains("That pass is of coin, not of pantry."))
        try browser.open(overview)
        try browser.post("\(overview)/automated", ["csrf": browser.hidden("csrf"), "results": Self.results(app: "pantry")])
        #expect(browser.page.root.all.contains { $0.name == "p" && $0.content.hasPrefix("Automated pass of 2026-11-28T00:00:00+00:00") })
        let report = try browser.open("\(overview)/report")
        let items = report.root.all.filter { $0.name == "li" }.map(\.content)
        #expect(items.contains("main › Pantry │ link, “Rice”") && items.contains("4.1.2: axe button-name at button (light, dark; critical): Give the button a name. Made by pantry/items.html:4 via _layout/button.html:1."))
        let state = try browser.open("\(overview)/state?state=screen:items").root.all.first { $0["class"] == "automated" }
        #expect(state?.elements("ul").first?.elements("li").map(\.content) == ["4.1.2: axe button-name at button (light, dark; critical): Give the button a name. Made by pantry/items.html:4 via _layout/button.html:1."], "the state's page lists the pass's finding with its template line")
        #expect(state?.elements("ol").first?.elements("li").map(\.content).contains("main › Pantry │ link, “Rice”") == true, "and what a screen reader says there")
        // The EARL has the pass's failure as an automatic assertion, by FlowPages' pass, beside the auditors' manual ones.
        let earl = try JSONSerialization.jsonObject(with: Data(browser.request("GET", "\(overview)/report.jsonld", referer: nil).body.utf8)) as? [String: Any]
        let automatic = (earl?["@graph"] as? [[String: Any]] ?? []).filter { $0["mode"] as? String == "earl:automatic" }
        #expect(automatic.count == 1 && automatic.first?["test"] as? String == "https://www.w3.org/TR/WCAG22/#name-role-value"
                && automatic.first?["subject"] as? String == "urn:flowpages:audit:pantry:screen%3Aitems"
                && ((automatic.first?["result"] as? [String: Any])?["description"] as? String)?.hasSuffix("Made by pantry/items.html:4 via _layout/button.html:1.") == true,
                "\(automatic)")
        // The report's 4.1.2 row takes the pass's finding into account…
        func row(_ number: String) throws -> String {
            try browser.open("\(overview)/report").root.elements("tr").first { $0.content.hasPrefix(number + " ") }?.content ?? ""
        }
        let before = try row("4.1.2")
        #expect(before.contains("Partially Supports") && before.contains("automated: axe button-name"), "\(before)")
        // …until an auditor's pass with a note overrides it, which the row says.
        try Self.judge(&browser, overview, state: "screen:items", as: "Ana", ["4.1.2": ("pass", "The button is named by its visible text in Chromium 131.")])
        let after = try row("4.1.2")
        #expect(!after.contains("Partially Supports") && after.contains("overrides the automated pass's finding in Pantry"), "\(after)")
    }
}
