/// A URL the application vouches for, such as one built from the route table. In a URL
/// attribute it skips the scheme check (so `coinapp://…` can be linked); it is still encoded.
public struct SafeURL: Sendable, Hashable {
    /// The URL.
    public let url: String

    /// Marks `url` as trusted. Never pass anything derived from a request.
    public init(trusted url: String) {
        self.url = url
    }
}
