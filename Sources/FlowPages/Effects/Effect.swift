import FlowDefinition
import FlowStore
import Navigation

/// Something an app's action asks of the server beyond navigation (`<effect name="sign-in">`):
/// sign-in, registration, a mailed code. Effects are an open set, registered in an
/// ``EffectRegistry`` handed to ``WebApplication``; a folder naming an effect the registry lacks
/// fails to load.
///
/// An effect runs inside the request's unit of work: everything it writes through the
/// transaction is committed with the session's compare-and-swap, or not at all — so when
/// another tab saved first and the request runs again, no mail is sent twice and no code is
/// redeemed twice. Slow work that writes nothing (hashing a password) belongs in
/// ``prepare(_:context:)``, which runs before the transaction.
public protocol Effect: Sendable {
    /// What ``prepare(_:state:context:)`` works out before the transaction for
    /// ``perform(_:prepared:state:context:in:)``; nothing by default.
    associatedtype Prepared: Sendable = Void

    /// The name `app.xml` uses.
    var name: String { get }
    /// One line on what it does, for `flowpages check`'s messages and the documentation.
    var summary: String { get }
    /// What it reads and writes of the app's data: the pages and checks go by this, never by
    /// its name (a form whose action writes the profile starts from the profile).
    var access: EffectAccess { get }

    /// Work done before the transaction from the posted form and the state it will run on, such
    /// as counting an attempt (``WebStore/countAttempt(_:now:)``) and hashing a password; what it
    /// returns is handed to ``perform(_:prepared:state:context:in:)``. Runs for every effect an
    /// action names whose form was valid.
    /// - Throws: ``TooManyAttempts`` when the attempt came too soon after others, and
    ///   ``BusyHashing`` when too many passwords are being hashed (the person is asked to try
    ///   again), before anything but the attempt's count is written.
    func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws -> Prepared

    /// Does the effect. It changes the session only through `state` and the store only through
    /// `transaction`; both are kept only if the whole request commits.
    func perform(
        _ call: EffectCall, prepared: Prepared, state: inout NavigationState, context: EffectContext,
        in store: borrowing EffectStore
    ) throws -> EffectOutcome
}

extension Effect where Prepared == Void {
    public func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws {}
}

extension Effect {
    /// Prepares `call` and returns what performs it with what was prepared: the two halves of an
    /// effect are paired here, by type, so nothing is cast or found missing when it runs.
    public func preparing(_ call: EffectCall, state: NavigationState, context: EffectContext) throws -> PreparedEffect {
        let prepared = try prepare(call, state: state, context: context)
        let (access, name) = (access, name)
        return PreparedEffect { state, context, transaction in
            try perform(call, prepared: prepared, state: &state, context: context, in: EffectStore(transaction, access: access, effect: name))
        }
    }
}

/// An effect call prepared before the transaction, ready to perform inside it.
public struct PreparedEffect: Sendable {
    let run: @Sendable (inout NavigationState, EffectContext, any StoreTransaction) throws -> EffectOutcome

    /// Performs the call (see ``Effect/perform(_:prepared:state:context:in:)``).
    public func perform(state: inout NavigationState, context: EffectContext, in transaction: any StoreTransaction) throws -> EffectOutcome {
        try run(&state, context, transaction)
    }
}

/// What an effect reads and writes of the app's data, declared.
public struct EffectAccess: Sendable, Hashable {
    /// The kinds of data an effect may touch.
    public enum Data: String, Sendable, Hashable, CaseIterable {
        /// Accounts: emails, password hashes, whether verified.
        case accounts
        /// The profile fields of an account (a fixture account's in the tester's own copy).
        case profile
        /// Single-use codes and link tokens.
        case secrets
        /// Other sessions (a password reset ends them).
        case sessions
        /// The outbox: mails sent.
        case outbox
        /// Attempt counts.
        case attempts
        /// The session's own navigation state (signing in or out, what it remembers).
        case session
    }

    public let reads: Set<Data>
    public let writes: Set<Data>

    public init(reads: Set<Data> = [], writes: Set<Data> = []) {
        self.reads = reads
        self.writes = writes
    }
}

/// One effect step of an action, as posted: its name, its purpose (`verify-email`), the id of
/// the action's form and what the action reads of the post.
public struct EffectCall: Sendable, Hashable {
    public let name: String
    public let purpose: EffectPurpose?
    /// The action's form, when it posts one.
    public let formID: String?
    /// The posted fields its form declares, passwords included (never stored as they are), and
    /// the parameters of the screen it was posted from under any other name.
    public let form: [String: String]

    public init(name: String, purpose: EffectPurpose?, formID: String? = nil, form: [String: String]) {
        self.name = name
        self.purpose = purpose
        self.formID = formID
        self.form = form
    }
}

