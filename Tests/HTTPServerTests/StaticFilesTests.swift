import Foundation
@testable import HTTPServer
import Synchronization
import Testing

@Suite struct StaticFilesTests {
    /// A public folder with a page, a stylesheet, a fingerprinted script, a subfolder with an
    /// index, a symlink inside and one pointing out.
    static func makeFolder(revalidation: Duration = .zero, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) throws
        -> (files: StaticFiles, folder: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("<h1>Home</h1>".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data("body{}".utf8).write(to: folder.appendingPathComponent("site.css"))
        try Data("js".utf8).write(to: folder.appendingPathComponent("app.3f2a9c1e.js"))
        try Data("docs".utf8).write(to: folder.appendingPathComponent("docs/index.html"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out.txt").path, withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("style.css").path, withDestinationPath: "site.css")
        return (try StaticFiles(root: folder.path, revalidation: revalidation, now: now), folder)
    }

    func respond(_ files: StaticFiles, _ target: String, headers: [(String, String)] = []) throws -> HTTPResponse {
        do {
            return try files.respond(to: try makeRequest(.get, target, headers: headers))
        } catch let error as HTTPError {
            return HTTPResponse(error.status)
        }
    }

    @Test(arguments: [
        ("/site.css", "text/css; charset=utf-8", "body{}"),
        ("/", "text/html; charset=utf-8", "<h1>Home</h1>"),
        ("/docs/", "text/html; charset=utf-8", "docs"),
        ("/docs", "text/html; charset=utf-8", "docs"),
        ("/style.css", "text/css; charset=utf-8", "body{}"),
        ("/app.3f2a9c1e.js", "text/javascript; charset=utf-8", "js"),
    ])
    func servesFilesWithTheirTypes(target: String, type: String, body: String) throws {
        let (files, _) = try Self.makeFolder()
        let response = try respond(files, target)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == type)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test(arguments: [
        "/../secret.txt", "/docs/../../secret.txt", "/%2e%2e/secret.txt", "/docs/%2E%2E/%2e%2e/secret.txt",
        "/out.txt", "//etc/passwd", "/etc/passwd", "/./index.html", "/a%5C..%5Csecret.txt", "/missing.html",
    ])
    func nothingOutsideTheFolderIsServed(target: String) throws {
        let (files, _) = try Self.makeFolder()
        #expect(try respond(files, target).status == .notFound)
    }

    @Test func validatorsGive304() throws {
        let (files, _) = try Self.makeFolder()
        let first = try respond(files, "/site.css")
        let etag = try #require(first.headers["ETag"])
        let modified = try #require(first.headers["Last-Modified"])
        #expect(try respond(files, "/site.css", headers: [("If-None-Match", etag)]).status == .notModified)
        #expect(try respond(files, "/site.css", headers: [("If-None-Match", "\"other\", W/\(etag)")]).status == .notModified)
        #expect(try respond(files, "/site.css", headers: [("If-None-Match", "*")]).status == .notModified)
        #expect(try respond(files, "/site.css", headers: [("If-Modified-Since", modified)]).status == .notModified)
        #expect(try respond(files, "/site.css", headers: [("If-None-Match", "\"other\""), ("If-Modified-Since", modified)]).status == .ok)
        #expect(try respond(files, "/site.css", headers: [("If-Modified-Since", "Thu, 01 Jan 1970 00:00:00 GMT")]).status == .ok)
        #expect(try respond(files, "/site.css", headers: [("If-None-Match", etag)]).body.isEmpty)
    }

    @Test func aChangedFileGetsANewETag() throws {
        let (files, folder) = try Self.makeFolder()
        let before = try respond(files, "/site.css")
        try Data("body{color:red}".utf8).write(to: folder.appendingPathComponent("site.css"))
        let after = try respond(files, "/site.css")
        #expect(after.headers["ETag"] != before.headers["ETag"])
        #expect(String(decoding: after.body, as: UTF8.self) == "body{color:red}")
    }

    @Test func aKeptFileIsServedUntilItIsLookedAtAgain() throws {
        let (files, folder) = try Self.makeFolder(revalidation: .seconds(3600))
        let before = try respond(files, "/site.css")
        try Data("body{color:red}".utf8).write(to: folder.appendingPathComponent("site.css"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("index.html"))
        #expect(try respond(files, "/site.css").headers["ETag"] == before.headers["ETag"])
        #expect(try respond(files, "/index.html").status == .notFound, "never kept, so looked up")
    }

    @Test func aKeptFileIsLookedAtAgainOnceItsTimeHasPassed() throws {
        let clock = Mutex(ContinuousClock.now)
        let (files, folder) = try Self.makeFolder(revalidation: .seconds(1), now: { clock.withLock { $0 } })
        _ = try respond(files, "/index.html")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("index.html"))
        clock.withLock { $0 += .milliseconds(999) }
        #expect(try respond(files, "/index.html").status == .ok, "kept for the second")
        clock.withLock { $0 += .milliseconds(2) }
        #expect(try respond(files, "/index.html").status == .notFound, "looked at again after it")
    }

    @Test func fingerprintedNamesAreCachedForAYear() throws {
        let (files, _) = try Self.makeFolder()
        #expect(try respond(files, "/app.3f2a9c1e.js").headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(try respond(files, "/site.css").headers["Cache-Control"] == "no-cache")
        #expect(StaticFiles.isFingerprinted("/a/app-0123abcd.css"))
        #expect(!StaticFiles.isFingerprinted("/a/deadbeef.css"))
        #expect(!StaticFiles.isFingerprinted("/a/app.v2.css"))
    }

    @Test func aMissingFolderIsRefusedAtStart() {
        #expect(throws: HTTPError.self) { try StaticFiles(root: "/nonexistent/public") }
    }
}
