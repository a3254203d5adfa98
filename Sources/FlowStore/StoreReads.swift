/// What a request reads outside a transaction, concern by concern, on one connection of a
/// ``WebStore`` lent for ``WebStore/read(_:)``: each statement sees what was committed when it
/// ran. Valid only inside the closure that received it.
public protocol StoreReads {
    var sessions: any SessionReads { get }
    var events: any EventReads { get }
    var accounts: any AccountReads { get }
    var records: any RecordReads { get }
    var outbox: any OutboxReads { get }
    var linkCounts: any LinkCountReads { get }
    var reviews: any ReviewReads { get }
    var usability: any UsabilityReads { get }
}
