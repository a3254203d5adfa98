import FlowStore
import HTTPServer
import Navigation

/// What a checked post comes to, decided before anything is written; ``PostSpine`` carries it
/// out in its one commit and answers.
package enum PostAnswer {
    /// The session's state as a unit of work makes it: `state`, the events it logs and how it moved.
    package typealias Saved = (state: NavigationState, events: [StoredEvent], source: NavigationSource)

    /// The session moves to `state`; 303 to its current screen.
    case move(NavigationState, source: NavigationSource = .direct, events: [StoredEvent] = [])
    /// The page posted from was out of date: said there, nothing else changed; 303.
    case outOfDate
    /// One unit of work: `work` runs inside the commit's transaction (its effects' writes there)
    /// and returns the state saved with it by compare-and-swap; 303.
    case work((any StoreTransaction) throws -> Saved)
    /// The session ends (the prototype's Reset); answered with `response`.
    case endSession(HTTPResponse)
    /// The workshop's own records (an audit's reviews) written in one transaction by `write`,
    /// which returns the answer; the session is not changed.
    case write((any StoreTransaction) throws -> HTTPResponse)
    /// Nothing is written; answered with `response` (a refusal shown on the page).
    case respond(HTTPResponse)
    /// `answer` carried out, its response then passed through `finish` with the committed session
    /// (a device cookie remembering an account proven, a session the audit watches).
    indirect case finishing(PostAnswer, (SessionUnit, HTTPResponse) -> HTTPResponse)
}
