import FlowPages
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import Testing

/// `flowpages new`'s folders: each shape passes the check and is walked over real HTTP at once.
@Suite struct StarterFolderTests {
    static func views() throws -> URL {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("starter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        return views
    }

    @Test(arguments: StarterFolder.Shape.allCases)
    func aNewFolderPassesTheCheckAndServesItsFirstScreen(shape: StarterFolder.Shape) throws {
        let views = try Self.views()
        defer { try? FileManager.default.removeItem(at: views) }
        let written = try StarterFolder(id: "field-notes", shape: shape).write(into: views.path)
        #expect(written.contains { $0.hasSuffix("field-notes/app.xml") } && written.contains { $0.hasSuffix("field-notes/README.md") })
        #expect(ViewsCheck.problems(views: views.path).isEmpty, "\(ViewsCheck.problems(views: views.path))")

        let app = try LiveApp(views: views.path)
        var browser = LiveBrowser(app)
        try browser.open("/field-notes/")
        #expect(browser.last.status == 200)
        if shape == .flows {
            #expect(browser.page.heading == "Log In")
            try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        }
        #expect(browser.page.heading == "Home")
        #expect(browser.page.title.contains("Field notes"))
        try browser.press("Open a Detail")
        #expect(browser.page.heading == "Detail")
        try browser.goBack()
        try browser.press("About")
        #expect(browser.page.heading == "About" && browser.page.root.all.contains { $0.name == "dialog" }, "a sheet")
        try browser.press("Close")
        #expect(browser.page.heading == "Home")
        if shape != .stack {
            try browser.selectTab("settings")
            #expect(browser.page.heading == "Settings")
        }
        if shape == .flows {
            try browser.press("Log Out")
            #expect(browser.page.heading == "Log In")
        }
    }

    @Test func anExistingFolderIsNeverTouched() throws {
        let views = try Self.views()
        defer { try? FileManager.default.removeItem(at: views) }
        let folder = views.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "kept".write(to: folder.appendingPathComponent("app.xml"), atomically: true, encoding: .utf8)
        #expect(throws: StarterFolder.Refusal.self) { try StarterFolder(id: "mine", shape: .tabs).write(into: views.path) }
        #expect(try String(contentsOf: folder.appendingPathComponent("app.xml"), encoding: .utf8) == "kept")
    }

    @Test(arguments: ["My App", "_layout", "-first", "über", ""])
    func anIdThatIsNoAppIdIsRefused(id: String) {
        #expect(throws: StarterFolder.Refusal.self) { try StarterFolder(id: id, shape: .stack) }
    }
}
