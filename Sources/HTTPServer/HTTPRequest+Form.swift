extension HTTPRequest {
    /// The most fields a form may have; forms with more are refused.
    public static let maximumFormFields = 256

    /// The fields of an `application/x-www-form-urlencoded` or `multipart/form-data` body, in
    /// order. Of a multipart body, each part is a field, a file's content its value read as text
    /// (``multipartParts(limits:)`` gives the bytes), and a file input left empty is none.
    /// - Throws: ``HTTPError`` 415 for another content type; 400 for malformed encoding, a
    ///   field that is not UTF-8, a control character, or more than ``maximumFormFields``
    ///   fields of a URL-encoded form; 400 or 413 as ``multipartParts(limits:)`` throws.
    public func formFields() throws(HTTPError) -> [(name: String, value: String)] {
        let type = headers["Content-Type"]?.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() }
        let fields: [(name: String, value: String)]
        switch type {
        case "application/x-www-form-urlencoded":
            var examined = 0
            do {
                fields = try URLEncoding.decodeForm(body, maximumFields: Self.maximumFormFields, examined: &examined)
            } catch {
                switch error {
                case .malformed: throw HTTPError(.badRequest, "The form has an invalid percent-encoding.")
                case .tooManyFields: throw HTTPError(.badRequest, "The form has more than \(Self.maximumFormFields) fields.")
                }
            }
        case "multipart/form-data":
            var limits = MultipartLimits()
            limits.parts = Self.maximumFormFields
            var decoded: [(name: String, value: String)] = []
            for part in try multipartParts(limits: limits) {
                if let field = try Self.field(part) { decoded.append(field) }
            }
            fields = decoded
        default:
            throw HTTPError(.unsupportedMediaType, "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.")
        }
        // A NUL would cut the text short in C (an email `a@b.c\0.evil` read as `a@b.c`), and
        // other controls have no business in a form; tab and the line ends of a text area do.
        for field in fields {
            if let control = (field.name + field.value).unicodeScalars.first(where: Self.isRefusedControl) {
                let hex = String(control.value, radix: 16, uppercase: true)
                let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
                throw HTTPError(.badRequest, "The field '\(Self.printable(field.name))' contains a control character (\(code)); remove it and send the form again.")
            }
        }
        return fields
    }

    /// The form's fields by name, the first of each name winning.
    public func form() throws(HTTPError) -> [String: String] {
        var result: [String: String] = [:]
        for field in try formFields() where result[field.name] == nil {
            result[field.name] = field.value
        }
        return result
    }

    static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\r" && scalar != "\n") || scalar.value == 0x7F
    }

    /// A field name as it can be shown back: its controls replaced.
    static func printable(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { isRefusedControl($0) ? "\u{FFFD}" : $0 }))
    }
}
