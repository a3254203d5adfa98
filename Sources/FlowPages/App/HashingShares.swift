import FlowStore
import Locking

/// Each client address's share of the password hashing this instance does: at most
/// ``perAddress`` of its posts prepare their effects (hash a password) at once, so one guesser
/// cannot fill the hashing gate's turns and queue while other people wait to sign in. Counted per
/// instance, as the gate's turns are; the attempt limits in the database count across instances.
final class HashingShares: Sendable {
    /// The most posts of one address preparing at once: of the gate's turns and places in its
    /// queue (a core each and 32), a few, for an office behind one address.
    static let perAddress = 4

    /// Posts preparing now, by address; held only to read or change them.
    private let held = Lock<[String: Int]>([:])

    /// Runs `body` holding one of `address`'s shares.
    /// - Throws: ``BusyHashing/queueFull`` when the address holds all its shares, before `body` runs.
    func holding<T>(_ address: String, _ body: () throws -> T) throws -> T {
        try held.withLock { held throws(BusyHashing) in
            guard held[address, default: 0] < Self.perAddress else { throw .queueFull }
            held[address, default: 0] += 1
        }
        defer {
            held.withLock { held in
                let left = held[address, default: 1] - 1
                held[address] = left > 0 ? left : nil
            }
        }
        return try body()
    }
}
