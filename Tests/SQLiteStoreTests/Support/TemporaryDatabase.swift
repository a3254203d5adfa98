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

/// The store of a fresh database, with sessions that live 1 s idle and 10 s at most.
func makeStore(_ database: Database? = nil, hasher: PasswordHasher = cheapHasher) throws -> SQLiteWebStore {
    SQLiteWebStore(database: try database ?? makeDatabase(), key: testKey, hasher: hasher, lifetimes: SessionLifetimes(idle: 1_000, absolute: 10_000))
}

extension SQLiteWebStore {
    /// A new session of `app`, in a transaction of its own.
    func newSession(app: String, state: [UInt8] = [], dataKey: String = Secret.token(), now: Int64) throws -> String {
        try transaction { try $0.sessions.create(app: app, state: state, csrfSecret: "secret", dataKey: dataKey, now: now) }
    }

    /// A new account with `password` hashed, in a transaction of its own.
    func newAccount(app: String, email: String, password: String, profile: [String: String] = [:], verified: Bool = false, isFixture: Bool = false,
                    now: Int64 = 0) throws -> Account {
        let hash = try hasher.hash(password)
        return try transaction {
            try $0.accounts.create(app: app, email: email, passwordHash: hash, profile: profile, verified: verified, isFixture: isFixture, mailbox: nil, now: now)
        }
    }
}
