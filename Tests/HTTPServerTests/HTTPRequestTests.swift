@testable import HTTPServer
import Testing

@Suite struct HTTPRequestTests {
    @Test func targetsAreDecodedIntoPathAndQuery() throws {
        let request = try makeRequest(.get, "/caf%C3%A9/a%2Fb?q=a+b&x=%26&flag&q=second")
        #expect(request.path == "/café/a/b")
        #expect(request.rawPath == "/caf%C3%A9/a%2Fb")
        #expect(request.query("q") == "a b")
        #expect(request.query("x") == "&")
        #expect(request.query("flag") == "")
        #expect(request.query.count == 4)
    }

    @Test(arguments: ["/%zz", "/a%2", "/%FF", "/%00", "/?q=%zz", "nopath"])
    func invalidTargetsAre400(target: String) {
        let error = #expect(throws: HTTPError.self) { try makeRequest(.get, target) }
        #expect(error?.status == .badRequest)
    }

    @Test func cookiesAreRead() throws {
        let request = try makeRequest(.get, "/", headers: [("Cookie", "session=abc; theme=\"dark\""), ("Cookie", "session=later; empty=")])
        #expect(request.cookies == ["session": "abc", "theme": "dark", "empty": ""])
        #expect(request.cookie("session") == "abc" && request.cookie("theme") == "dark" && request.cookie("empty") == "")
        #expect(request.cookie("absent") == nil && request.cookie("sess") == nil, "a name, not a prefix of one")
    }

    @Test func cookiesAreReadAsTheirOctets() throws {
        let request = try makeRequest(.get, "/", headers: [("Cookie", " \tspaced = x ;;=nameless; noequals; quoted=\"\"; one=\"; café=crème\u{301}; =; last=v\t")])
        #expect(request.cookies == ["spaced ": " x", "quoted": "", "one": "\"", "café": "crème\u{301}", "last": "v"])
        #expect(request.cookie("spaced ") == " x" && request.cookie("spaced") == nil, "spaces around the pair trimmed, not around the =")
        #expect(request.cookie("café") == "crème\u{301}" && request.cookie("last") == "v")
        #expect(request.cookie("noequals") == nil && request.cookie("") == nil)
    }

    @Test func formsAreDecodedInOrder() throws {
        let request = try makeRequest(.post, "/", headers: [("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8")],
                                      body: "email=new%40example.com&name=Al+Test&terms=on&name=again")
        let fields = try request.formFields()
        #expect(fields.map(\.name) == ["email", "name", "terms", "name"])
        #expect(try request.form() == ["email": "new@example.com", "name": "Al Test", "terms": "on"])
    }

    @Test func formsMustBeUrlEncodedAndWellFormed() throws {
        let json = try makeRequest(.post, "/", headers: [("Content-Type", "application/json")], body: "{}")
        #expect(throws: HTTPError(.unsupportedMediaType, "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.")) { try json.form() }
        let broken = try makeRequest(.post, "/", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: "a=%zz")
        #expect(throws: HTTPError(.badRequest, "The form has an invalid percent-encoding.")) { try broken.form() }
        let many = (0...HTTPRequest.maximumFormFields).map { "f\($0)=1" }.joined(separator: "&")
        let crowded = try makeRequest(.post, "/", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: many)
        #expect(throws: HTTPError.self) { try crowded.form() }
    }

    /// Issue 45: a 1 MiB body of `a&a&…` was split and decoded in full before the field limit
    /// refused it; decoding now stops at the first field past the limit.
    @Test func aFormOfTinyFieldsIsReadNoFurtherThanTheFieldLimit() {
        let body = Array(String(repeating: "a&", count: 512 * 1024).utf8)
        var examined = 0
        #expect(throws: URLEncoding.FormError.tooManyFields) {
            try URLEncoding.decodeForm(body, maximumFields: HTTPRequest.maximumFormFields, examined: &examined)
        }
        #expect(examined <= 2 * (HTTPRequest.maximumFormFields + 1), "read \(examined) of \(body.count) bytes")
    }

    @Test func aFormPastTheFieldLimitIsRefusedForItsFieldsWhateverFollows() throws {
        let many = (0...HTTPRequest.maximumFormFields).map { "f\($0)=1" }.joined(separator: "&") + "&tail=%zz"
        let crowded = try makeRequest(.post, "/", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: many)
        #expect(throws: HTTPError(.badRequest, "The form has more than \(HTTPRequest.maximumFormFields) fields.")) { try crowded.form() }
        let full = "&&" + (1...HTTPRequest.maximumFormFields).map { "f\($0)=1" }.joined(separator: "&&") + "&"
        let allowed = try makeRequest(.post, "/", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: full)
        #expect(try allowed.formFields().count == HTTPRequest.maximumFormFields)
    }

    /// The case: `test@example.com\0.evil.example` signed in as `test@example.com`.
    @Test(arguments: [("email=test%40example.com%00.evil.example", "U+0000"), ("email=a%1Bb", "U+001B"), ("email=a%7Fb", "U+007F")])
    func controlCharactersInFormValuesAreRefusedNamingTheField(body: String, code: String) throws {
        let request = try makeRequest(.post, "/", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: body)
        #expect(throws: HTTPError(.badRequest, "The field 'email' contains a control character (\(code)); remove it and send the form again.")) {
            try request.form()
        }
    }

    @Test func tabsAndTheLineEndsOfATextAreaAreKept() throws {
        let request = try makeRequest(.post, "/", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: "notes=a%09b%0D%0Ac")
        #expect(try request.form() == ["notes": "a\tb\r\nc"])
    }

    @Test func setCookieCarriesItsAttributes() {
        var response = HTTPResponse.text("ok")
        response.setCookie(Cookie(name: "session", value: "abc", maxAge: 3600))
        response.setCookie(Cookie(name: "old", value: "", maxAge: 0, secure: true, sameSite: .strict))
        #expect(response.headers.values("set-cookie") == [
            "session=abc; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax",
            "old=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict",
        ])
    }

    @Test func urlEncodingRoundTrips() {
        for text in ["a b&c=d/é", "100%", "~._-"] {
            #expect(URLEncoding.decode(URLEncoding.encode(text).utf8) == text)
        }
    }
}
