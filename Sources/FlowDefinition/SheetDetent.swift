/// How tall a sheet stands over the dimmed page (seed 004 §18): the detents of iOS sheets, or a
/// height of its own.
public enum SheetDetent: Hashable, Sendable {
    /// As tall as its content: a header and a line or two.
    case small
    /// Half the screen.
    case medium
    /// Nearly the whole screen, the page's top still showing above it.
    case large
    /// The whole screen, still a sheet.
    case extraLarge
    /// A full-screen cover, as `presentation="full-screen"` shows it.
    case fullScreen
    /// A height of its own: a percentage of the screen (`40%`) or a length (`20rem`, `320px`).
    case custom(String)

    /// Reads a `detent` attribute; nil for anything else.
    public init?(_ text: String) {
        switch text {
        case "small": self = .small
        case "medium": self = .medium
        case "large": self = .large
        case "extra-large": self = .extraLarge
        case "full-screen": self = .fullScreen
        default:
            // Digits and at most one point: what the generated stylesheet writes stays a plain length.
            guard let unit = ["%", "rem", "px"].first(where: text.hasSuffix), case let digits = text.dropLast(unit.count),
                  digits.first?.isASCII == true, digits.first?.isNumber == true, digits.last?.isNumber == true,
                  digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let number = Double(digits),
                  number > 0, unit == "%" ? number <= 100 : number <= 4000 else { return nil }
            self = .custom(text)
        }
    }

    /// Its name in `class="detent-…"`: the CSS that draws it keys on this.
    public var name: String {
        switch self {
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .extraLarge: "extra-large"
        case .fullScreen: "full-screen"
        case .custom: "custom"
        }
    }

    /// What a screen reader hears of it, as the sheet's description ("sheet, half height").
    public var spokenLabel: String {
        switch self {
        case .small: "sheet, small"
        case .medium: "sheet, half height"
        case .large: "sheet, nearly full height"
        case .extraLarge: "sheet, full height"
        case .fullScreen: "full screen"
        case .custom(let height): height.hasSuffix("%") ? "sheet, \(height) of the screen's height" : "sheet, \(height) tall"
        }
    }
}
