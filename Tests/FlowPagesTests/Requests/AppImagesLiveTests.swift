import FlowPagesTestSupport
import Foundation
import Testing

/// An app folder's `images/`, as a browser meets them on a real server: a template's
/// `{{ image "…" }}` gives an address of the image's content, answered from memory with a year's
/// caching; an address of no current content is 404; an SVG opened by itself runs no script.
@Suite struct AppImagesLiveTests {
    /// An SVG whose script would tell if it ran: opened by itself, the policy it is served with stops it.
    static let scripted = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><script>document.title = "ran"</script><rect width="8" height="8"/></svg>"#

    /// `_layout` and `Tests/Apps/pantry` (whose Pantry screen shows `images/shelves.svg`), with a
    /// PNG and a scripted SVG added to its images and shown on the same screen.
    static func views() throws -> URL {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        let pantry = views.appendingPathComponent("pantry")
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Tests/Apps/pantry"), to: pantry)
        try Data(Fixtures.png).write(to: pantry.appendingPathComponent("images/photo.png"))
        try Data(scripted.utf8).write(to: pantry.appendingPathComponent("images/scripted.svg"))
        let items = pantry.appendingPathComponent("items.html")
        let shown = #"<img src="{{ image "photo.png" }}" alt="A photo"><img src="{{ image "scripted.svg" }}" alt=""><ul"#
        try (try String(contentsOf: items, encoding: .utf8)).replacingOccurrences(of: "<ul", with: shown).write(to: items, atomically: true, encoding: .utf8)
        return views
    }

    /// The addresses of the Pantry screen's images, by what their file is called.
    static func addresses(_ browser: inout LiveBrowser, at entry: String = "/pantry/items") throws -> [String: String] {
        let page = try browser.open(entry)
        var found: [String: String] = [:]
        for image in page.root.elements("img") {
            guard let source = image["src"], let name = source.split(separator: "/").last?.split(separator: ".").first else { continue }
            found[String(name)] = source
        }
        return found
    }

    @Test func anImageIsAtAnAddressOfItsContentCachedForAYearAndRevalidatedByItsHash() throws {
        let views = try Self.views()
        defer { try? FileManager.default.removeItem(at: views) }
        var browser = LiveBrowser(try LiveApp(views: views.path))
        let addresses = try Self.addresses(&browser)
        let photo = try #require(addresses["photo"])
        #expect(photo.wholeMatch(of: /\/pantry\/_images\/photo\.[0-9a-f]{16}\.png/) != nil, "\(photo)")
        #expect(addresses["shelves"]?.hasSuffix(".svg") == true && addresses["shelves"] != nil, "pantry's own image: \(addresses)")

        let image = try browser.request("GET", photo, referer: nil)
        #expect(image.status == 200)
        #expect(image.header("Content-Type") == "image/png")
        #expect(image.header("Content-Length") == String(Fixtures.png.count))
        #expect(image.body.contains("PNG") && image.body.hasSuffix(String(repeating: "*", count: 3000)), "the file's bytes")
        #expect(image.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(image.header("X-Content-Type-Options") == "nosniff")
        #expect(image.header("Content-Security-Policy") == nil, "a PNG runs nothing; the policy is an SVG's")
        let etag = try #require(image.header("ETag"))
        #expect(photo.contains(etag.trimmingCharacters(in: ["\""])), "the validator is the address's hash")

        let current = try browser.request("GET", photo, referer: nil, extra: [("If-None-Match", etag)])
        #expect(current.status == 304 && current.body.isEmpty && current.header("ETag") == etag)
        let head = try browser.request("HEAD", photo, referer: nil)
        #expect(head.status == 200 && head.body.isEmpty && head.header("Content-Length") == String(Fixtures.png.count))

        for gone in ["/pantry/_images/photo.0123456789abcdef.png", "/pantry/_images/photo.png", "/pantry/_images/nothing.png"] {
            let response = try browser.request("GET", gone, referer: nil)
            #expect(response.status == 404, "\(gone)")
            #expect(response.header("Cache-Control") != "public, max-age=31536000, immutable", "\(gone)")
            #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true && response.header("Set-Cookie") == nil,
                    "an image's miss starts no session and is no page: \(gone)")
        }
    }

    /// Issue 46: a scripted SVG opened directly, as a link to it would open it, is served with a
    /// policy that runs no script and loads nothing, and the browser may not take it for HTML.
    @Test func anSVGOpenedByItselfIsServedWithAPolicyThatRunsNoScript() throws {
        let views = try Self.views()
        defer { try? FileManager.default.removeItem(at: views) }
        var browser = LiveBrowser(try LiveApp(views: views.path))
        let address = try #require(try Self.addresses(&browser)["scripted"])
        let svg = try browser.request("GET", address, referer: nil, extra: [("Sec-Fetch-Dest", "document")])
        #expect(svg.status == 200 && svg.body == Self.scripted)
        #expect(svg.header("Content-Type") == "image/svg+xml")
        #expect(svg.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        #expect(svg.header("X-Content-Type-Options") == "nosniff")
    }

    /// The folder's `icons.svg`, an SVG of the author's as well, is served under the same policy.
    @Test func anAppsOwnIconSpriteOpenedByItselfRunsNoScript() throws {
        let views = try Self.views()
        defer { try? FileManager.default.removeItem(at: views) }
        let sprite = #"<svg xmlns="http://www.w3.org/2000/svg"><script>document.title = "ran"</script><symbol id="jar" viewBox="0 0 24 24"><rect width="24" height="24"/></symbol></svg>"#
        try Data(sprite.utf8).write(to: views.appendingPathComponent("pantry/icons.svg"))
        var browser = LiveBrowser(try LiveApp(views: views.path))
        let icons = try browser.request("GET", "/pantry/_icons.svg", referer: nil)
        #expect(icons.status == 200 && icons.header("Content-Type") == "image/svg+xml")
        #expect(icons.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    }

    /// On an app's own host, as a deep link's fallback serves it, the images are at the root's `/_images/`.
    @Test func anAppHostServesItsImagesAtItsRoot() throws {
        let views = try Self.views()
        defer { try? FileManager.default.removeItem(at: views) }
        var browser = LiveBrowser(try LiveApp(views: views.path, appHosts: ["pantry.example": "pantry"], prototype: false), host: "pantry.example")
        let photo = try #require(try Self.addresses(&browser, at: "/items")["photo"])
        #expect(photo.hasPrefix("/_images/photo."), "\(photo)")
        let image = try browser.request("GET", photo, referer: nil)
        #expect(image.status == 200 && image.header("Content-Type") == "image/png")
    }
}
