/// A new password's hash, made before the transaction by the effects that set one: hashing is
/// slow on purpose and must not hold the store's writer.
struct PreparedPassword: Sendable {
    let hash: String

    /// The hash of the form's `password`.
    static func prepare(_ call: EffectCall, context: EffectContext) throws -> PreparedPassword {
        PreparedPassword(hash: try context.store.hasher.hash(call.form["password", default: ""]))
    }
}
