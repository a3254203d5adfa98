import FlowDefinition
import FlowPages
import FlowStore
import Foundation
import Navigation
import Synchronization

/// Puts an audited state on screen as a person reaches it: the screen reached from the app's
/// start (``AuditOpening``), then the app's own actions replayed on it — the one a screen posts to
/// present a modal, the one whose outcome shows a toast — through the action interpreter, with a
/// sample of its form and the app's data, in a throwaway session's scope.
///
/// Writes stay the session's own: a fixture account's collections and session-scoped ones are
/// the session's copies already, and an app-wide collection is written to the session's copy of
/// it. Effects that write only the session and the profile (signing in and out, saving a
/// profile) run as in the app; those that would change what others see — accounts, codes,
/// mail — do not run, and take the outcome the path to the state names.
struct AuditReplay {
    let app: MountedApp
    let store: any WebStore
    let effects: EffectRegistry
    /// Where a replay that works out many states (the inventory's) keeps the effects it prepared,
    /// so that a password is checked, and its attempt counted, once; nil: each is prepared anew.
    var kept: KeptEffects?

    /// The stored id of the account a signed-in state signs in as: the app's first fixture account's.
    let accountID: Int?
    /// The session the replay runs for, and whose copies of the app's data it writes.
    let sessionID: String
    let dataKey: String
    let clientAddress: String
    /// When, in milliseconds since 1970.
    let now: Int64

    init(app: MountedApp, store: any WebStore, effects: EffectRegistry, accountID: Int?, sessionID: String, dataKey: String,
         clientAddress: String, now: Int64) {
        (self.app, self.store, self.effects, self.accountID) = (app, store, effects, accountID)
        (self.sessionID, self.dataKey, self.clientAddress, self.now) = (sessionID, dataKey, clientAddress, now)
    }

    /// A replay for the session `sessionID` of `services`' app, signing in as its first fixture account.
    init(_ services: AppServices, sessionID: String, dataKey: String, clientAddress: String, now: Int64) throws {
        let app = services.app
        let account = try app.fixtures.accounts.first.flatMap { try services.store.accounts.account(app: app.app.id, email: $0.email)?.id }
        self.init(app: app, store: services.store, effects: services.effects, accountID: account, sessionID: sessionID, dataKey: dataKey,
                  clientAddress: clientAddress, now: now)
    }

    /// The effects that run as the app runs them: those that change nothing others see.
    static let runnable: Set<EffectAccess.Data> = [.session, .profile, .attempts]

    /// How the replay reaches a screen from the app's start, as a person would.
    var opening: AuditOpening {
        AuditOpening(app: app, accountID: accountID)
    }

    /// The state `recipe` opens, replayed in `transaction`; nil when the app does not reach it
    /// (the toast is not shown, a modal is not presented).
    func state(_ recipe: AuditState.Recipe, prepared: Prepared, in transaction: any StoreTransaction) throws -> NavigationState? {
        guard let reach = recipe.reach, var state = try reached(reach, prepared: prepared, in: transaction) else {
            return recipe.reach == nil ? opening.state(recipe, on: nil) : nil
        }
        do {
            switch recipe {
            case .formErrors(_, let action):
                // Sent with every field empty, as a person does: the errors and the emptied fields show.
                guard let definition = app.app.actions[action], let form = definition.form.flatMap({ app.app.forms[$0] }) else { return nil }
                var empty = ["form": form.id]
                for field in form.fields where field.type != .hidden { empty[field.name] = "" }
                _ = state.takeToasts()
                return try run(definition, on: state, form: empty, outcomes: [:], prepared: Prepared(), in: transaction)
            case .toast(_, let actions, let toast, let outcomes):
                for action in actions {
                    guard let definition = app.app.actions[action] else { return nil }
                    _ = state.takeToasts()
                    state = try run(definition, on: state, form: sampleForm(definition), outcomes: outcomes, prepared: prepared, in: transaction)
                }
                return state.toasts.contains { $0.name == toast } ? state : nil
            default:
                return opening.state(recipe, on: state)
            }
        } catch is ActionRefused {
            // The session's own copy of the data no longer has what the action needs (a record
            // deleted by an earlier state's replay): not reached, nothing kept.
            return nil
        }
    }

