import FlowDefinition
import FlowStore
import HTTPServer
import Navigation

/// Navigation and action POSTs: checked (same origin, the session's CSRF token), reconciled with
/// the page they came from (DECISIONS 2), applied as one unit of work with their effects, and
/// answered 303 to the new current screen.
struct PostRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// Applies `command` through the post spine: checked, decided, committed once, answered 303.
    func handle(_ command: PostCommand, _ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in try decide(command, &post) }
    }

    /// The command an action post names, or 404.
    func action(_ id: String?) throws -> PostCommand {
        guard let id, let action = app.app.actions[id] else { throw HTTPError(.notFound, "\(app.app.title) has no action '\(id ?? "")'.") }
        return .action(action)
    }

    /// What `command` posted comes to: an expired sign-in shown, a page out of date said so, a
    /// held navigation carried out once its changes are discarded, or the command run.
    private func decide(_ command: PostCommand, _ post: inout PostSpine.Checked) throws -> PostAnswer {
        let (posted, now) = (post.form, post.now)
        let interpreter = ActionInterpreter(app: app.app, navigator: app.navigator, now: now)
        if let expired = interpreter.expireSession(post.unit.state) {
            return .move(expired.state, source: .autoRedirect, events: expired.events)
        }
        // An action its page does not offer is out of date too: a page shown before the app
        // changed, or a post no page made.
        guard !post.isOutOfDate, var state = app.reconciled(post.unit.state, posted: posted["screen"], then: posted["then"], alert: posted["alert"],
                                                        isStored: post.unit.isStored),
              app.offers(command, in: state) else {
            return .outOfDate
        }
        // A visitor's first post changes the page it was worked out from, not the app's start:
        // its screen view and how the screen moved are from there.
        if !post.unit.isStored { post.unit.state = state }
        let unsaved = UnsavedChanges(app: app)
        var (command, form, asks) = (command, posted, true)
        if case .discard = command, let held = state.heldNavigation {
            // "Discard": the changes go, and the navigation they held is carried out as asked.
            state = unsaved.discarding(state)
            asks = false
            switch unsaved.continuation(of: held) {
            case .post(let heldCommand, let heldForm)?:
                (command, form) = (heldCommand, heldForm)
            case .screen(let screen)?:
                return follow(.screen(screen), link: false, from: state)
            case .link(let destination)?:
                return follow(destination, link: true, from: state)
            case nil:
                return .move(state)
            }
        }
        return try run(command, form: form, asks: asks, on: state, interpreter: interpreter, session: post.unit, request: post.request, now: now)
    }

    /// Runs `command` with the posted `form` on `state`: checked, its effects' slow parts prepared
    /// before the transaction, then one commit of the new state, its events and every write its
    /// effects make — or of the state holding it for unsaved changes (`asks`), or refusing it.
    private func run(
        _ command: PostCommand, form: [String: String], asks: Bool, on state: NavigationState, interpreter: ActionInterpreter,
        session: SessionUnit, request: HTTPRequest, now: Int64
    ) throws -> PostAnswer {
        let context = EffectContext(app: app.app, navigator: app.navigator, store: services.store, fixtures: app.fixtures,
                                    isPrototype: app.servesFixtures, dataKey: session.dataKey, fixtureAccountIDs: app.fixtureAccountIDs,
                                    sessionID: session.id, clientAddress: request.clientAddress, now: now,
                                    deviceCookie: DeviceCookie(request, app: app), proofs: DeviceProofs())
        // Checked once, before the transaction: only a valid form's effects are prepared. A choice
        // is checked against the options the session's page offered (a collection's records).
        var options: [String: [ChoiceDefinition.Option]] = [:]
        if case .action(let action) = command, let formID = action.form, let definition = app.app.forms[formID],
           definition.fields.contains(where: { $0.choice?.source != nil }) {
            options = try ChoiceOptions.of(definition, data: services.data(for: session))
        }
        let errors = interpreter.validate(command, form: form, options: options)
        let prepared: [EffectCall: PreparedEffect]
        do {
            prepared = try prepareEffects(of: command, form: errors.isEmpty ? form : nil, on: state, interpreter: interpreter, context: context)
        } catch is BusyHashing {
            // This address's share of the hashing is taken by its own posts still being checked.
            throw Self.busy
        } catch let tooSoon as TooManyAttempts {
            return .respond(try tooManyAttempts(tooSoon, on: state, session: session, request: request))
        }
        // A visitor's first post has no state stored: the page's own is worked out from its URL.
        let (scope, stored) = (session.recordScope, session.isStored ? session.state : state)
        let work: (any StoreTransaction) throws -> PostAnswer.Saved = { [state, command, form] transaction in
            let unit = (transaction: transaction, scope: scope, now: now)
            func decided() throws -> PostDecision {
                try decide(command, form: form, errors: errors, asks: asks, on: state, stored: stored, interpreter: interpreter, in: unit) { call, state in
                    // Every effect a valid form's action may run was prepared before the transaction.
                    guard let effect = prepared[call] else { throw HTTPError(.internalServerError) }
                    return try effect.perform(state: &state, context: context, in: transaction)
                }
            }
            let decision = command.writesBeyondSession ? try transaction.tentatively(decided, keeping: \.keepsWrites) : try decided()
            return decision.saved(from: state, alerts: app.app.alerts)
        }
        return .finishing(.work(work)) { _, response in remembering(context.proofs.proven, in: response, context: context, request: request) }
    }

    /// `response` with the browser's device cookie remembering the accounts it proved (none: as it is).
    private func remembering(_ proven: [String], in response: HTTPResponse, context: EffectContext, request: HTTPRequest) -> HTTPResponse {
        guard !proven.isEmpty else { return response }
        let cookie = proven.reduce(context.deviceCookie) { $0.proving($1, app: app.app.id, key: services.store.key) }
        var response = response
        response.setCookie(cookie.cookie(for: app, secure: app.origins.isHTTPS(request)))
        return response
    }

    /// What `command` does on `state`, as a value: carried out (its data written through
    /// `transaction`, its effects run by `effects`), held for unsaved changes, or refused.
    private func decide(
        _ command: PostCommand, form: [String: String], errors: [String: String], asks: Bool, on state: NavigationState, stored: NavigationState,
        interpreter: ActionInterpreter, in unit: (transaction: any StoreTransaction, scope: (CollectionScope) -> RecordScope?, now: Int64),
        effects: (EffectCall, inout NavigationState) throws -> EffectOutcome
    ) throws -> PostDecision {
        let writer = DataWriter(app: app.app, transaction: unit.transaction, scope: unit.scope, now: unit.now)
        let reader = AppData(app: app, reads: unit.transaction.records, scope: unit.scope)
        let data = ActionInterpreter.DataRunner(exists: reader.exists, write: writer.apply)
        let result: ActionInterpreter.Result
        do {
            result = try interpreter.run(command, form: form, errors: errors, on: state, data: data, effects: effects)
        } catch let refused as ActionRefused {
            return .refused(refused)
        }
        // Leaving a form with unsaved changes: nothing of the post is kept but its fields. A post
        // from a page shown earlier is judged from where the session is: going back to that page
        // may itself leave the form.
        let unsaved = UnsavedChanges(app: app)
        let before = state == stored ? result.drafted : stored
        if asks, let left = try unsaved.left(from: before, to: result.state, data: reader),
           !unsaved.saves(command, left.guard), let held = unsaved.held(command, form: form) {
            return .held(unsaved.hold(held, by: left.guard, on: before))
        }
        return .done(result.state, events: result.events, source: command.source)
    }

    /// Too many attempts, said at once on the page it was tried from, whichever limit it was and
    /// whoever's account: the time to wait and what can be done meanwhile; nothing is written.
    private func tooManyAttempts(_ tooSoon: TooManyAttempts, on state: NavigationState, session: SessionUnit, request: HTTPRequest) throws -> HTTPResponse {
        var shown = session
        shown.state = state
        let message = ["Too many attempts. For your security, try again \(tooSoon.whenText).", tooSoon.advice].compactMap(\.self).joined(separator: " ")
        var response = try services.renderer.refusal(shown, message: message,
                                                     status: .tooManyRequests, request: request)
        response.headers.set("Retry-After", tooSoon.retryAfter)
        return response
    }

    /// A navigation held for unsaved changes, now discarded: a screen's GET (`link` false) or a
    /// deep link, followed from `state`.
    private func follow(_ destination: LinkDestination, link: Bool, from state: NavigationState) -> PostAnswer {
        let source: NavigationSource = link ? .deepLink : .direct
        let landed: NavigationState
        if link {
            landed = (try? app.following(destination, from: state, source: source).get()) ?? state
        } else {
            landed = (try? app.navigator.execute(destination.command(source), on: state).get().state) ?? state
        }
        return .move(landed, source: source)
    }

    /// The answer when too many passwords are being hashed, at once or for one address.
    private static let busy = HTTPError(.serviceUnavailable, "Too many people are signing in at once. Try again in a moment.",
                                        headers: HTTPHeaders([("Retry-After", "2")]))

    /// The slow parts of the action's effects (password hashing), done before its transaction,
    /// with the fields the action will read when it runs on `state`.
    /// Only a valid form's effects are prepared (`form` nil: it was not), each holding one of the
    /// client address's shares of the hashing while it runs.
    private func prepareEffects(of command: PostCommand, form: [String: String]?, on state: NavigationState, interpreter: ActionInterpreter,
                                context: EffectContext) throws -> [EffectCall: PreparedEffect] {
        guard case .action(let action) = command, let form else { return [:] }
        var prepared: [EffectCall: PreparedEffect] = [:]
        let fields = interpreter.fields(of: action, posted: form, on: state)
        for call in ActionInterpreter.effectCalls(of: action.steps, formID: action.form, form: fields) where prepared[call] == nil {
            // Every effect a loaded folder names is registered: folders are checked against the registry.
            guard let effect = services.effects[call.name] else { continue }
            prepared[call] = try services.hashingShares.holding(context.clientAddress) { try effect.preparing(call, state: state, context: context) }
        }
        return prepared
    }
}
