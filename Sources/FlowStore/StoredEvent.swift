/// An analytics event as stored: what happened, on which screen, coming from where, and the
/// facts of its kind as fields of their own (seed 000 §13), so they can be counted in SQL.
public struct StoredEvent: Hashable, Sendable {
    /// Milliseconds since 1970.
    public var time: Int64
    public var app: String
    /// An ``EventKind``'s raw value: `screen_view`, `back_button_pressed`, `deep_link_opened`…
    public var kind: String
    public var screen: String?
    public var previousScreen: String?
    /// How the screen was reached: `direct`, `deep_link`, `tab_switch`, `back_navigation`…
    public var source: String?
    /// What else there is to say, free text: the alert an `error_shown` showed.
    public var detail: String?
    /// A `funnel_step`'s funnel, the step's name and its number in the funnel.
    public var funnel: String?
    public var step: String?
    public var stepNumber: Int?
    /// A `back_button_pressed`'s stack depth: the screens on the trail it was pressed on.
    public var depth: Int?
    /// A deep link's URL without its query (a token is a secret, not analytics), and the path
    /// pattern of the route it names (`/auth/reset-password`), or `(unknown)`.
    public var link: String?
    public var pattern: String?
    /// A `screen_view`'s time on the screen before it, in milliseconds, when the session knows it.
    public var dwell: Int64?
    /// A `deep_link_fallback`'s outcome on the web fallback page: `banner_shown`, `open_in_app`,
    /// `store`, `code_claimed`, `dismissed`.
    public var outcome: String?

    public init(
        time: Int64, app: String, kind: String, screen: String? = nil, previousScreen: String? = nil, source: String? = nil,
        detail: String? = nil, funnel: String? = nil, step: String? = nil, stepNumber: Int? = nil, depth: Int? = nil,
        link: String? = nil, pattern: String? = nil, dwell: Int64? = nil, outcome: String? = nil
    ) {
        self.time = time
        self.app = app
        self.kind = kind
        self.screen = screen
        self.previousScreen = previousScreen
        self.source = source
        self.detail = detail
        self.funnel = funnel
        self.step = step
        self.stepNumber = stepNumber
        self.depth = depth
        self.link = link
        self.pattern = pattern
        self.dwell = dwell
        self.outcome = outcome
    }

    /// An event of `kind` (the other facts as in the designated initializer).
    public init(time: Int64, app: String, kind: EventKind, screen: String? = nil, previousScreen: String? = nil, source: String? = nil,
                detail: String? = nil, dwell: Int64? = nil) {
        self.init(time: time, app: app, kind: kind.rawValue, screen: screen, previousScreen: previousScreen, source: source, detail: detail, dwell: dwell)
    }

    /// Its kind, when it is one this code records.
    public var eventKind: EventKind? { EventKind(rawValue: kind) }

    /// The longest ``link`` kept, in UTF-8 bytes: longer ones are cut there, ending in `…`.
    public static let linkLimit = 512

    /// `link` as an event keeps it: at most ``linkLimit`` bytes, cut between characters.
    public static func clipped(link: String) -> String {
        guard link.utf8.count > linkLimit else { return link }
        var kept = Substring(link).prefix(linkLimit - 3)
        while kept.utf8.count > linkLimit - 3 { kept = kept.dropLast() }
        return kept + "…"
    }

    /// The first millisecond of a UTC day written as ``day(of:)`` writes it (`2026-11-26`); nil for
    /// text that is not such a day. Howard Hinnant's days-from-civil, the inverse of ``day(of:)``.
    public static func time(ofDay day: String) -> Int64? {
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard day.utf8.count == 10, parts.count == 3, let year = Int64(parts[0]), let month = Int64(parts[1]), let date = Int64(parts[2]),
              (1...12).contains(month), (1...31).contains(date) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + date - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return (era * 146_097 + doe - 719_468) * 86_400_000
    }

    /// The UTC day of `time`, as `2026-11-26`: what the daily counts are kept by.
    public static func day(of time: Int64) -> String {
        let days = time >= 0 ? time / 86_400_000 : (time - 86_399_999) / 86_400_000
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
