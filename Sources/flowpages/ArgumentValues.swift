import ArgumentParser
import FlowPages

// Any case is accepted, as `--durability FULL` (SQLite's own spelling) was before this was an enum.
extension Durability: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

extension PrototypeMode: ExpressibleByArgument {}
