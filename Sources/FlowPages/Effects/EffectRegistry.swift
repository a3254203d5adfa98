/// The effects an app folder's actions may run, by name: handed to ``WebApplication``, and
/// checked against every `<effect name>` when folders load.
public struct EffectRegistry: Sendable {
    /// The registered effects by name.
    public private(set) var effects: [String: any Effect] = [:]

    /// A registry of `effects`; a later one replaces an earlier one of the same name.
    public init(_ effects: [any Effect] = []) {
        for effect in effects { register(effect) }
    }

    /// Adds an effect, replacing one of the same name.
    public mutating func register(_ effect: any Effect) {
        effects[effect.name] = effect
    }

    /// The effect named `name`.
    public subscript(name: String) -> (any Effect)? {
        effects[name]
    }

    /// The prototype backend: accounts with hashed passwords, single-use codes and link tokens,
    /// and a dev outbox — enough to walk sign-in, registration and reset flows for real.
    public static let prototype = EffectRegistry([
        SignInEffect(), FirstSignInEffect(), SignOutEffect(), RegisterEffect(), SaveProfileEffect(),
        SendCodeEffect(), VerifyCodeEffect(), ResetPasswordEffect(),
    ])
}
