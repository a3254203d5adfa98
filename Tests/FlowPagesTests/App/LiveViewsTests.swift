import FlowPages
import FlowPagesTestSupport
import Foundation
import Testing

/// The authoring loop over real HTTP: a copy of the repository's views served as ``LiveViews``,
/// its files edited on disk between requests as an editor saves them.
@Suite struct LiveViewsTests {
    /// `_layout` and SUMA Finance copied into a folder of the test's own.
    static func views(_ apps: [String] = ["suma-finance"]) throws -> URL {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("live-views-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
        for folder in ["_layout"] + apps {
            try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/\(folder)"), to: views.appendingPathComponent(folder))
        }
        return views
    }

    /// Saves `text` as an editor does: written beside the file, then renamed over it.
    static func save(_ text: String, to file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).swp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        _ = rename(temporary.path, file.path)
    }

    static func edit(_ file: URL, _ change: (String) -> String) throws {
        try save(change(try String(contentsOf: file, encoding: .utf8)), to: file)
    }

    /// A fresh copy of the views served watched, browsed by `body`; the copy goes afterwards.
    static func watching(_ apps: [String] = ["suma-finance"], _ body: (_ views: URL, _ browser: inout LiveBrowser) throws -> Void) throws {
        let views = try views(apps)
        defer { try? FileManager.default.removeItem(at: views) }
        var browser = LiveBrowser(try LiveApp(views: views.path, watch: true))
        try body(views, &browser)
    }

    /// SUMA Finance's Forgot Password, reached as a person would.
    static func openForgotPassword(_ browser: inout LiveBrowser) throws {
        try browser.open("/suma-finance/")
        try browser.press("Skip")
        try browser.press("Forgot Password?")
        #expect(browser.page.heading == "Forgot Password")
    }

    @Test func aTemplateSavedIsWhatTheNextRequestShows() throws {
        try Self.watching { views, browser in
            try browser.open("/suma-finance/")
            try browser.press("Skip")
            #expect(browser.page.heading == "Login")
            try Self.edit(views.appendingPathComponent("suma-finance/login.html")) { $0.replacingOccurrences(of: "</form>", with: "</form><p>Saved a moment ago</p>") }
            try browser.reload()
            #expect(browser.page.root.content.contains("Saved a moment ago"), "the edit is on the very next request")
            #expect(browser.page.heading == "Login", "the session is where it was")
            // Written over in place, no rename, as some editors save.
            let login = views.appendingPathComponent("suma-finance/login.html")
            let text = try String(contentsOf: login, encoding: .utf8).replacingOccurrences(of: "Saved a moment ago", with: "And written in place")
            try text.write(to: login, atomically: false, encoding: .utf8)
            try browser.reload()
            #expect(browser.page.root.content.contains("And written in place"))
        }
    }

    /// Issue 46: an image saved over is at a new address on the next page, as a template's edit
    /// is there; the old address names content that is gone.
    @Test func anImageSavedOverIsAtANewAddressOnTheNextPage() throws {
        let views = try AppImagesLiveTests.views()
        defer { try? FileManager.default.removeItem(at: views) }
        var browser = LiveBrowser(try LiveApp(views: views.path, watch: true))
        let before = try #require(try AppImagesLiveTests.addresses(&browser)["photo"])
        #expect(try browser.request("GET", before, referer: nil).status == 200)
        try Data(Fixtures.png + [1]).write(to: views.appendingPathComponent("pantry/images/photo.png"))
        let after = try #require(try AppImagesLiveTests.addresses(&browser)["photo"])
        #expect(after != before)
        let image = try browser.request("GET", after, referer: nil)
        #expect(image.status == 200 && image.header("Content-Length") == String(Fixtures.png.count + 1))
        #expect(try browser.request("GET", before, referer: nil).status == 404)
    }

    @Test func withoutInotifyTheFilesArePolled() throws {
        let views = try Self.views()
        defer { try? FileManager.default.removeItem(at: views) }
        var browser = LiveBrowser(try LiveApp(views: views.path, watch: true, polling: true))
        try browser.open("/suma-finance/")
        try browser.press("Skip")
        try Self.edit(views.appendingPathComponent("suma-finance/login.html")) { $0.replacingOccurrences(of: "</form>", with: "</form><p>Polled</p>") }
        // Seen within a poll's interval, at the latest.
        let deadline = Date().addingTimeInterval(5)
        repeat {
            usleep(100_000)
            try browser.reload()
        } while !browser.page.root.content.contains("Polled") && Date() < deadline
        #expect(browser.page.root.content.contains("Polled") && browser.page.heading == "Login")
    }

    @Test func aBrokenFolderShowsItsProblemsAtTheirLinesUntilItIsFixed() throws {
        try Self.watching { views, browser in
            try Self.openForgotPassword(&browser)
            let file = views.appendingPathComponent("suma-finance/app.xml")
            let original = try String(contentsOf: file, encoding: .utf8)
            let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(lines.firstIndex { $0.contains("<route name=\"login\"") }) + 1
            try Self.save(original.replacingOccurrences(of: "<route name=\"login\"", with: "<rout name=\"login\""), to: file)

            try browser.reload()
            #expect(browser.last.status == 500)
            #expect(browser.page.heading == "suma-finance cannot be shown")
            let problem = try #require(browser.page.root.elements("li").first { $0.content.contains("app.xml:\(line):") })
            #expect(problem.elements("mark").first?.content.contains("<rout name=\"login\"") == true, "the line at fault, quoted and marked")
            #expect(problem.elements("pre").first?.content.contains("\(line - 1)") == true, "with the line before it")
            try browser.open("/")
            let entry = try #require(browser.page.root.elements("li").first { $0.content.contains("suma-finance") })
            #expect(entry["class"] == "broken" && entry.content.contains("cannot be shown: 1 problem"))

            try Self.save(original, to: file)
            try browser.open("/suma-finance/")
            #expect(browser.last.status == 200)
            #expect(browser.page.heading == "Forgot Password", "the session was kept through the broken minute")
        }
    }

