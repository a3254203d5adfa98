import FlowPages
import FlowPagesTestSupport
import FlowStore
import Foundation
import HTTPServer
import Navigation
import Synchronization

/// A small app folder built for the web layer's seams: a depth-limited stack, an action whose
/// effect mails once, and a screen whose template fails when rendered; served over a fresh
/// SQLite file with a clock the test moves.
final class DeskApp: Sendable {
    static let xml = """
        <app id="desk" title="Desk">
          <navigation><stack id="main" root="start" depth-limit="2"/></navigation>
          <routes>
            <route name="start" path="/start" title="Start" owner="main"/>
            <route name="next" path="/next" title="Next" owner="main"/>
            <route name="deeper" path="/deeper" title="Deeper" owner="main"/>
            <route name="broken" path="/broken" title="Broken" owner="main"/>
          </routes>
          <actions>
            <action id="mail"><effect name="mail-once"><on-success><navigate route="next"/></on-success></effect></action>
            <action id="next"><navigate route="next"/></action>
            <action id="deeper"><navigate route="deeper"/></action>
            <action id="broken"><navigate route="broken"/></action>
          </actions>
        </app>
        """

    /// Sends one mail inside the unit of work; before that, `racer` may save the session from
    /// outside, as another tab would between this request's read and its commit.
    struct MailOnce: Effect {
        let name = "mail-once"
        let summary = "mails once"
        let access = EffectAccess(writes: [.outbox])
        let racer: @Sendable () throws -> Void

        func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws {
            try racer()
        }

        func perform(_ call: EffectCall, prepared: Void, state: inout NavigationState, context: EffectContext,
                     in store: borrowing EffectStore) throws -> EffectOutcome {
            try store.sendMail(app: context.app.id, mailbox: context.dataKey, to: "someone@example.com", subject: "Hello", body: "Once", link: nil, now: context.now)
            return .success(values: [:])
        }
    }

    /// What a test turns and reads while the app runs; the mutexes let any request thread use them.
    final class Knobs: Sendable {
        /// How many times another tab saves before the next requests' commits (-1: every time).
        let races = Mutex(0)
        /// How many times the mailing effect was prepared: once per run of its request.
        let preparations = Mutex(0)
        /// The web layer's clock, in milliseconds since 1970.
        let time = Mutex<Int64>(1_800_000_000_000)
        /// What the web layer logged.
        let logged = Mutex<[String]>([])
    }

    let data: TestStore
    let router: Router
    let knobs = Knobs()

    init() throws {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: views.appendingPathComponent("desk"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        try Data(Self.xml.utf8).write(to: views.appendingPathComponent("desk/app.xml"))
        for (name, buttons) in [("start", ["mail", "next", "broken"]), ("next", ["deeper", "broken"]), ("deeper", [])] {
            let forms = buttons.map { "{{> _layout/button action=actions.\($0) label=\"Press \($0)\" class=\"primary\"}}" }.joined()
            let screen = "{{extends \"_layout/app\"}}{{#block \"content\"}}<p>The \(name) screen.</p>\(forms){{/block}}"
            try Data(screen.utf8).write(to: views.appendingPathComponent("desk/\(name).html"))
        }
        // A list is expected where the title is text: the template compiles and fails when rendered.
        let broken = "{{extends \"_layout/app\"}}{{#block \"content\"}}{{#each app.title as letter}}{{ letter }}{{/each}}{{/block}}"
        try Data(broken.utf8).write(to: views.appendingPathComponent("desk/broken.html"))
        data = try TestStore.fresh("desk")
        let store = data.store
        var effects = EffectRegistry.prototype
        let (data, knobs) = (data, knobs)
        effects.register(MailOnce {
            knobs.preparations.withLock { $0 += 1 }
            let race = knobs.races.withLock { count in
                defer { if count > 0 { count -= 1 } }
                return count != 0
            }
            if race { try data.execute("UPDATE sessions SET version = version + 1") }
        })
        let web = try WebApplication(views: views.path, publicFolder: views.appendingPathComponent("_layout").path, store: store,
                                     effects: effects, clock: WebClock { knobs.time.withLock { $0 } }, errorLog: { line in knobs.logged.withLock { $0.append(line) } })
        precondition(web.problems.isEmpty, "\(web.problems)")
        router = web.router
    }

    /// The mails sent so far.
    func mails() throws -> [MailMessage] {
        try data.store.read { try $0.outbox.messages(app: "desk", mailbox: nil, limit: 1000) }
    }
}

