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

    /// Every presentation, in the order `app.xml`'s documentation lists them.
    public static let all: [Presentation] = [.push, .replace, .replaceStack] + ModalStyle.allCases.map { .modal($0) }

    /// Its one spelling: `presentation="form-sheet"` in `app.xml`, `style-form-sheet` on a page.
    public var name: String {
        switch self {
        case .push: "push"
        case .replace: "replace"
        case .replaceStack: "replace-stack"
        case .modal(let style): style.name
        }
    }

    /// The presentation called `name`; nil for a name there is none of.
    public init?(name: String) {
        guard let found = Self.all.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    public var description: String {
        if case .modal(let style) = self { return "modal \(style)" }
        return name
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

    /// Its one spelling in `app.xml` and on pages: `sheet`, `full-screen`, `form-sheet`, `alert`.
    public var name: String {
        switch self {
        case .sheet: "sheet"
        case .fullScreen: "full-screen"
        case .formSheet: "form-sheet"
        case .alert: "alert"
        }
    }
}
