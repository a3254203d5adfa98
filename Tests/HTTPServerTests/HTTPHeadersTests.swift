@testable import HTTPServer
import Testing

/// Field names compared as RFC 9110 says: ASCII letters without regard to case, every other
/// byte as it is.
@Suite struct HTTPHeadersTests {
    @Test(arguments: [
        ("Content-Type", "content-type", true),
        ("X-Request-Id", "X-REQUEST-ID", true),
        ("Date", "Date", true),
        ("", "", true),
        ("Content-Type", "Content-Typf", false),
        ("Content-Type", "Content-Typ", false),
        ("Dat", "Date", false),
        // Long names are compared in place as short ones are.
        ("X-A-Very-Long-Field-Name-Past-Fifteen-Bytes", "x-a-very-long-field-name-past-fifteen-bytes", true),
        ("X-A-Very-Long-Field-Name-Past-Fifteen-Bytes", "x-a-very-long-field-name-past-fifteen-byteZ", false),
        // Only ASCII letters fold: "[" is not "{", nor "É" "é".
        ("a[", "A{", false),
        ("É", "é", false),
    ])
    func fieldNamesCompareWithoutRegardToASCIICase(a: String, b: String, equal: Bool) {
        #expect(HTTPHeaders.equalNames(a, b) == equal)
        #expect(HTTPHeaders.equalNames(b, a) == equal)
    }

    @Test func aFieldIsFoundByAnyCaseOfItsName() {
        var headers = HTTPHeaders([("Content-Type", "text/html"), ("set-cookie", "a=1"), ("Set-Cookie", "b=2")])
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers.values("Set-Cookie") == ["a=1", "b=2"])
        headers.remove("SET-COOKIE")
        #expect(headers.values("set-cookie").isEmpty)
        #expect(headers.count == 1)
    }
}