/// What an effect did.
public enum EffectOutcome: Sendable, Hashable {
    /// It worked; `values` fill the messages that follow (such as `{email}`).
    case success(values: [String: String])
    /// It did not: field name → message, with a message for the form as a whole under
    /// ``formMessage``; empty when the action's `<on-failure>` steps say what to show.
    case failure(errors: [String: String])

    /// The key of a form-level error in ``failure(errors:)``.
    public static let formMessage = "_form"
}

/// What an effect may read about where it runs: the app, its navigator, the store and the time.
///
/// `store` is for ``Effect/prepare(_:state:context:)`` only (hashing and checking passwords before
/// the transaction). Inside ``Effect/perform(_:prepared:state:context:in:)`` everything goes
/// through the transaction: a write through `store` there would wait for the writer the request
/// already holds, and a read would not see the request's own writes.
public struct EffectContext: Sendable {
    public let app: AppDefinition
    public let navigator: Navigator
    public let store: any WebStore
    /// The app's documented fixtures (codes, tokens), or none when it serves real people.
    public let fixtures: FixtureSet
    /// Off for an app serving real people: fixture accounts are refused and the outbox keeps no
    /// codes or links.
    public let isPrototype: Bool
    /// The data key of the session the action runs in: its dev mailbox, and what its copies of
    /// app data are kept under.
    public let dataKey: String
    /// The app's fixture accounts when served as a prototype; each session has its own copy.
    public let fixtureAccountIDs: Set<Int>
    /// The session's id as the request named it: what a password reset does not sign out.
    public let sessionID: String
    /// The client the request came from (an IPv6 client's /64; behind a trusted proxy, the client
    /// it names), whose attempts are counted together.
    public let clientAddress: String
    /// Milliseconds since 1970.
    public let now: Int64
    /// The accounts the request's browser has proved before (its device cookie).
    public let deviceCookie: DeviceCookie
    /// The accounts it proves in this request, for the response's device cookie.
    public let proofs: DeviceProofs

    public init(app: AppDefinition, navigator: Navigator, store: any WebStore, fixtures: FixtureSet, isPrototype: Bool, dataKey: String,
                fixtureAccountIDs: Set<Int>, sessionID: String, clientAddress: String, now: Int64,
                deviceCookie: DeviceCookie = DeviceCookie(), proofs: DeviceProofs = DeviceProofs()) {
        self.app = app
        self.navigator = navigator
        self.store = store
        self.fixtures = fixtures
        self.isPrototype = isPrototype
        self.dataKey = dataKey
        self.fixtureAccountIDs = fixtureAccountIDs
        self.sessionID = sessionID
        self.clientAddress = clientAddress
        self.now = now
        self.deviceCookie = deviceCookie
        self.proofs = proofs
    }

    /// The session's copy of a fixture account's data (``FixtureAccountCopy``); nil for any
    /// other account, whose data is its own.
    public func copy(ofAccount id: Int) -> RecordScope? {
        fixtureAccountIDs.contains(id) ? .accountCopy(id, session: dataKey) : nil
    }

    /// Counts an attempt under `perAddress` for the client's address and, given an email, under
    /// `perEmail` for it (its ``Account/emailKey(_:)``, whether it has an account or not).
    /// - Throws: ``TooManyAttempts`` when it came too soon.
    public func countAttempt(perAddress: AttemptLimit, perEmail: (limit: AttemptLimit, email: String?)? = nil) throws {
        var keys = [attemptKey(perAddress)]
        if let (limit, email) = perEmail, let email { keys.append(attemptKey(limit, email: email)) }
        try store.countAttempt(keys, now: now)
    }

    /// The id under which this browser proved `email`'s account before (``DeviceCookie``), whose
    /// attempts are counted on a budget of their own; nil for a browser never seen with it.
    public func knownDevice(for email: String) -> String? {
        deviceCookie.device(for: email, app: app.id, key: store.key)
    }

    /// What ``AttemptLimit/signInPerDevice`` counts a known browser's attempts at an account under.
    public func attemptKey(device: String) -> AttemptKey {
        AttemptKey(.signInPerDevice, app: app.id, device)
    }

    /// What `limit` counts this request's client address under.
    public func attemptKey(_ limit: AttemptLimit) -> AttemptKey {
        AttemptKey(limit, app: app.id, clientAddress)
    }

    /// What `limit` counts `email` under: its ``Account/emailKey(_:)``, whether it has an account or not.
    public func attemptKey(_ limit: AttemptLimit, email: String) -> AttemptKey {
        AttemptKey(limit, app: app.id, Account.emailKey(email))
    }

    /// Applies a navigation command; an effect's navigation (sign-in) must succeed or the
    /// action is refused whole.
    public func run(_ command: NavigationCommand, on state: NavigationState) throws -> NavigationState {
        switch navigator.execute(command, on: state) {
        case .success(let transition): return transition.state
        case .failure(let error): throw error
        }
    }
}
