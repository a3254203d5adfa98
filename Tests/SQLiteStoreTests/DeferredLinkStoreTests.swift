import FlowStore
import Foundation
import SQLiteStore
import Synchronization
import Testing

/// Deferred deep links in the SQLite file: kept under their code's hash, claimed once, until they expire.
@Suite struct DeferredLinkStoreTests {
    @Test func aLinkIsClaimedOnceAndOnlyBeforeItExpires() throws {
        let store = SQLiteWebStore(database: try makeDatabase(), key: testKey, hasher: cheapHasher)
        try store.transaction { try $0.deferredLinks.keep(app: "suma", code: "K7Q42MFX", link: "sumafinance://auth/login", now: 1_000, expires: 61_000) }
        try store.transaction { try $0.deferredLinks.keep(app: "suma", code: "AAAA1111", link: "sumafinance://auth/register", now: 1_000, expires: 61_000) }
        #expect(try store.transaction { try $0.deferredLinks.claim(app: "other", code: "K7Q42MFX", now: 2_000) } == nil, "a code is an app's own")
        #expect(try store.transaction { try $0.deferredLinks.claim(app: "suma", code: "K7Q42MFX", now: 2_000) } == DeferredLink(link: "sumafinance://auth/login", created: 1_000))
        #expect(try store.transaction { try $0.deferredLinks.claim(app: "suma", code: "K7Q42MFX", now: 3_000) } == nil, "once")
        #expect(try store.transaction { try $0.deferredLinks.claim(app: "suma", code: "AAAA1111", now: 61_000) } == nil, "expired")
        #expect(try store.sweepDeferredLinks(now: 61_000) == 2)
    }

    @Test func theFileHoldsNoCodeAndTwoClaimsAtOnceGetTheLinkOnce() throws {
        let database = try makeDatabase()
        let store = SQLiteWebStore(database: database, key: testKey, hasher: cheapHasher)
        try store.transaction { try $0.deferredLinks.keep(app: "suma", code: "ZZZZ9999", link: "sumafinance://auth/login", now: 1_000, expires: 61_000) }
        // The link is in the write-ahead log or the file; the code in neither.
        let bytes = [database.path, database.path + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) }
        #expect(bytes.contains { $0.contains("sumafinance://auth/login") } && !bytes.contains { $0.contains("ZZZZ9999") })
        let claimed = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if (try? store.transaction { try $0.deferredLinks.claim(app: "suma", code: "ZZZZ9999", now: 2_000) }) != nil { claimed.withLock { $0 += 1 } }
        }
        #expect(claimed.withLock { $0 } == 1)
    }

    @Test(arguments: [("k7q4-2mfx", "K7Q42MFX"), ("K7Q4 2MFX", "K7Q42MFX"), ("0OIL-1234", "00111234"), ("K7Q4-2MF", nil), ("K7Q4-2MFU", nil)])
    func codesAreReadAsTypedButOnlyInTheirAlphabet(typed: String, normalized: String?) {
        #expect(DeferredLink.normalized(typed) == normalized)
    }

    @Test func newCodesAreEightDigitsOfTheAlphabetInTwoGroups() {
        let codes = (0..<200).map { _ in DeferredLink.newCode() }
        #expect(codes.allSatisfy { $0.count == 9 && $0.dropFirst(4).first == "-" && DeferredLink.normalized($0)?.count == 8 })
        #expect(Set(codes).count == codes.count)
    }
}
