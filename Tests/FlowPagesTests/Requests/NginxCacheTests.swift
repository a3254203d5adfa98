import FlowPages
import FlowPagesTestSupport
import Foundation
import Testing

/// FlowPages behind nginx configured by the shipped `Docs/deploy/nginx.conf` (issue 50): a
/// stranger's page served from nginx's cache, and nothing of a person's ever stored there or
/// handed to someone else.
@Suite(.serialized, .enabled(if: LiveNginx.isInstalled, "needs nginx: `bash Tests/run.sh` installs it (apt-get install nginx-light)"))
struct NginxCacheTests {
    /// SUMA Finance and Reality Portal on their hosts, behind the shipped configuration.
    static func deployed(cache: PublicCache = PublicPagesLiveTests.cache, views: String? = nil, watch: Bool = false) throws -> (LiveApp, LiveNginx) {
        let app = try LiveApp(views: views, appHosts: PublicPagesLiveTests.hosts, prototype: false, publicCache: cache, watch: watch)
        for attempt in 1...3 {
            do {
                return (app, try LiveNginx.deployed(port: try LiveNginx.freePort(), upstreams: [app.port]))
            } catch let error as LiveNginx.Failure where attempt < 3 && error.description.contains("Address already in use") {
                continue
            }
        }
        throw LiveNginx.Failure("nginx found no free port")
    }

    static func visitor(_ app: LiveApp, _ nginx: LiveNginx, host: String = "suma.finance") -> LiveBrowser {
        var browser = LiveBrowser(app, host: host)
        browser.port = nginx.port
        return browser
    }

