import FlowStore
import Navigation

/// `first-sign-in`: succeeds once per account, on its first sign-in (seed 000 §6, the biometric
/// enrollment prompt), and fails every time after; once per tester for a fixture account.
struct FirstSignInEffect: Effect {
    let name = "first-sign-in"
    let summary = "succeeds only on an account's first sign-in"
    let access = EffectAccess(reads: [.profile, .session], writes: [.profile])

    func perform(_ call: EffectCall, prepared: Void, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        guard let id = state.userID.flatMap(Int.init), let profile = try FixtureAccountCopy.profile(ofAccount: id, context: context, in: store),
              profile["signed-in-before"] == nil else {
            return .failure(errors: [:])
        }
        try FixtureAccountCopy.updateProfile(accountID: id, merging: ["signed-in-before": "true"], context: context, in: store)
        return .success(values: [:])
    }
}
