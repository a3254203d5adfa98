import FlowDefinition
import Navigation

extension ActionInterpreter {
    /// What an action reads and writes of app data, through the request's transaction.
    package struct DataRunner {
        /// Whether every record a screen names exists.
        let exists: (RouteInstance) throws -> Bool
        /// Makes a write, looking its values up with the function given; returns the id of a
        /// record it created.
        let write: (DataWrite, (ValueSource) -> String?) throws -> String?

        /// What `exists` and `write` answer.
        package init(exists: @escaping (RouteInstance) throws -> Bool, write: @escaping (DataWrite, (ValueSource) -> String?) throws -> String?) {
            self.exists = exists
            self.write = write
        }

        /// For an app without data: every screen exists, and no write can be made.
        static var none: DataRunner { DataRunner(exists: { _ in true }, write: { _, _ in throw ActionRefused(message: DataWriter.notPossible) }) }
    }
}
