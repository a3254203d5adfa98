/// The accounts a store keeps, read on their own (``StoreReads``) or inside a transaction.
public protocol AccountReads: ~Copyable {
    /// The account whose email has the same key as `email`, if any.
    func account(app: String, email: String) throws -> Account?
    /// The account with this id, if any.
    func account(id: Int) throws -> Account?
    /// The account of `email` with its password's hash (empty when a migration voided it).
    func credentials(app: String, email: String) throws -> (account: Account, passwordHash: String)?
    /// The account a link token was issued to, if it is unused, unexpired and for `purpose`,
    /// without using it.
    func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int?
}
