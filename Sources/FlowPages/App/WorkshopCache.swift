import Synchronization

/// Where a mounted app keeps what the workshop works out once for it, one value of each type:
/// the audit inventory (replaying every state costs renders and rolled-back transactions), the
/// usability results last read. The app's folder changing mounts the app anew, and with it an
/// empty cache; the serving side never reads it.
package final class WorkshopCache: Sendable {
    // The mutex makes the stored values safe to read and set from any request's thread.
    private let values = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// The value kept, if one of this type is.
    package func kept<Value: Sendable>(_: Value.Type) -> Value? {
        values.withLock { $0[ObjectIdentifier(Value.self)] as? Value }
    }

    /// Keeps `worked` unless one of its type was kept meanwhile, and returns the one kept.
    package func keep<Value: Sendable>(_ worked: Value) -> Value {
        values.withLock { kept in
            if let kept = kept[ObjectIdentifier(Value.self)] as? Value { return kept }
            kept[ObjectIdentifier(Value.self)] = worked
            return worked
        }
    }
}
