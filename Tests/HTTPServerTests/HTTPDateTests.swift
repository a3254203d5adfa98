import HTTPServer
import Testing

@Suite struct HTTPDateTests {
    @Test func formatsIMFFixdate() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func parsesAllThreeFormats(text: String) {
        #expect(HTTPDate.parse(text) == 784_111_777)
    }

    @Test(arguments: ["", "yesterday", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT"])
    func refusesOthers(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
