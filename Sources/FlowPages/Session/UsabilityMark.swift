import Foundation
import Navigation

/// Where a tester of a usability test is, kept in their session's state as one flag (flags
/// outlive a sign-out and a start over): which tester (their token), which test, where they are
/// in it, the try under way while they are in the app, and what the mission's region says —
/// "Mission 2 of 3" and the task. A session holding one is a tester's: its pages show the region
/// instead of the prototype's tools, its screens are recorded in the try (``SessionSave``), and
/// the team's pages answer it 404.
package struct UsabilityMark: Hashable, Sendable {
    /// Where in the test a tester is.
    package enum Place: Hashable, Sendable {
        /// On the mission with this id: its brief, or the app during a try.
        case mission(String)
        /// Past the missions, on the questions.
        case questions
        /// Done: the questions answered.
        case finished
    }

    /// The tester's own token, as the store knows them (``FlowStore/UsabilityReads/tester(token:)``).
    package var token: String
    /// The test's id in the app.
    package var test: String
    package var place: Place
    /// The ids of the missions the tester has done or given up, in order.
    package var done: [String]
    /// The try under way: nil on a mission's brief and after the missions.
    package var attempt: Int64?
    /// The mission's number and how many the test has, as the region says them.
    package var number: Int
    package var missions: Int
    /// What the tester is asked to do in the try under way.
    package var task: String

    private static let prefix = "flowpages.tester="
    /// ASCII letters and digits: everything else in a task is percent-encoded.
    private static let unencoded = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// A tester's place.
    package init(token: String, test: String, place: Place, done: [String] = [], attempt: Int64? = nil, number: Int = 0, missions: Int = 0, task: String = "") {
        (self.token, self.test, self.place, self.done, self.attempt) = (token, test, place, done, attempt)
        (self.number, self.missions, self.task) = (number, missions, task)
    }

    /// The tester's place kept in `state`, when the session is a tester's.
    package init?(in state: NavigationState) {
        guard !state.flags.isEmpty, let flag = state.flags.first(where: { $0.hasPrefix(Self.prefix) }) else { return nil }
        // Split by bytes: a task's text is percent-encoded, so no space is in it.
        let parts = flag.utf8.dropFirst(Self.prefix.utf8.count).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { Substring($0) }
        guard parts.count == 8, let number = Int(parts[4]), let missions = Int(parts[5]) else { return nil }
        let place: Place
        switch parts[2] {
        case "questions": place = .questions
        case "finished": place = .finished
        case let mission where mission.hasPrefix("m:"): place = .mission(String(mission.dropFirst(2)))
        default: return nil
        }
        self.init(token: String(parts[0]), test: String(parts[1]), place: place, done: parts[7].split(separator: ",").map(String.init),
                  attempt: Int64(parts[3]), number: number, missions: missions, task: String(parts[6]).removingPercentEncoding ?? "")
    }

    /// Keeps `mark` in `state` in place of any kept before; nil takes it away.
    package static func set(_ mark: UsabilityMark?, in state: inout NavigationState) {
        state.flags = state.flags.filter { !$0.hasPrefix(prefix) }
        guard let mark else { return }
        let place = switch mark.place {
        case .mission(let id): "m:" + id
        case .questions: "questions"
        case .finished: "finished"
        }
        let task = mark.task.addingPercentEncoding(withAllowedCharacters: Self.unencoded) ?? ""
        let fields = [mark.token, mark.test, place, mark.attempt.map { String($0) } ?? "-", String(mark.number), String(mark.missions), task,
                      mark.done.joined(separator: ",")]
        state.flags.insert(prefix + fields.joined(separator: " "))
    }
}
