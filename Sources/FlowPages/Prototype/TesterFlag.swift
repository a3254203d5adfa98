/// Flags the prototype tools leave in a session's state for the next post to act on: set by
/// ``PrototypeTools``, acted on by ``ActionInterpreter``.
enum TesterFlag {
    static let expired = "flowpages.expired"
    static let failNetwork = "flowpages.fail-network"
    static let failServer = "flowpages.fail-server"
    /// Failed submits so far, as `flowpages.failures=N`.
    static let failures = "flowpages.failures="
    /// What every flag of an armed failure starts with.
    static let armedPrefix = "flowpages.fail"
    /// How many submits in a row fail once a failure is armed; the last one offers support.
    static let failuresInARow = 3
}