    /// The effects of the actions `recipe` replays that run as the app runs them (``runnable``),
    /// prepared before the transaction as a post's are (a password checked against its hash),
    /// with the fields each action reads on the screen the replay starts from.
    func prepare(_ recipe: AuditState.Recipe) throws -> Prepared {
        guard let reach = recipe.reach, let start = opening.reach(reach.instance, signedIn: reach.signedIn) else { return Prepared() }
        var runs: [(action: ActionDefinition, outcomes: [String: Bool])] = reach.moves.compactMap { move in
            guard case .action(let id) = move else { return nil }
            return app.app.actions[id].map { ($0, [:]) }
        }
        if case .toast(_, let actions, _, let outcomes) = recipe { runs += actions.compactMap { app.app.actions[$0].map { ($0, outcomes) } } }
        let interpreter = ActionInterpreter(app: app.app, navigator: app.navigator, now: now)
        var prepared = Prepared()
        for (definition, outcomes) in runs {
            let fields = interpreter.fields(of: definition, posted: sampleForm(definition), on: start)
            for call in ActionInterpreter.effectCalls(of: definition.steps, formID: definition.form, form: fields)
            where outcomes[call.name] != false && prepared.effects[call] == nil {
                guard let effect = effects[call.name], effect.access.writes.isSubset(of: Self.runnable) else { continue }
                if let kept = kept?.effect(for: call) {
                    prepared.effects[call] = kept
                } else {
                    prepared.effects[call] = try effect.preparing(call, state: start, context: context)
                    kept?.keep(prepared.effects[call], for: call)
                }
            }
        }
        return prepared
    }

    /// Where replaying `recipe` lands, with nothing of it kept: the replay's transaction is
    /// rolled back. Nil when the app does not reach the state.
    func landing(_ recipe: AuditState.Recipe) -> NavigationState? {
        // What posts nothing is made by the engine alone.
        if recipe.reach?.moves.isEmpty != false, !recipe.isReplayed {
            return recipe.reach.map { opening.state(recipe, on: opening.reach($0.instance, signedIn: $0.signedIn)) } ?? opening.state(recipe, on: nil)
        }
        guard let prepared = try? prepare(recipe) else { return nil }
        return rolledBack { try state(recipe, prepared: prepared, in: $0) } ?? nil
    }

    /// What `body` returns from a transaction that is then rolled back: nothing it wrote is kept.
    /// Nil when `body` throws.
    func rolledBack<T>(_ body: (any StoreTransaction) throws -> T) -> T? {
        var result: T?
        _ = try? store.transaction { transaction -> Int in
            result = try body(transaction)
            throw RolledBack()
        }
        return result
    }

    /// Prepared effects kept across replays, by call.
    final class KeptEffects: Sendable {
        // The mutex makes the dictionary safe to read and write from whichever thread replays.
        private let effects = Mutex<[EffectCall: PreparedEffect]>([:])

        func effect(for call: EffectCall) -> PreparedEffect? {
            effects.withLock { $0[call] }
        }

        func keep(_ effect: PreparedEffect?, for call: EffectCall) {
            effects.withLock { $0[call] = effect }
        }
    }

    /// Thrown to end a replay's transaction without keeping anything.
    private struct RolledBack: Error {}

    /// What ``prepare(_:)`` works out: the effects that run as the app runs them, ready.
    struct Prepared {
        var effects: [EffectCall: PreparedEffect] = [:]
    }

    /// `reach`'s screen: reached from the start, and for a modal its presenting action replayed.
    /// Signed out, the guard answers the presenting action with the sign-in, modal or not.
    private func reached(_ reach: AuditState.Reach, prepared: Prepared, in transaction: any StoreTransaction) throws -> NavigationState? {
        guard let state = opening.reach(reach.instance, signedIn: reach.signedIn) else { return nil }
        var reached = state
        for move in reach.moves {
            // Each page on the way is seen, and its messages with it.
            _ = reached.takeToasts()
            guard let next = try press(move, on: reached, prepared: prepared, in: transaction) else { return nil }
            reached = next
        }
        return reached
    }

