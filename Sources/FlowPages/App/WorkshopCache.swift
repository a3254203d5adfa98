import Synchronization

/// Where a mounted app keeps what the workshop works out once for it, such as the audit
/// inventory (replaying every state costs renders and rolled-back transactions). The app's folder
/// changing mounts the app anew, and with it an empty cache; the serving side never reads it.
package final class WorkshopCache: Sendable {
    // The mutex makes the one stored value safe to read and set from any request's thread.
    private let value = Mutex<(any Sendable)?>(nil)

    /// The value kept, if one of this type is.
    package func kept<Value: Sendable>(_: Value.Type) -> Value? {
        value.withLock { $0 as? Value }
    }

    /// Keeps `worked` unless one was kept meanwhile, and returns the one kept.
    package func keep<Value: Sendable>(_ worked: Value) -> Value {
        value.withLock { kept in
            if let kept = kept as? Value { return kept }
            kept = worked
            return worked
        }
    }
}
