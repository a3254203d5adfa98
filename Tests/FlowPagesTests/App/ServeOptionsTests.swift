@testable import FlowPages
import Foundation
import SQLiteStore
import Testing

@Suite struct ServeOptionsTests {
    /// Issue 45: a deleted key file was replaced at start without a word, though the new key
    /// voids every code and link sent; a database's first start says nothing.
    @Test func aKeyMadeAgainBesideADatabaseThatHoldsDataIsLoggedWithWhatItVoids() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowpages-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ServeOptions(databasePath: folder.appendingPathComponent("flowpages.sqlite").path)
        var logged: [String] = []
        _ = try options.storeKey { logged.append($0) }
        _ = try Database(path: options.databasePath)
        _ = try options.storeKey { logged.append($0) }
        #expect(logged.isEmpty, "a first start, and the key read at the next")
        try FileManager.default.removeItem(atPath: SQLiteWebStore.keyFile(for: options.databasePath))
        _ = try options.storeKey { logged.append($0) }
        #expect(logged.count == 1)
        let line = try #require(logged.first)
        #expect(line.contains(SQLiteWebStore.keyFile(for: options.databasePath)) && line.contains("a new key was made"))
        #expect(line.contains("every code, link and claim code sent before no longer works") && line.contains("put the old key file back"))
    }
}
