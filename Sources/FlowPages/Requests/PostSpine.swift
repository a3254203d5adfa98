import FlowStore
import HTTPServer
import Navigation

/// The one way a post is answered, whatever posts it — an action, Back, a tab, the prototype's
/// tools, the app banner, the audit's pages: checked (same origin, the session's CSRF token),
/// decided as a ``PostAnswer``, carried out in one commit (``carryOut(_:unit:now:request:)``),
/// answered — all again on the newer state when another request of the session saved first.
package struct PostSpine {
    let services: AppServices

    /// The spine of the posts to `services`' app.
    package init(services: AppServices) {
        self.services = services
    }

    /// A checked post: its session, allowed to write; the posted form; when it arrived; and
    /// whether the form was shown before the session's id last rotated (sign-in, sign-out): such
    /// a post is out of date (DECISIONS 2) and may change nothing but say so.
    package struct Checked {
        /// The session, allowed to write.
        package var unit: SessionUnit
        /// The posted form.
        package let form: [String: String]
        /// When the post arrived, in milliseconds since 1970.
        package let now: Int64
        /// Whether the form was shown before the session's id last rotated.
        package let isOutOfDate: Bool
        /// The request as it came.
        package let request: HTTPRequest
    }

    /// Checks `request`, decides with `decide` and carries the answer out.
    package func handle(_ request: HTTPRequest, _ decide: (inout Checked) throws -> PostAnswer) throws -> HTTPResponse {
        try services.retryingConflicts {
            let (unit, form, now, isOutOfDate) = try services.openCheckedPost(request)
            var post = Checked(unit: unit, form: form, now: now, isOutOfDate: isOutOfDate, request: request)
            let answer = try decide(&post)
            return try carryOut(answer, unit: &post.unit, now: now, request: request)
        }
    }

    /// The one commit of a post (and of the audit pass's one-time addresses, checked by their
    /// token instead): `answer` written, then the response — 303 to the session's current screen
    /// unless the answer gives its own — with the session's cookie when it changed.
    package func carryOut(_ answer: PostAnswer, unit: inout SessionUnit, now: Int64, request: HTTPRequest) throws -> HTTPResponse {
        switch answer {
        case .move(let state, let source, let events):
            try unit.commit(state, source: source, events: events, now: now)
        case .outOfDate:
            try unit.commitOutOfDate(now: now)
        case .work(let work):
            try unit.perform(now: now, work)
        case .endSession(let response):
            let id = unit.id
            try services.store.transaction { try $0.sessions.end(id: id) }
            return response
        case .write(let write):
            return unit.finish(try services.store.transaction(write), request: request)
        case .respond(let response):
            return unit.finish(response, request: request)
        case .finishing(let answer, let finish):
            let response = try carryOut(answer, unit: &unit, now: now, request: request)
            return finish(unit, response)
        }
        return unit.redirectToCurrentScreen(request)
    }
}
