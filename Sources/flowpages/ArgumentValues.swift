import ArgumentParser
import FlowPages
import FlowWorkshop

// Any case is accepted, as `--durability FULL` (SQLite's own spelling) was before this was an enum.
extension Durability: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

extension PrototypeMode: ExpressibleByArgument {}

/// An option that is on, off, or as FlowPages decides (`--watch on`).
enum Toggle: String, CaseIterable, ExpressibleByArgument {
    case on, off, auto

    /// Whether it was asked for: nil for `auto`.
    var asked: Bool? {
        switch self {
        case .on: true
        case .off: false
        case .auto: nil
        }
    }
}

extension StarterFolder.Shape: EnumerableFlag {
    public static func name(for value: Self) -> NameSpecification {
        .customLong(value.rawValue)
    }

    public static func help(for value: Self) -> ArgumentHelp? {
        switch value {
        case .stack: "One stack of screens (the default)."
        case .tabs: "Two tabs, each with its own stack."
        case .flows: "A sign-in screen in front of the tabs."
        }
    }
}
