import FlowPages
import FlowStore
import Testing

/// A device cookie proves the accounts its browser proved, under this server's key, and nothing else.
@Suite struct DeviceCookieTests {
    let key = StoreKey.random()

    @Test func aProvedAccountIsKnownAndNoOtherIs() {
        let cookie = DeviceCookie().proving("Owner@Example.com", app: "suma", key: key)
        let device = cookie.device(for: "owner@example.com", app: "suma", key: key)
        #expect(device != nil, "an email's case does not matter")
        #expect(cookie.device(for: "someone@example.com", app: "suma", key: key) == nil)
        #expect(cookie.device(for: "owner@example.com", app: "other-app", key: key) == nil, "one app's proof is not another's")
        #expect(cookie.device(for: "owner@example.com", app: "suma", key: .random()) == nil, "made under another key")
        #expect(cookie.proving("owner@example.com", app: "suma", key: key).device(for: "owner@example.com", app: "suma", key: key) == device,
                "proving it again keeps its id, and so its count")
    }

    @Test func anEntryMovedToAnotherIdOrMadeUpProvesNothing() throws {
        let cookie = DeviceCookie().proving("owner@example.com", app: "suma", key: key)
        let entry = try #require(cookie.entries.first)
        let moved = DeviceCookie(entries: [DeviceCookie.Entry(id: Secret.token(), mac: entry.mac)])
        #expect(moved.device(for: "owner@example.com", app: "suma", key: key) == nil)
        let made = DeviceCookie(entries: [DeviceCookie.Entry(id: entry.id, mac: String(entry.mac.reversed()))])
        #expect(made.device(for: "owner@example.com", app: "suma", key: key) == nil)
    }

    @Test func itKeepsTheNewestFourAccounts() {
        var cookie = DeviceCookie()
        for index in 1...6 { cookie = cookie.proving("person\(index)@example.com", app: "suma", key: key) }
        #expect(cookie.entries.count == DeviceCookie.capacity)
        #expect(cookie.device(for: "person6@example.com", app: "suma", key: key) != nil)
        #expect(cookie.device(for: "person1@example.com", app: "suma", key: key) == nil, "the oldest went")
    }
}
