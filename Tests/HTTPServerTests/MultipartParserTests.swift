@testable import HTTPServer
import Testing

@Suite struct MultipartParserTests {
    static let upload = """
        --XyZ
        Content-Disposition: form-data; name="csrf"

        t0k
        --XyZ
        Content-Disposition: form-data; name="audit-file"; filename="pantry audit.json"
        Content-Type: application/json

        {"format": "flowpages-audit",
         "findings": []}
        --XyZ--

        """

    @Test func aFormWithAFileIsReadPartByPart() throws {
        let parts = try makeMultipartRequest(Self.upload).multipartParts()
        #expect(parts == [
            MultipartPart(name: "csrf", body: Array("t0k".utf8)),
            MultipartPart(name: "audit-file", filename: "pantry audit.json", contentType: "application/json",
                          body: crlf("{\"format\": \"flowpages-audit\",\n \"findings\": []}")),
        ])
        #expect(try makeMultipartRequest(Self.upload).form() == ["csrf": "t0k", "audit-file": "{\"format\": \"flowpages-audit\",\r\n \"findings\": []}"])
    }

    @Test func aQuotedBoundaryWithPreambleEpilogueAndPaddingIsRead() throws {
        let body = """
            This is the preamble; it is not read as a part.
            --a b:c\t
            Content-Disposition: form-data; name="note"

            line one
            line two
            --a b:c
            Content-Disposition: form-data; name="empty"


            --a b:c--
            an epilogue, --a b:c and all
            """
        let request = try makeMultipartRequest(body, contentType: "Multipart/Form-Data; charset=utf-8; BOUNDARY=\"a b:c\"")
        #expect(try request.formFields().map { [$0.name, $0.value] } == [["note", "line one\r\nline two"], ["empty", ""]])
    }

    @Test func aFileInputLeftEmptyIsNoFieldAndABinaryFileReadsAsNoFormat() throws {
        var body = crlf("""
            --XyZ
            Content-Disposition: form-data; name="results-file"; filename=""
            Content-Type: application/octet-stream


            --XyZ
            Content-Disposition: form-data; name="audit-file"; filename="photo.png"
            Content-Type: image/png


            """)
        body += [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x0D, 0x0A] + crlf("\n--XyZ--")
        let request = try HTTPRequest(method: .post, target: "/", headers: HTTPHeaders([("Content-Type", "multipart/form-data; boundary=XyZ")]), body: body)
        #expect(try request.form() == ["audit-file": "\u{FFFD}PNG\u{FFFD}\u{FFFD}\r\n"], "no NUL reaches a handler, and no field is refused for one")
    }

    @Test(arguments: [
        ("multipart/form-data", "A multipart/form-data body needs the boundary parameter of its Content-Type."),
        ("multipart/form-data; boundary=a; boundary=b", "The Content-Type names more than one boundary."),
        ("multipart/form-data; boundary=\"unclosed", "The Content-Type's parameters are malformed."),
        ("multipart/form-data; boundary=a{b}", "The multipart boundary must be 1 to 70 letters, digits or '()+_,-./:=? ', not ending in a space."),
    ])
    func aMissingRepeatedOrMalformedBoundaryIsRefused(contentType: String, message: String) throws {
        #expect(throws: HTTPError(.badRequest, message)) { try makeMultipartRequest(Self.upload, contentType: contentType).form() }
    }

    @Test(arguments: [
        ("Content-Disposition: form-data; name=\"a\"\n\nno boundary line at all", "The multipart body has no line --boundary with the boundary its Content-Type names."),
        ("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\nhalf a file", "The multipart body ends inside part 1 ('a'), without its closing line --boundary--."),
        ("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n1\n--XyZ", "The multipart body ends without its closing line --boundary--."),
        ("--XyZ\nContent-Disposition: form-data; name=\"a\"\n", "The multipart body ends inside part 1's header, before the blank line that ends it."),
        ("--XyZ\nContent-Disposition: form-data; filename=\"a.json\"\n\n1\n--XyZ--", "Part 1 has no name (Content-Disposition: form-data; name=\"…\")."),
        ("--XyZ\nContent-Disposition: attachment; name=\"a\"\n\n1\n--XyZ--", "Part 1 has no Content-Disposition: form-data."),
        ("--XyZ\nContent-Type: text/plain\n\n1\n--XyZ--", "Part 1 has no Content-Disposition: form-data."),
        ("--XyZ\nContent-Disposition: form-data; name=\"a\"; name=\"b\"\n\n1\n--XyZ--", "Part 1 has more than one name."),
        ("--XyZ\nContent-Disposition: form-data; name=\"a\"\nContent-Transfer-Encoding: base64\n\nMQ==\n--XyZ--", "Part 1 is sent in the base64 encoding; send it as it is (binary)."),
        ("--XyZ\nnot a header\n\n1\n--XyZ--", "Part 1's header has a line that is not 'Name: value'."),
        ("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n1\n--XyZ and more\n--XyZ--", "A multipart boundary line goes on after the boundary; it must end there, or with -- after the last part."),
    ])
    func aMalformedBodyIsRefusedSayingWhatIsWrong(body: String, message: String) throws {
        #expect(throws: HTTPError(.badRequest, message)) { try makeMultipartRequest(body).multipartParts() }
    }

    @Test func aFieldThatIsNotUTF8IsRefused() throws {
        let body = crlf("--XyZ\nContent-Disposition: form-data; name=\"name\"\n\n") + [0xC3, 0x28] + crlf("\n--XyZ--")
        let request = try HTTPRequest(method: .post, target: "/", headers: HTTPHeaders([("Content-Type", "multipart/form-data; boundary=XyZ")]), body: body)
        #expect(throws: HTTPError(.badRequest, "The field 'name' is not UTF-8 text.")) { try request.form() }
    }

    @Test func aControlCharacterInATypedFieldIsRefusedAsInAURLEncodedForm() throws {
        let request = try makeMultipartRequest("--XyZ\nContent-Disposition: form-data; name=\"email\"\n\na@b.c\u{0}.evil\n--XyZ--")
        #expect(throws: HTTPError(.badRequest, "The field 'email' contains a control character (U+0000); remove it and send the form again.")) {
            try request.form()
        }
    }

    @Test func morePartsThanAllowedAreRefusedWith413() throws {
        let part = "--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n1\n"
        let allowed = try makeMultipartRequest(String(repeating: part, count: HTTPRequest.maximumFormFields) + "--XyZ--")
        #expect(try allowed.formFields().count == HTTPRequest.maximumFormFields)
        let crowded = try makeMultipartRequest(String(repeating: part, count: HTTPRequest.maximumFormFields + 1) + "--XyZ--")
        #expect(throws: HTTPError(.contentTooLarge, "The form has more than \(HTTPRequest.maximumFormFields) parts.")) { try crowded.form() }
    }

    @Test func aPartOrAPartsHeaderPastItsLimitIsRefusedWith413() throws {
        var limits = MultipartLimits()
        limits.partBody = 16
        limits.partHead = 64
        let large = try makeMultipartRequest("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n\(String(repeating: "x", count: 17))\n--XyZ--")
        #expect(throws: HTTPError(.contentTooLarge, "Part 1 ('a') is larger than 16 bytes.")) { try large.multipartParts(limits: limits) }
        let fits = try makeMultipartRequest("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n\(String(repeating: "x", count: 16))\n--XyZ--")
        #expect(try fits.multipartParts(limits: limits).first?.body.count == 16)
        var unlimited = MultipartLimits()
        unlimited.partBody = .max
        unlimited.partHead = .max
        #expect(try large.multipartParts(limits: unlimited).first?.body.count == 17, "no limit is arithmetic that traps")
        let wordy = try makeMultipartRequest("--XyZ\nContent-Disposition: form-data; name=\"a\"\nX-Padding: \(String(repeating: "p", count: 64))\n\n1\n--XyZ--")
        #expect(throws: HTTPError(.contentTooLarge, "Part 1's header is larger than 64 bytes.")) { try wordy.multipartParts(limits: limits) }
    }

    @Test func aBodyOfTinyPartsIsReadNoFurtherThanThePartLimit() throws {
        let part = crlf("--B\nContent-Disposition: form-data; name=a\n\n\n")
        let body = Array([[UInt8]](repeating: part, count: 20_000).joined()) + crlf("--B--")
        var examined = 0
        #expect(throws: HTTPError(.contentTooLarge, "The form has more than 256 parts.")) {
            try MultipartParser.parse(body, boundary: Array("B".utf8), examined: &examined)
        }
        #expect(examined <= 2 * part.count * 257, "read \(examined) of \(body.count) bytes")
    }

    @Test func aBodyOfNearDelimitersIsReadInLinearTime() throws {
        let boundary = String(repeating: "a", count: 70)
        let near = "\r\n--" + String(repeating: "a", count: 69) + "b"
        let body = crlf("--\(boundary)\nContent-Disposition: form-data; name=a\n\n") + Array(String(repeating: near, count: 10_000).utf8)
        var examined = 0
        #expect(throws: HTTPError.self) { try MultipartParser.parse(body, boundary: Array(boundary.utf8), examined: &examined) }
        #expect(examined <= 2 * body.count, "read \(examined) of \(body.count) bytes")
    }

    @Test func anotherContentTypeIsRefusedWith415() throws {
        let json = try makeRequest(.post, "/", headers: [("Content-Type", "application/json")], body: "{}")
        #expect(throws: HTTPError(.unsupportedMediaType, "This takes multipart/form-data.")) { try json.multipartParts() }
        #expect(throws: HTTPError(.unsupportedMediaType, "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.")) {
            try json.form()
        }
    }
}
