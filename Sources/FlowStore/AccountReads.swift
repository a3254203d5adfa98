/// The account reads the prototype's effects decide by, the same outside a transaction
/// (``WebStore``) and inside one (``StoreTransaction``).
public protocol AccountReads {
    /// The account whose email has the same key as `email`, if any.
    func account(app: String, email: String) throws -> Account?
    /// The account with this id, if any.
    func account(id: Int) throws -> Account?
    /// The account a link token was issued to, if it is unused, unexpired and for `purpose`,
    /// without using it.
    func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int?
}
