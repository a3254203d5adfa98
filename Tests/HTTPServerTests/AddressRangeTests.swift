import HTTPServer
import Testing

/// The trusted-proxy ranges `--trusted-proxy` takes: single addresses and CIDR blocks of both
/// families, compared bit by bit.
struct AddressRangeTests {
    @Test(arguments: ["127.0.0.1", "10.0.0.0/8", "0.0.0.0/0", "192.168.1.7/32", "::1", "fd00::/8", "2001:db8::/32", "::ffff:10.1.2.3", "::/0"])
    func addressesAndBlocksAreRead(_ text: String) {
        #expect(AddressRange(text)?.description == text)
    }

    @Test(arguments: ["", "localhost", "1.2.3", "1.2.3.4.5", "256.0.0.1", "10.0.0.0/", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/ 8",
                      "10.0.0.0/8/8", "::1/129", "fd00::/x", "1.2.3.4:80", "[::1]", " 127.0.0.1"])
    func anythingElseIsRefused(_ text: String) {
        #expect(AddressRange(text) == nil)
    }

    @Test func aBlockHoldsExactlyItsAddresses() throws {
        let block = try #require(AddressRange("10.1.0.0/16"))
        #expect(block.contains("10.1.0.0") && block.contains("10.1.255.255"))
        #expect(!block.contains("10.2.0.0") && !block.contains("10.0.255.255"))
        let odd = try #require(AddressRange("192.168.1.128/25"))
        #expect(odd.contains("192.168.1.200") && !odd.contains("192.168.1.127"))
        let single = try #require(AddressRange("127.0.0.1"))
        #expect(single.contains("127.0.0.1") && !single.contains("127.0.0.2"))
        #expect(!single.contains("not an address"))
    }

    @Test func ipv6BlocksAndMappedIPv4() throws {
        let block = try #require(AddressRange("2001:db8:aa::/48"))
        #expect(block.contains("2001:db8:aa:ffff::1") && !block.contains("2001:db8:ab::1"))
        // An IPv4 peer on a dual-stack socket arrives mapped; it is the same address.
        #expect(try #require(AddressRange("127.0.0.1")).contains("::ffff:127.0.0.1"))
        #expect(try #require(AddressRange("::ffff:127.0.0.0/104")).contains("127.9.9.9"))
        // An IPv4 block is not a block of IPv6 addresses that happen to share its bits.
        #expect(!(try #require(AddressRange("0.0.0.0/0"))).contains("::1"))
        #expect(try #require(AddressRange("::/0")).contains("10.0.0.1"), "all of IPv6 includes the mapped IPv4 addresses")
    }
}
