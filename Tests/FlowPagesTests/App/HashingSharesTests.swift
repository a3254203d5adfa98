@testable import FlowPages
import FlowStore
import Testing

@Suite struct HashingSharesTests {
    @Test func oneAddressHoldsNoMoreThanItsShareAndGivesItBack() throws {
        let shares = HashingShares()
        func hold(_ depth: Int) throws -> Int {
            try shares.holding("192.0.2.7") { depth == 1 ? depth : try hold(depth - 1) + 1 }
        }
        #expect(try hold(HashingShares.perAddress) == HashingShares.perAddress)
        #expect(throws: BusyHashing.queueFull) { try hold(HashingShares.perAddress + 1) }
        // Another address is not held back meanwhile, and the shares were all given back.
        #expect(try shares.holding("192.0.2.7") { try shares.holding("2001:db8::/64") { true } })
        #expect(try hold(HashingShares.perAddress) == HashingShares.perAddress)
    }
}
