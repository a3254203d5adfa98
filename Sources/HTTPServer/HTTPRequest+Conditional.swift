extension HTTPRequest {
    /// Whether `If-None-Match` names `etag` (or `*`), weakly compared: the client's copy is
    /// current (RFC 9110 §13.1.2); nil when the request has no `If-None-Match`.
    public func matches(etag: String) -> Bool? {
        guard let match = headers["If-None-Match"] else { return nil }
        return match.split(separator: ",").contains { tag in
            let tag = tag.trimmingSpaces
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
