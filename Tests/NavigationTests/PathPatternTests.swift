import Navigation
import Testing

@Suite struct PathPatternTests {
    @Test(arguments: [
        ("/", "/"),
        ("/auth/login", "/auth/login"),
        ("/listing/{id}", "/listing/{id}"),
        ("/listing/{id}/gallery", "/listing/{id}/gallery"),
        ("/a%20b/{x_1}", "/a%20b/{x_1}"),
    ])
    func parsesAndPrintsBack(source: String, printed: String) throws {
        #expect(try PathPattern(source).description == printed)
    }

    @Test(arguments: [
        "", "listing", "//", "/listing/", "/listing//x", "/listing/{}", "/listing/{id", "/listing/id}",
        "/listing/x{id}", "/listing/{1d}", "/listing/{id}/{id}", "/listing/{i-d}", "/bad%zz",
    ])
    func refusesMalformedPatterns(source: String) {
        #expect(throws: PathPattern.ParseError.self) { try PathPattern(source) }
    }

    @Test func matchesAndDecodesEachSegment() throws {
        let pattern = try PathPattern("/listing/{id}/gallery")
        #expect(pattern.match("/listing/123/gallery") == ["id": "123"])
        #expect(pattern.match("/listing/a%2Fb/gallery") == ["id": "a/b"])
        #expect(pattern.match("/listing/caf%C3%A9/gallery") == ["id": "café"])
        #expect(pattern.match("/listing/123") == nil)
        #expect(pattern.match("/listing/123/gallery/") == nil)
        #expect(pattern.match("/listing//gallery") == nil)
        #expect(pattern.match("/listing/%zz/gallery") == nil)
        #expect(pattern.match("/listing/%FF/gallery") == nil)
        #expect(pattern.match("listing/123/gallery") == nil)
        #expect(try PathPattern("/").match("/") == [:])
    }

    @Test func decodesAPathOnceForEveryPattern() throws {
        #expect(PathPattern.decodedSegments(of: "/listing/a%2Fb/gallery") == ["listing", "a/b", "gallery"])
        #expect(PathPattern.decodedSegments(of: "/") == [])
        #expect(PathPattern.decodedSegments(of: "/listing//x") == nil, "an empty segment matches no pattern")
        #expect(PathPattern.decodedSegments(of: "/%zz") == nil && PathPattern.decodedSegments(of: "x") == nil)
        let segments = try #require(PathPattern.decodedSegments(of: "/listing/123/gallery"))
        #expect(try PathPattern("/listing/{id}/gallery").match(segments: segments) == ["id": "123"])
        #expect(try PathPattern("/listing/{id}").match(segments: segments) == nil)
    }

    @Test(arguments: ["123", "a/b", "café", "100% sure", "x?y#z", "~._-"])
    func buildsPathsThatMatchBack(value: String) throws {
        let pattern = try PathPattern("/listing/{id}")
        let path = try #require(pattern.path(with: ["id": value]))
        #expect(pattern.match(path[...]) == ["id": value])
        #expect(!path.dropFirst(9).contains("/"))
    }

    @Test func buildingNeedsEveryPlaceholder() throws {
        #expect(try PathPattern("/listing/{id}").path(with: [:]) == nil)
        #expect(try PathPattern("/listing/{id}").path(with: ["id": ""]) == nil)
    }

    @Test func sameShapeIgnoresPlaceholderNames() throws {
        #expect(try PathPattern("/listing/{id}").hasSameShape(as: PathPattern("/listing/{listingId}")))
        #expect(try !PathPattern("/listing/{id}").hasSameShape(as: PathPattern("/listing/new")))
        #expect(try !PathPattern("/listing/{id}").hasSameShape(as: PathPattern("/listing/{id}/map")))
    }
}
