import Synchronization

/// Where a mounted app keeps its audit inventory once worked out: replaying every state costs
/// renders and rolled-back transactions, and the app's folder changing mounts the app anew.
final class AuditInventoryCache: Sendable {
    // The mutex makes the one stored value safe to read and set from any request's thread.
    private let inventory = Mutex<AuditInventory?>(nil)

    /// The inventory kept, if one is.
    var kept: AuditInventory? {
        inventory.withLock { $0 }
    }

    /// Keeps `worked` unless one was kept meanwhile, and returns the one kept.
    func keep(_ worked: AuditInventory) -> AuditInventory {
        inventory.withLock { kept in
            if let kept { return kept }
            kept = worked
            return worked
        }
    }
}
