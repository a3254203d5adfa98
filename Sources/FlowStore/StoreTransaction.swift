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
    var reviews: any ReviewWrites { get }
    var usability: any UsabilityWrites { get }

    /// Waits for the lock `name` until the transaction ends, so instances sharing the database
    /// do the work it guards one after the other (seeding an app).
    func lock(_ name: String) throws
    /// Takes the lock `name` until the transaction ends if no one holds it; false when someone
    /// does, and the work it guards is theirs (a sweep).
    func tryLock(_ name: String) throws -> Bool

    /// Runs `body` so that what it writes can be taken back while the transaction goes on: it
    /// is undone when `body` throws (the error is rethrown) or when `keeps` says no of what it
    /// returned — a refused action's writes go, and the refusal is saved in the same commit.
    func tentatively<T>(_ body: () throws -> T, keeping keeps: (T) -> Bool) throws -> T
}
