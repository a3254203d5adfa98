import Foundation

/// The daily counts the insights dashboard and the flow map read, kept beside the events as
/// they are appended (in the same transaction), so a dashboard over a million events reads a few
/// hundred rows. Each count is an app's, a UTC day's, a metric's, about a subject (a screen, a
/// funnel) and a detail (the screen moved to, a step, a bucket of time).
public enum EventCounts {
    /// One count's identity.
    public struct Key: Hashable, Sendable {
        public let app: String
        public let day: String
        public let metric: Metric
        public let subject: String
        public let detail: String

        public init(app: String, day: String, metric: Metric, subject: String, detail: String = "") {
            self.app = app
            self.day = day
            self.metric = metric
            self.subject = subject
            self.detail = detail
        }
    }

    /// A count read back: its day (when asked for by day), subject, detail and number.
    public struct Row: Hashable, Sendable {
        public let day: String?
        public let subject: String
        public let detail: String
        public let count: Int

        public init(day: String?, subject: String, detail: String, count: Int) {
            self.day = day
            self.subject = subject
            self.detail = detail
            self.count = count
        }
    }

    /// What is counted.
    public enum Metric: String, Hashable, Sendable, CaseIterable {
        /// Sessions started; subject and detail empty.
        case sessions
        /// Views of the screen `subject`.
        case views
        /// Moves from the screen `subject` to the screen `detail`.
        case moves
        /// Presses of Back on the screen `subject`.
        case backs
        /// Times on the screen `subject` before leaving it, in the bucket `detail` (see ``dwellBucket(_:)``).
        case dwell
        /// Sessions that reached step `detail` (`3\tVerify Email`) of the funnel `subject`, once each.
        case funnel
    }

    /// The counts `events` add, but for funnel steps, which count once per session and so need
    /// the store to know whether the session reached the step before.
    public static func increments(of events: [StoredEvent]) -> [Key: Int] {
        var counts: [Key: Int] = [:]
        for event in events {
            let day = StoredEvent.day(of: event.time)
            switch event.eventKind {
            case .screenView:
                guard let screen = event.screen else { continue }
                counts[Key(app: event.app, day: day, metric: .views, subject: screen), default: 0] += 1
                if let previous = event.previousScreen {
                    counts[Key(app: event.app, day: day, metric: .moves, subject: previous, detail: screen), default: 0] += 1
                    if let dwell = event.dwell {
                        counts[Key(app: event.app, day: day, metric: .dwell, subject: previous, detail: dwellBucket(dwell)), default: 0] += 1
                    }
                }
            case .backButtonPressed:
                guard let screen = event.screen else { continue }
                counts[Key(app: event.app, day: day, metric: .backs, subject: screen), default: 0] += 1
            default:
                break
            }
        }
        return counts
    }

    /// The funnel step an event is, as the count it adds for a session that had not reached it.
    public static func funnelStep(of event: StoredEvent) -> Key? {
        guard event.eventKind == .funnelStep, let funnel = event.funnel, let number = event.stepNumber else { return nil }
        return Key(app: event.app, day: StoredEvent.day(of: event.time), metric: .funnel, subject: funnel, detail: "\(number)\t\(event.step ?? "")")
    }

    /// A deep-link event as the link count it adds (the same counts visitors without a session
    /// add, see ``LinkCount``); nil for other events, and for a fallback page's outcome (its
    /// app banner's), which is counted as it happens whoever the visitor is.
    public static func linkCount(of event: StoredEvent) -> LinkCount? {
        guard event.eventKind?.isDeepLink == true, event.outcome == nil, let pattern = event.pattern else { return nil }
        return LinkCount(app: event.app, pattern: pattern, day: StoredEvent.day(of: event.time), kind: event.kind, count: 1)
    }

    /// Times are counted in buckets a quarter of a doubling wide, from a quarter of a second up:
    /// bucket `k` holds `250 · 2^(k/4)` to `250 · 2^((k+1)/4)` milliseconds, so a median read
    /// from them is right to within 10 %. Written with two digits, so buckets sort as text.
    public static func dwellBucket(_ milliseconds: Int64) -> String {
        let bucket = milliseconds < 250 ? 0 : min(maximumBucket, Int((4 * log2(Double(milliseconds) / 250)).rounded(.down)))
        return bucket < 10 ? "0\(bucket)" : "\(bucket)"
    }

    /// The last bucket: from an hour and eight minutes on.
    public static let maximumBucket = 56

    /// A time in the middle of bucket `detail` (its geometric mean), in milliseconds.
    public static func dwellEstimate(ofBucket detail: String) -> Double {
        250 * pow(2, (Double(Int(detail) ?? 0) + 0.5) / 4)
    }
}
