import FlowStore
import Foundation
import Testing

@Suite struct StoreKeyTests {
    private func path() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("key-\(UUID().uuidString)").path
    }

    @Test func aKeyFileIsMadeOnceForItsOwnerAloneAndReadAfter() throws {
        let file = path()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let made = try StoreKey.file(at: file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try StoreKey.file(at: file).text == made.text, "read again at the next start")
        #expect(made.text != StoreKey.random().text)
    }

    @Test func aFileOthersMayReadOrThatHoldsNoKeyIsRefused() throws {
        let file = path()
        defer { try? FileManager.default.removeItem(atPath: file) }
        _ = try StoreKey.file(at: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        #expect(throws: StoreKey.FileError.self) { try StoreKey.file(at: file) }
        try "not a key\n".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        #expect(throws: StoreKey.FileError.self) { try StoreKey.file(at: file) }
    }

    @Test func codesAreKeptAsHMACsThatDifferByKey() {
        let code = "123456"
        let (one, two) = (StoreKey.random(), StoreKey.random())
        #expect(SecretRules.storedHash(of: code, accountID: 7, key: one) != SecretRules.storedHash(of: code, accountID: 7, key: two))
        #expect(SecretRules.storedHash(of: code, accountID: 7, key: one) != Secret.hash("7:" + code), "not the SHA-256 a database copy reverses")
        #expect(SecretRules.storedHash(of: code, accountID: 7, key: one) != SecretRules.storedHash(of: code, accountID: 8, key: one))
    }
}
