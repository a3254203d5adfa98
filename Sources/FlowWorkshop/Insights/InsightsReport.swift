import FlowDefinition
import FlowPages
import FlowStore
import Foundation
import Navigation

/// What a prototype's traffic says over a range of days, read from the daily counts
/// (``EventCounts``): sessions, screen views with Back presses and median time on each screen,
/// the funnels `app.xml` tracks with their drop-off, and deep links by outcome.
struct InsightsReport {
    struct ScreenRow {
        let route: String
        let title: String
        let views: Int
        let backs: Int
        /// Back presses per view, 0 to 1 (or more, for Back pressed again and again).
        var backRate: Double { views == 0 ? 0 : Double(backs) / Double(views) }
        /// The median time on the screen before leaving it, in milliseconds (to within 10 %).
        let medianTime: Double?
    }

    struct FunnelStep {
        let number: Int
        let name: String
        let sessions: Int
        /// The share of the step before's sessions that did not reach this one; nil for the first.
        let dropOff: Double?
    }

    struct Funnel {
        let name: String
        let steps: [FunnelStep]
    }

    struct LinkRow {
        let pattern: String
        let opened: Int
        let succeeded: Int
        let failed: Int
        let fellBack: Int
    }

    /// What the app banner of a deep link's web fallback page led to (``AppBanner``).
    struct BannerRow {
        let pattern: String
        let shown: Int
        let openedInApp: Int
        let toStore: Int
        /// Claim codes given to people who asked for one.
        let given: Int
        let claimed: Int
    }

    /// The days, `2026-11-01` to `2026-11-30`, both included.
    let from: String
    let to: String
    let sessionsByDay: [(day: String, count: Int)]
    let screens: [ScreenRow]
    let funnels: [Funnel]
    let links: [LinkRow]
    let banners: [BannerRow]
    /// Events not recorded because a session or an address sent them faster than
    /// ``EventBudget`` records: what the other figures leave out.
    let droppedEvents: Int

    var sessions: Int { sessionsByDay.reduce(0) { $0 + $1.count } }

    init(app: AppDefinition, store: any WebStore, from: String, to: String) throws {
        self.from = from
        self.to = to
        func counts(_ metric: EventCounts.Metric, byDay: Bool = false) throws -> [EventCounts.Row] {
            try store.read { try $0.events.counts(app: app.id, metric: metric, from: from, to: to, byDay: byDay) }
        }
        sessionsByDay = try counts(.sessions, byDay: true).map { ($0.day ?? "", $0.count) }
        let views = Dictionary(try counts(.views).map { ($0.subject, $0.count) }, uniquingKeysWith: +)
        let backs = Dictionary(try counts(.backs).map { ($0.subject, $0.count) }, uniquingKeysWith: +)
        let dwell = Dictionary(grouping: try counts(.dwell), by: \.subject)
        let titles = Dictionary(app.navigation.routes.map { ($0.title, 1) }, uniquingKeysWith: +)
        screens = app.navigation.routes.map { route in
            let name = route.name.rawValue
            // Two screens of one title are told apart by their routes.
            let title = titles[route.title, default: 0] > 1 ? "\(Wording.readable(route.title)) (\(name))" : Wording.readable(route.title)
            return ScreenRow(route: name, title: title, views: views[name] ?? 0, backs: backs[name] ?? 0,
                             medianTime: dwell[name].flatMap(Self.median))
        }.sorted { ($0.views, $1.route) > ($1.views, $0.route) }
        let reached = Dictionary(try counts(.funnel).map { ("\($0.subject)\t\($0.detail.prefix { $0 != "\t" })", $0.count) }, uniquingKeysWith: +)
        funnels = Self.declaredFunnels(of: app).map { name, steps in
            var previous: Int?
            return Funnel(name: name, steps: steps.map { number, step in
                let sessions = reached["\(name)\t\(number)"] ?? 0
                defer { previous = sessions }
                let dropOff = previous.map { before in before == 0 ? 0 : max(0, Double(before - sessions) / Double(before)) }
                return FunnelStep(number: number, name: step, sessions: sessions, dropOff: dropOff)
            })
        }
        // Each link pattern's counts, summed by kind over the days asked for.
        var byPattern: [String: [String: Int]] = [:]
        for count in try store.read({ try $0.linkCounts.counts(app: app.id) }) where count.day >= from && count.day <= to {
            byPattern[count.pattern, default: [:]][count.kind, default: 0] += count.count
        }
        droppedEvents = byPattern[""]?[EventBudget.droppedKind] ?? 0
        links = byPattern.compactMap { pattern, kinds in
            let row = LinkRow(pattern: pattern, opened: kinds[EventKind.deepLinkOpened.rawValue, default: 0], succeeded: kinds[EventKind.deepLinkSuccess.rawValue, default: 0],
                              failed: kinds[EventKind.deepLinkFailure.rawValue, default: 0], fellBack: kinds[EventKind.deepLinkFallback.rawValue, default: 0])
            return row.opened + row.succeeded + row.failed + row.fellBack > 0 ? row : nil
        }.sorted { ($0.opened, $1.pattern) > ($1.opened, $0.pattern) }
        banners = byPattern.compactMap { pattern, kinds in
            func sum(_ outcome: FallbackOutcome) -> Int { kinds[outcome.kind, default: 0] }
            let row = BannerRow(pattern: pattern, shown: sum(.bannerShown), openedInApp: sum(.openInApp), toStore: sum(.store), given: sum(.codeGiven),
                                claimed: sum(.codeClaimed))
            return row.shown + row.openedInApp + row.toStore + row.given + row.claimed > 0 ? row : nil
        }.sorted { ($0.shown, $1.pattern) > ($1.shown, $0.pattern) }
    }

    /// The median of times counted in buckets: the middle bucket's geometric middle.
    static func median(_ buckets: [EventCounts.Row]) -> Double? {
        let sorted = buckets.sorted { $0.detail < $1.detail }
        let total = sorted.reduce(0) { $0 + $1.count }
        guard total > 0 else { return nil }
        var seen = 0
        for bucket in sorted {
            seen += bucket.count
            if seen * 2 >= total { return EventCounts.dwellEstimate(ofBucket: bucket.detail) }
        }
        return nil
    }

    /// The funnels `app.xml` tracks (`<track funnel step number>`), each step once, in order.
    static func declaredFunnels(of app: AppDefinition) -> [(name: String, steps: [(number: Int, name: String)])] {
        var steps: [String: [Int: String]] = [:]
        func walk(_ list: [ActionStep]) {
            for step in list {
                switch step {
                case .track(let funnel, let name, let number): steps[funnel, default: [:]][number] = steps[funnel]?[number] ?? name
                case .effect(_, _, let onSuccess, let onFailure):
                    walk(onSuccess)
                    walk(onFailure)
                default: break
                }
            }
        }
        for (_, action) in app.actions.sorted(by: { $0.key < $1.key }) { walk(action.steps) }
        return steps.keys.sorted().map { funnel in (funnel, steps[funnel]!.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) }
    }

    /// `2026-11-26`, or nil when `text` is not a date of that form.
    static func day(_ text: String?) -> String? {
        guard let text, text.count == 10, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return nil }
        let parts = text.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day) else { return nil }
        return text
    }

    /// The day `days` before `day` (UTC), by the same arithmetic the daily counts are kept by;
    /// `day` itself when it is not a day.
    static func day(_ days: Int, before day: String) -> String {
        guard let start = StoredEvent.time(ofDay: day) else { return day }
        return StoredEvent.day(of: start - Int64(days) * 86_400_000)
    }
}
