import FlowPages
import Foundation
import HTTPServer
import Testing

/// The session unit of work through the router, on a real SQLite file: one transaction holds the
/// compare-and-swap and every effect's writes, a conflict runs the request again without
/// repeating them, and what the engine or a template refuses stays inside the app.
@Suite struct UnitOfWorkTests {
    typealias Browser = WebApplicationTests.Browser

    @Test func aConflictRetryNeverSendsTheMailTwice() throws {
        let desk = try DeskApp()
        var browser = Browser(router: desk.router)
        let (_, start) = try browser.open("/desk/")
        _ = try browser.submit("/desk/_action/next", from: start)
        let (_, back) = try browser.open("/desk/start")
        desk.knobs.races.withLock { $0 = 1 }
        let mailed = try browser.submit("/desk/_action/mail", from: back)
        #expect(mailed.status == .seeOther && mailed.url == "/desk/next")
        #expect(desk.knobs.preparations.withLock { $0 } == 2, "the request ran twice: once lost to the other tab, once saved")
        #expect(try desk.mails().count == 1, "the first run's mail was rolled back with its lost save")
    }

    @Test func aSessionThatKeepsChangingIsAnswered409InTheAppWithNothingWritten() throws {
        let desk = try DeskApp()
        var browser = Browser(router: desk.router)
        let (_, start) = try browser.open("/desk/")
        _ = try browser.submit("/desk/_action/next", from: start)
        let (_, back) = try browser.open("/desk/start")
        desk.knobs.races.withLock { $0 = -1 }
        let refused = try browser.submit("/desk/_action/mail", from: back)
        #expect(refused.status == .conflict)
        #expect(refused.page.contains("kept changing") && refused.page.contains("<title>Conflict – Desk"), "\(refused.page)")
        #expect(desk.knobs.preparations.withLock { $0 } == 3)
        #expect(try desk.mails().isEmpty)
        desk.knobs.races.withLock { $0 = 0 }
        #expect(try browser.open("/desk/").url == "/desk/start", "the session is where it was")
    }

    @Test func aNavigationAnActionCannotMakeIsAMessageInTheApp() throws {
        let desk = try DeskApp()
        var browser = Browser(router: desk.router)
        let (_, start) = try browser.open("/desk/")
        let next = try browser.submit("/desk/_action/next", from: start)
        let refused = try browser.submit("/desk/_action/deeper", from: next.page)
        #expect(refused.status == .seeOther && refused.url == "/desk/next")
        #expect(refused.page.contains("You can&#39;t go further from here") || refused.page.contains("You can't go further from here"), "\(refused.page)")
        #expect(!refused.page.contains("depth"), "no engine text reaches the page")
    }

    @Test func aScreenThatCannotBeShownOffersBackAndStartOver() throws {
        let desk = try DeskApp()
        var browser = Browser(router: desk.router)
        let (_, start) = try browser.open("/desk/")
        let response = try browser.send(.post, "/desk/_action/broken", form: [
            "csrf": Browser.hidden("csrf", in: start) ?? "", "screen": "/desk/start",
        ])
        #expect(response.headers["Location"] == "/desk/broken")
        let broken = try browser.get("/desk/broken")
        let page = String(decoding: broken.body, as: UTF8.self)
        #expect(broken.status == .internalServerError)
        // The error view in the screen's place, inside the app's layout: its bar's Back, Start
        // Over, an error toast in the status region, and (a prototype) what failed.
        #expect(page.contains("This screen could not be shown") && page.contains("Start Over"), "\(page)")
        #expect(page.contains("<h1 id=\"screen-title\" tabindex=\"-1\" autofocus>Broken</h1>") && page.contains("Back<span class=\"visually-hidden\"> to "))
        #expect(page.contains("role=\"status\" aria-live=\"polite\"><p class=\"error\">The screen “Broken” could not be shown.</p>"), "\(page)")
        #expect(page.contains("<code>"), "a prototype names the fault")
        #expect(desk.knobs.logged.withLock { $0 }.contains { $0.hasPrefix("request ") && $0.contains("screen broken could not be rendered") })
        let back = try browser.submit("/desk/_back", from: page)
        #expect(back.url == "/desk/start" && back.page.contains("The start screen."))

        _ = try browser.send(.post, "/desk/_action/broken", form: ["csrf": Browser.hidden("csrf", in: back.page) ?? "", "screen": "/desk/start"])
        let again = String(decoding: try browser.get("/desk/broken").body, as: UTF8.self)
        let over = try browser.submit("/desk/_start-over", from: again)
        #expect(over.url == "/desk/start" && over.page.contains("The start screen."))
    }

    @Test func sessionsExpireWhenTheClockPassesTheirIdleLifetime() throws {
        let desk = try DeskApp()
        var browser = Browser(router: desk.router)
        let (_, start) = try browser.open("/desk/")
        _ = try browser.submit("/desk/_action/next", from: start)
        desk.knobs.time.withLock { $0 += 2 * 3_600_000 - 1 }
        #expect(try browser.get("/desk/").headers["Location"] == "/desk/next", "still alive a millisecond before")
        desk.knobs.time.withLock { $0 += 2 * 3_600_000 + 1 }
        let expired = try browser.get("/desk/")
        #expect(expired.headers["Location"] == "/desk/start", "idle for over two hours: a new session at the start")
    }

    @Test func sessionsEndSevenDaysAfterTheyBeganHoweverBusy() throws {
        let desk = try DeskApp()
        var browser = Browser(router: desk.router)
        let (_, start) = try browser.open("/desk/")
        _ = try browser.submit("/desk/_action/next", from: start)
        let began = desk.knobs.time.withLock { $0 }
        // A post every 1 h 59 min keeps it from idling out until its absolute lifetime ends.
        while desk.knobs.time.withLock({ $0 }) - began < 7 * 86_400_000 - 2 * 3_600_000 {
            desk.knobs.time.withLock { $0 += 2 * 3_600_000 - 60_000 }
            let (_, next) = try browser.open("/desk/")
            #expect(next.contains("The next screen."))
            _ = try browser.submit("/desk/_action/next", from: next)
        }
        desk.knobs.time.withLock { $0 = began + 7 * 86_400_000 + 1 }
        #expect(try browser.get("/desk/").headers["Location"] == "/desk/start", "past seven days: a new session at the start")
    }
}
