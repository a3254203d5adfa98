import Foundation
import FlowStore
import SQLiteStore

/// A path for a fresh database file in its own temporary folder.
func temporaryDatabasePath() -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowpages-db-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("test.sqlite").path
}

/// A fresh, migrated database.
func makeDatabase(readers: Int = 4) throws -> Database {
    try Database(path: temporaryDatabasePath(), readers: readers)
}

/// Password hashing cheap enough for many tests; one test checks the recommended cost itself.
let cheapHasher = PasswordHasher(logRounds: 10, blockSize: 8, parallelism: 1)

/// The key the stores of these tests keep codes, tokens and attempt counts under.
let testKey = StoreKey.random()
