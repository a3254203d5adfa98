/// The reads of app data, the same on their own (``StoreReads``) and inside a transaction.
public protocol RecordReads {
    /// Every record of `collection` in `scope`, in the order they were made (fixtures in their
    /// file's order). A session's copy is the fixtures with that session's edits.
    func list(app: String, collection: String, scope: RecordScope) throws -> [StoredRecord]
    /// The record with `id`, or nil.
    func find(app: String, collection: String, scope: RecordScope, id: String) throws -> StoredRecord?
    /// How many records of `collection` in `scope` have every field of `matching` equal to its
    /// value, counted where they are kept rather than read: a badge is on every page.
    func count(app: String, collection: String, scope: RecordScope, matching: [String: RecordValue]) throws -> Int
}

/// The writes of app data inside a ``StoreTransaction``.
public protocol RecordWrites: RecordReads {
    /// Adds a record and returns its id: the next whole number of the collection.
    func insert(app: String, collection: String, scope: RecordScope, values: [String: RecordValue], now: Int64) throws -> String
    /// Replaces the fields of record `id`; false when there is none (or a copy deleted it).
    func update(app: String, collection: String, scope: RecordScope, id: String, values: [String: RecordValue], now: Int64) throws -> Bool
    /// Deletes record `id`; false when there was none.
    func delete(app: String, collection: String, scope: RecordScope, id: String, now: Int64) throws -> Bool
    /// Writes one fixture record at `sequence` (fixtures sort before what people add): added
    /// when missing, given the folder's values again when no one changed it, kept when someone did.
    func seed(app: String, _ fixture: FixtureRecord, scope: RecordScope, sequence: Int) throws
    /// Keeps the app's running id counters past the whole-number ids its records now hold.
    func raiseCounters(app: String) throws
}