    @Test func aTemplateErrorIsShownAtItsLineAndColumn() throws {
        try Self.watching { views, browser in
            try Self.save("<p>Welcome</p>\n<p>{{#if signedIn}}open</p>\n", to: views.appendingPathComponent("suma-finance/welcome.html"))
            try browser.open("/suma-finance/")
            #expect(browser.last.status == 500)
            #expect(browser.page.root.content.contains("welcome.html:2:4:"), "\(browser.page.root.content)")
            #expect(browser.page.root.content.contains("{{/if}}"), "says what is missing")
        }
    }

    @Test func aSessionThatNoLongerFitsStartsOverSayingWhy() throws {
        try Self.watching { views, browser in
            try Self.openForgotPassword(&browser)
            // The screen the session is on is renamed: the stored state names a route no longer there.
            try Self.edit(views.appendingPathComponent("suma-finance/app.xml")) {
                $0.replacingOccurrences(of: "<route name=\"forgot-password\"", with: "<route name=\"forgotten-password\"")
                    .replacingOccurrences(of: "route=\"forgot-password\"", with: "route=\"forgotten-password\"")
                    .replacingOccurrences(of: "routes=\"login forgot-password ", with: "routes=\"login forgotten-password ")
            }
            try FileManager.default.moveItem(at: views.appendingPathComponent("suma-finance/forgot-password.html"),
                                             to: views.appendingPathComponent("suma-finance/forgotten-password.html"))
            try browser.open("/suma-finance/")
            #expect(browser.last.status == 200)
            #expect(browser.page.heading == "Welcome to SUMA Finance")
            #expect(browser.page.toasts.contains { $0.contains("SUMA Finance changed since your last page") && $0.contains("forgot-password") },
                    "\(browser.page.toasts)")
            try browser.reload()
            #expect(browser.page.toasts.isEmpty, "said once")
        }
    }

    /// `ln -s ~/my-app Views/my-app`, as Views/README.md and the audit script link an app kept
    /// elsewhere: an edit made in the folder itself is served, whether inotify or polling sees it.
    @Test(arguments: [false, true])
    func anEditInsideALinkedAppFolderIsWhatTheNextRequestShows(polling: Bool) throws {
        let views = try Self.views([])
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("my-apps-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: views)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/suma-finance"), to: elsewhere.appendingPathComponent("suma-finance"))
        try FileManager.default.createSymbolicLink(at: views.appendingPathComponent("suma-finance"), withDestinationURL: elsewhere.appendingPathComponent("suma-finance"))
        var browser = LiveBrowser(try LiveApp(views: views.path, watch: true, polling: polling))
        try browser.open("/suma-finance/")
        try browser.press("Skip")
        #expect(browser.page.heading == "Login")
        try Self.edit(elsewhere.appendingPathComponent("suma-finance/login.html")) { $0.replacingOccurrences(of: "</form>", with: "</form><p>Edited where it lives</p>") }
        let deadline = Date().addingTimeInterval(5)
        repeat {
            if polling { usleep(100_000) }
            try browser.reload()
        } while polling && !browser.page.root.content.contains("Edited where it lives") && Date() < deadline
        #expect(browser.page.root.content.contains("Edited where it lives"), "the linked folder's edit is served")
        #expect(browser.page.heading == "Login")
    }

    @Test func aFolderAddedWhileServingIsServedNext() throws {
        try Self.watching { views, browser in
            try browser.open("/")
            #expect(!browser.page.root.content.contains("COIN"))
            try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/coin"), to: views.appendingPathComponent("coin"))
            try browser.open("/")
            #expect(browser.page.root.content.contains("COIN"))
            // A file in the new folder changes too.
            try Self.edit(views.appendingPathComponent("coin/app.xml")) { $0.replacingOccurrences(of: "title=\"COIN\"", with: "title=\"COIN, renamed\"") }
            try browser.open("/")
            #expect(browser.page.root.content.contains("COIN, renamed"))
        }
    }
}

/// A template that reads what its page does not provide would render as nothing: the folder is
/// broken, shown with its problems while prototyping and refused when serving real people.
@Suite struct TemplateTypoTests {
    @Test func aTemplateTypoIsShownAtItsPlaceWhileProtoypingAndRefusedOtherwise() throws {
        let views = try LiveViewsTests.views()
        defer { try? FileManager.default.removeItem(at: views) }
        let login = views.appendingPathComponent("suma-finance/login.html")
        try LiveViewsTests.edit(login) { text in
            let end = text.range(of: "{{/block}}", options: .backwards)!
            return text.replacingCharacters(in: end, with: "{{ page.headng }}<form method=\"post\" action=\"{{ actions.log-inn }}\"></form>{{/block}}")
        }
        var browser = LiveBrowser(try LiveApp(views: views.path, watch: true))
        try browser.open("/suma-finance/auth/login")
        let text = browser.page.root.content
        #expect(text.contains("login.html:") && text.contains("no 'headng'") && text.contains("did you mean 'heading'?"), "\(text)")
        #expect(text.contains("no 'log-inn'") && text.contains("did you mean 'log-in'?"))
        let real = try WebApplication(views: views.path, publicFolder: views.path, store: TestStore.fresh("typo").store, prototype: false)
        #expect(!real.appIDs.contains("suma-finance") && real.problems.contains { $0.contains("login.html:") && $0.contains("'headng'") })
    }
}
