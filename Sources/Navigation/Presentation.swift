/// How a route appears when navigated to.
public enum Presentation: Hashable, Sendable, CustomStringConvertible {
    /// Pushed onto its stack; Back pops it.
    case push
    /// Takes the place of the top of its stack, so Back skips the screen it replaced. On a stack
    /// holding only its root it becomes the new root (onboarding pages have no Back).
    case replace
    /// Becomes the only screen of its stack: the stack is cleared and Back has nowhere to go.
    case replaceStack
    /// The root of a modal stack, presented over the current context in the given style.
    case modal(ModalStyle)

    public var description: String {
        switch self {
        case .push: "push"
        case .replace: "replace"
        case .replaceStack: "replace-stack"
        case .modal(let style): "modal \(style)"
        }
    }
}

/// The style of a modal presentation.
public enum ModalStyle: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A sheet rising over the screen.
    case sheet
    /// A cover hiding everything beneath.
    case fullScreen
    /// A smaller, centred sheet for a form.
    case formSheet
    /// An alert: a short message with its buttons.
    case alert

    public var description: String { rawValue }
}
