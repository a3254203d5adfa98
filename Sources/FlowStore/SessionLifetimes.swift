/// How long a session lives without being used, and at most, in milliseconds.
public struct SessionLifetimes: Hashable, Sendable {
    public var idle: Int64
    public var absolute: Int64

    public init(idle: Int64 = SessionRecord.idleLifetime, absolute: Int64 = SessionRecord.absoluteLifetime) {
        self.idle = idle
        self.absolute = absolute
    }
}
