import Navigation

/// What a button or a form submit does.
public struct ActionDefinition: Hashable, Sendable {
    public let id: String
    /// The form whose fields it validates and receives.
    public let form: String?
    public let steps: [ActionStep]
}

/// One step of an action.
public indirect enum ActionStep: Hashable, Sendable {
    /// Navigate to a route, with parameters given as constants or taken from form fields.
    case navigate(RouteName, parameters: [ActionParameter])
    /// Present a route as a detour over the current context (seed 004 §4), with parameters as
    /// ``navigate(_:parameters:)`` takes them; Back at its root returns to the context.
    case detour(RouteName, parameters: [ActionParameter])
    /// Navigate to a route whose presentation replaces the current screen.
    case replace(RouteName)
    /// Navigate as an Android graph's action does (`<navigate route pop-up-to [inclusive]
    /// [single-top]>`, or `<pop-up-to route [inclusive]>` alone): back to the last screen of
    /// `popUpTo`, keeping it or removing it too, then to `then` with its parameters; with
    /// `singleTop`, a screen of `then` already on top is replaced rather than covered.
    case popUpTo(RouteName?, inclusive: Bool, then: RouteName?, parameters: [ActionParameter], singleTop: Bool)
    case back
    case dismiss
    case changeFlow(CoordinatorID)
    case setFlag(String)
    case alert(String)
    case toast(String)
    /// A step of a funnel reached, recorded as a `funnel_step` event (seed 000 §13).
    case track(funnel: String, step: String, number: Int)
    /// A named effect of the prototype backend, for a purpose such as `verify-email` where the
    /// effect has several, with what follows on success and on failure.
    case effect(String, purpose: EffectPurpose?, onSuccess: [ActionStep], onFailure: [ActionStep])
    /// A write of app data: create, update, toggle or delete a record.
    case data(DataWrite)
}

/// A route parameter an action passes, and where its value comes from.
public struct ActionParameter: Hashable, Sendable {
    public let name: String
    public let source: ValueSource

    public init(name: String, source: ValueSource) {
        self.name = name
        self.source = source
    }

    /// A constant (`value`) or a form field (`field`).
    public init(name: String, value: String?, field: String?) {
        self.init(name: name, source: value.map { .constant($0) } ?? .field(field ?? ""))
    }
}
