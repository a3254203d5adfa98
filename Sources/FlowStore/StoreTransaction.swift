/// One unit of work of a ``WebStore``, concern by concern: everything written through it is
/// committed together when ``WebStore/transaction(_:)``'s closure returns, or nothing is when it
/// throws; its reads see its own writes. Valid only inside that closure.
public protocol StoreTransaction {
    var sessions: any SessionWrites { get }
    var events: any EventWrites { get }
    var accounts: any AccountWrites { get }
    var attempts: any AttemptWrites { get }
    var records: any RecordWrites { get }
    var outbox: any OutboxWrites { get }
    var linkCounts: any LinkCountWrites { get }
    var deferredLinks: any DeferredLinkWrites { get }

    /// Waits for the lock `name` until the transaction ends, so instances sharing the database
    /// do the work it guards one after the other (seeding an app).
    func lock(_ name: String) throws
    /// Takes the lock `name` until the transaction ends if no one holds it; false when someone
    /// does, and the work it guards is theirs (a sweep).
    func tryLock(_ name: String) throws -> Bool
}
