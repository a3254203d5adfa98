import Foundation
import Navigation

/// Where a tester of a usability test is, kept in their session's state as one flag (flags
/// outlive a sign-out and a start over): which tester (their token), which test, the mission they
/// are on (its index; the test's mission count once all are behind them), the try under way while
/// they are in the app, and what the mission's region says — how many missions there are and the
/// task. A session holding one is a tester's: its pages show the region instead of the prototype's
/// tools, its screens are recorded in the try (``SessionSave``), and the team's pages answer it 404.
package struct UsabilityMark: Hashable, Sendable {
    /// The tester's own token, as the store knows them (``FlowStore/UsabilityReads/tester(token:)``).
    package var token: String
    /// The test's id in the app.
    package var test: String
    /// The index of the mission the tester is on.
    package var mission: Int
    /// The try under way: nil on a mission's brief and after the missions.
    package var attempt: Int64?
    /// How many missions the test has.
    package var missions: Int
    /// What the tester is asked to do in the try under way.
    package var task: String

    private static let prefix = "flowpages.tester="

    /// A tester's place.
    package init(token: String, test: String, mission: Int, attempt: Int64? = nil, missions: Int, task: String = "") {
        (self.token, self.test, self.mission, self.attempt, self.missions, self.task) = (token, test, mission, attempt, missions, task)
    }

    /// The tester's place kept in `state`, when the session is a tester's.
    package init?(in state: NavigationState) {
        guard !state.flags.isEmpty, let flag = state.flags.first(where: { $0.hasPrefix(Self.prefix) }) else { return nil }
        let parts = flag.dropFirst(Self.prefix.count).split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 6, let mission = Int(parts[2]), let missions = Int(parts[4]) else { return nil }
        self.init(token: String(parts[0]), test: String(parts[1]), mission: mission, attempt: Int64(parts[3]), missions: missions,
                  task: String(parts[5]).removingPercentEncoding ?? "")
    }

    /// Keeps `mark` in `state` in place of any kept before; nil takes it away.
    package static func set(_ mark: UsabilityMark?, in state: inout NavigationState) {
        state.flags = state.flags.filter { !$0.hasPrefix(prefix) }
        guard let mark else { return }
        let task = mark.task.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        state.flags.insert(prefix + [mark.token, mark.test, String(mark.mission), mark.attempt.map { String($0) } ?? "-", String(mark.missions), task]
            .joined(separator: " "))
    }
}