    /// `move` made on `state`: its action sent with a sample form, or its tab selected; nil
    /// when the app has no such action.
    func press(_ move: AuditState.Move, on state: NavigationState, prepared: Prepared = Prepared(),
                       in transaction: any StoreTransaction) throws -> NavigationState? {
        switch move {
        case .action(let id):
            guard let action = app.app.actions[id] else { return nil }
            return try run(action, on: state, form: sampleForm(action), outcomes: [:], prepared: prepared, in: transaction)
        case .tab(let id):
            let interpreter = ActionInterpreter(app: app.app, navigator: app.navigator, now: now)
            return try interpreter.run(.tab(id), form: [:], errors: [:], on: state) { _, _ in .success(values: [:]) }.state
        }
    }

    /// `action` run on `state` with `form` posted and checked, each effect taking the outcome
    /// `outcomes` names (success by default): run when prepared, else only said.
    private func run(_ action: ActionDefinition, on state: NavigationState, form: [String: String], outcomes: [String: Bool], prepared: Prepared,
                     in transaction: any StoreTransaction) throws -> NavigationState {
        let interpreter = ActionInterpreter(app: app.app, navigator: app.navigator, now: now)
        let scope = scope(signedIn: state.userID)
        let writer = DataWriter(app: app.app, transaction: transaction, scope: scope, now: now)
        let reader = AppData(app: app, reads: transaction.records, scope: scope)
        let data = ActionInterpreter.DataRunner(exists: reader.exists, write: writer.apply)
        let context = context
        let account = app.fixtures.accounts.first.map { ["email": $0.email] } ?? [:]
        // A choice is checked against the options the session's page offers (a collection's records).
        let options = try action.form.flatMap { app.app.forms[$0] }.map { try ChoiceOptions.of($0, data: reader) } ?? [:]
        let errors = interpreter.validate(.action(action), form: form, options: options)
        let result = try interpreter.run(.action(action), form: form, errors: errors, on: state, data: data) { call, state in
            let wanted = outcomes[call.name] ?? true
            if let effect = prepared.effects[call] {
                let outcome = try effect.perform(state: &state, context: context, in: transaction)
                if case .success = outcome, wanted { return outcome }
                if case .failure = outcome, !wanted { return outcome }
                // The sample session cannot do what the path needs (a profile saved before any
                // account is made): the outcome the path names, as for an effect not run.
            }
            // Said to have worked for the sample account: what it would fill messages with, and
            // the email the call is about remembered, as the prototype's backend remembers it.
            if wanted, let email = call.form["email"] { try BackendMemory.update(&state) { $0.email = email } }
            let values = account.merging(BackendMemory(state).email.map { ["email": $0] } ?? [:]) { $1 }.merging(call.form) { $1 }
            return wanted ? .success(values: values) : .failure(errors: [:])
        }
        return result.state
    }

    /// Whose copy of a collection the replay reads and writes: always the session's own.
    func scope(signedIn userID: String?) -> (CollectionScope) -> RecordScope? {
        let (dataKey, fixtures) = (dataKey, app.fixtureAccountIDs)
        return { scope in
            switch scope {
            case .app, .session: .session(dataKey)
            case .account: userID.flatMap(Int.init).flatMap { fixtures.contains($0) ? .accountCopy($0, session: dataKey) : nil }
            }
        }
    }

    private var context: EffectContext {
        EffectContext(app: app.app, navigator: app.navigator, store: store, fixtures: app.fixtures, isPrototype: app.servesFixtures,
                      dataKey: dataKey, fixtureAccountIDs: app.fixtureAccountIDs, sessionID: sessionID, clientAddress: clientAddress, now: now)
    }
}
