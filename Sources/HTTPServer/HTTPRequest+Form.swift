extension HTTPRequest {
    /// The most fields a form may have; forms with more are refused.
    public static let maximumFormFields = 256

    /// The fields of an `application/x-www-form-urlencoded` body, in order.
    /// - Throws: ``HTTPError`` 415 for another content type, 400 for malformed encoding or more
    ///   than ``maximumFormFields`` fields.
    public func formFields() throws(HTTPError) -> [(name: String, value: String)] {
        let type = headers["Content-Type"]?.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() }
        guard type == "application/x-www-form-urlencoded" else {
            throw HTTPError(.unsupportedMediaType, "Forms must be sent as application/x-www-form-urlencoded.")
        }
        guard let fields = URLEncoding.decodeForm(body) else {
            throw HTTPError(.badRequest, "The form has an invalid percent-encoding.")
        }
        guard fields.count <= Self.maximumFormFields else {
            throw HTTPError(.badRequest, "The form has more than \(Self.maximumFormFields) fields.")
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
}
