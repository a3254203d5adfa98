/// One part of a `multipart/form-data` body (RFC 7578 §4.2): a field's name, and for a file
/// its name on the sender's disk and its content type as the sender declared them.
public struct MultipartPart: Sendable, Equatable {
    /// The field's name, the `name` parameter of its `Content-Disposition`.
    public var name: String
    /// The file's name as sent, the `filename` parameter; nil for a part that is not a file.
    /// A file input left empty sends `""` with no content.
    public var filename: String?
    /// The part's `Content-Type` as sent, nil without one (text, as RFC 7578 §4.4 says).
    public var contentType: String?
    /// The part's content, exactly as sent.
    public var body: [UInt8]

    /// Creates a part.
    public init(name: String, filename: String? = nil, contentType: String? = nil, body: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.body = body
    }

    /// Whether the part is a file (it has a `filename`, even an empty one).
    public var isFile: Bool { filename != nil }
}
