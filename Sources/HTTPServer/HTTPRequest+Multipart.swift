extension HTTPRequest {
    /// The parts of a `multipart/form-data` body, in order: each field's name, a file's name and
    /// content type as sent, and the bytes.
    /// - Throws: ``HTTPError`` 415 for another content type, 400 naming what is malformed, 413
    ///   when the body passes one of `limits`.
    public func multipartParts(limits: MultipartLimits = MultipartLimits()) throws(HTTPError) -> [MultipartPart] {
        let boundary = try MultipartParser.boundary(contentType: headers["Content-Type"] ?? "")
        var examined = 0
        return try MultipartParser.parse(body, boundary: boundary, limits: limits, examined: &examined)
    }

    /// A part as a form's field: a field's text, or a file's read as a browser reads a text file.
    /// A file input left empty (no name, no content) is no field.
    static func field(_ part: MultipartPart) throws(HTTPError) -> (name: String, value: String)? {
        guard let filename = part.filename else {
            guard let value = String(validating: part.body, as: UTF8.self) else {
                throw HTTPError(.badRequest, "The field '\(printable(part.name))' is not UTF-8 text.")
            }
            return (part.name, value)
        }
        if filename.isEmpty && part.body.isEmpty { return nil }
        // A file is what its sender chose, not what they typed: a byte sequence that is not
        // UTF-8, or a control, becomes U+FFFD (as WHATWG's "UTF-8 decode" does for the one),
        // so a binary file reads as text no format accepts and no NUL reaches a handler,
        // rather than the form being refused for a character nobody can see.
        let bytes = part.body.starts(with: [0xEF, 0xBB, 0xBF]) ? part.body.dropFirst(3) : part.body[...]
        let text = String(decoding: bytes, as: UTF8.self)
        let scalars = text.unicodeScalars.map { isRefusedControl($0) ? "\u{FFFD}" : $0 }
        return (part.name, String(String.UnicodeScalarView(scalars)))
    }
}