    /// Every file of the cache, as text.
    static func cached(_ nginx: LiveNginx) -> [String] {
        let files = FileManager.default.enumerator(at: nginx.cacheFolder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.compactMap { try? String(contentsOf: $0, encoding: .isoLatin1) }
    }

    @Test func aStrangersSecondVisitIsServedFromTheCacheAndPostsFromItStartASession() throws {
        let (app, nginx) = try Self.deployed()
        defer { nginx.stop() }
        var first = Self.visitor(app, nginx)
        let miss = try first.request("GET", "/auth/login", referer: nil)
        #expect(miss.status == 200 && miss.header("X-Cache-Status") == "MISS")
        var second = Self.visitor(app, nginx)
        let hit = try second.request("GET", "/auth/login", referer: nil)
        #expect(hit.header("X-Cache-Status") == "HIT" && hit.body == miss.body && hit.header("ETag") == miss.header("ETag"))
        #expect(Self.cached(nginx).count == 1)

        // The page came from the cache; its form posts to FlowPages, which starts the session.
        try PublicPagesLiveTests.person("ada@example.com", in: app)
        try PublicPagesLiveTests.signIn(&second, as: "ada@example.com")
        #expect(second.cookies["fp_suma-finance"] != nil && second.page.heading == "Home")
        let signedIn = try second.request("GET", "/profile", referer: nil)
        #expect(signedIn.header("X-Cache-Status") == "BYPASS" && signedIn.header("Cache-Control") == "no-store")
    }

    @Test func peopleAndStrangersInterleavedNeverReceiveAnothersPageAndNothingOfTheirsIsStored() throws {
        let (app, nginx) = try Self.deployed()
        defer { nginx.stop() }
        let emails = ["ada@example.com", "grace@example.com"]
        var people = [Self.visitor(app, nginx), Self.visitor(app, nginx)]
        for index in people.indices {
            try PublicPagesLiveTests.person(emails[index], in: app)
            try PublicPagesLiveTests.signIn(&people[index], as: emails[index])
            #expect(people[index].page.heading == "Home")
        }
        var tokens: [String] = []
        for index in people.indices {
            try people[index].open("/profile")
            tokens.append(people[index].hidden("csrf"))
        }
        #expect(tokens.allSatisfy { !$0.isEmpty } && Set(tokens).count == 2)
        let secret = "/auth/reset-password?token=abc123&email=test%40example.com"
        for round in 0..<3 {
            for target in ["/auth/login", "/auth/register", "/auth/forgot-password", "/profile", secret] {
                for index in people.indices {
                    let page = try people[index].request("GET", target, referer: nil)
                    #expect(page.header("X-Cache-Status") == "BYPASS", "\(target), round \(round)")
                    #expect(!page.body.contains(tokens[1 - index]) && !page.body.contains(emails[1 - index]), "\(target): another person's page")
                }
                var stranger = Self.visitor(app, nginx)
                let page = try stranger.request("GET", target, referer: nil)
                #expect(!tokens.contains { page.body.contains($0) } && !emails.contains { page.body.contains($0) }, "\(target): a stranger got a person's page")
                if target != secret && target != "/profile" {
                    #expect(page.header("Set-Cookie") == nil && !page.body.contains("name=\"csrf\""), "\(target)")
                }
            }
        }
        let stored = Self.cached(nginx)
        #expect(stored.count == 3, "the three public pages, each once")
        for text in stored {
            #expect(!tokens.contains { text.contains($0) } && !text.contains("name=\"csrf\"") && !text.contains("abc123") && !text.contains("Set-Cookie"))
        }
    }

    @Test func forgedHostsPoisonNothing() throws {
        let (app, nginx) = try Self.deployed()
        defer { nginx.stop() }
        var forger = Self.visitor(app, nginx, host: "evil.example")
        _ = try forger.request("GET", "/suma-finance/auth/register", referer: nil)
        var forwarded = Self.visitor(app, nginx)
        _ = try forwarded.request("GET", "/auth/register", referer: nil, extra: [("X-Forwarded-Host", "evil.example"), ("X-Forwarded-Proto", "https")])
        var stranger = Self.visitor(app, nginx)
        let page = try stranger.request("GET", "/auth/register", referer: nil)
        #expect(page.status == 200 && !page.body.contains("evil.example"))
        #expect(Self.cached(nginx).allSatisfy { !$0.contains("evil.example") }, "nothing names the forged host")
    }

    @Test func eachPlatformsBannerIsCachedApart() throws {
        let (app, nginx) = try Self.deployed()
        defer { nginx.stop() }
        let agents = ["Mozilla/5.0 (Linux; Android 14; Pixel 8)", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"]
        var first: [String] = []
        for agent in agents {
            var visitor = Self.visitor(app, nginx)
            let page = try visitor.request("GET", "/auth/login", referer: nil, extra: [("User-Agent", agent)])
            #expect(page.header("X-Cache-Status") == "MISS")
            first.append(page.body)
        }
        for (agent, body) in zip(agents, first) {
            var visitor = Self.visitor(app, nginx)
            let page = try visitor.request("GET", "/auth/login", referer: nil, extra: [("User-Agent", agent + " Mobile")])
            #expect(page.header("X-Cache-Status") == "HIT" && page.body == body, "\(agent)")
        }
        #expect(first[0] != first[1] && first[0].contains("intent:") && !first[1].contains("intent:"))
    }

    @Test func anEditedAppFolderReachesVisitorsOnceTheCopyIsStale() throws {
        let views = try LiveViewsTests.views(["suma-finance", "reality-portal"])
        defer { try? FileManager.default.removeItem(at: views) }
        let (app, nginx) = try Self.deployed(cache: PublicCache(maxAge: 1, sharedMaxAge: 1, staleWhileRevalidate: 1), views: views.path, watch: true)
        defer { nginx.stop() }
        var visitor = Self.visitor(app, nginx)
        #expect(try visitor.request("GET", "/auth/forgot-password", referer: nil).body.contains("Forgot Password"))
        try LiveViewsTests.edit(views.appendingPathComponent("suma-finance/app.xml")) {
            $0.replacingOccurrences(of: "title=\"Forgot Password\"", with: "title=\"Lost Your Password\"")
        }
        let deadline = Date().addingTimeInterval(10)
        var seen = false
        while !seen && Date() < deadline {
            seen = try visitor.request("GET", "/auth/forgot-password", referer: nil).body.contains("Lost Your Password")
            if !seen { usleep(200_000) }
        }
        #expect(seen, "within max-age, stale-while-revalidate and the watcher's delay")
    }

    @Test func everyViewOfACachedPageIsCounted() throws {
        let (app, nginx) = try Self.deployed()
        defer { nginx.stop() }
        var statuses: [String?] = []
        for _ in 0..<5 {
            var stranger = Self.visitor(app, nginx)
            let page = try stranger.request("GET", "/auth/login", referer: nil)
            statuses.append(page.header("X-Cache-Status"))
            let beacon = try #require(HTMLPage(page.body).root.elements("img").first { $0["class"] == "beacon" }?["src"])
            #expect(try stranger.request("GET", beacon, referer: "/auth/login").status == 200)
        }
        #expect(statuses == ["MISS", "HIT", "HIT", "HIT", "HIT"])
        #expect(try AppBannerTests.bannersShown(app) == 5, "each view, though FlowPages rendered the page once")
    }
}
