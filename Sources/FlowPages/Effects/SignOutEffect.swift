import FlowStore
import Navigation

/// `sign-out`: forgets the signed-in account and the drafts, and enters the signed-out flow.
struct SignOutEffect: Effect {
    let name = "sign-out"
    let summary = "signs out"
    let access = EffectAccess(writes: [.session])

    func perform(_ call: EffectCall, prepared: Void, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        state = try context.run(.signOut(keepDestination: false), on: state)
        return .success(values: [:])
    }
}
