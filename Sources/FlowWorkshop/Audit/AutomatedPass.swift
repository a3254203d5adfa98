import FlowPages
import Foundation

/// An automated pass (`flowpages audit`'s `results.json`) attached to an audit, read by state: what
/// it found (each finding with the WCAG criteria it fails), what axe left for a person to judge,
/// what a screen reader says in reading order, and the tab stops.
struct AutomatedPass {
    /// One finding: what it says, the WCAG criteria it fails (none for a markup error), and the
    /// template line that made it.
    struct Finding {
        /// "axe color-contrast at #total (light, dark; serious): Fix …".
        let text: String
        let criteria: [String]
        /// "pantry/item.html:9", with the shared partial that wrote it ("… via _layout/button.html:1");
        /// empty when the pass could not tell (a pass without the server's source maps).
        let template: String
    }

    struct StateResult {
        let findings: [Finding]
        /// What axe could not decide, for a person to judge.
        let needsReview: [Finding]
        /// "main › Balances │ link, “Checking”".
        let transcript: [String]
        let tabStops: [String]
    }

    /// When it was attached (milliseconds since 1970) and when it ran (as the pass wrote it).
    let attached: Int64
    let started: String
    let finished: Bool
    let states: [String: StateResult]

    /// Reads `text` as the results of a pass over `app`; nil, with why, when it is not one.
    static func read(_ text: String, app: String, attached: Int64) -> Result<AutomatedPass, Refusal> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)), let document = object as? [String: Any],
              let states = document["states"] as? [[String: Any]] else {
            return .failure(Refusal("That is not the results.json of an automated pass (flowpages audit writes it into its folder)."))
        }
        guard document["app"] as? String == app else {
            return .failure(Refusal("That pass is of \(document["app"] as? String ?? "another app"), not of \(app)."))
        }
        var byState: [String: StateResult] = [:]
        for state in states {
            guard let id = state["id"] as? String else { continue }
            func findings(_ key: String) -> [Finding] {
                (state[key] as? [[String: Any]] ?? []).map { problem in
                    let qualifiers = [(problem["schemes"] as? [String] ?? []).joined(separator: ", "), problem["impact"] as? String ?? ""].filter { !$0.isEmpty }
                    let text = "\(problem["check"] as? String ?? "") \(problem["rule"] as? String ?? "") at \(problem["where"] as? String ?? "")"
                        + (qualifiers.isEmpty ? "" : " (\(qualifiers.joined(separator: "; ")))") + ": \(problem["fix"] as? String ?? "")"
                    let (made, through) = (problem["template"] as? String ?? "", problem["through"] as? String ?? "")
                    return Finding(text: text, criteria: (problem["criteria"] as? [String] ?? []).filter { WCAGCriterion.named($0) != nil },
                                   template: made.isEmpty || through.isEmpty ? made : "\(made) via \(through)")
                }
            }
            let transcript = (state["transcript"] as? [[String: Any]] ?? []).map { line in
                let place = [line["landmark"] as? String, line["heading"] as? String].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " › ")
                return "\(place.isEmpty ? "(page)" : place) │ \(line["says"] as? String ?? "")"
            }
            byState[id] = StateResult(findings: findings("problems"), needsReview: findings("needsReview"), transcript: transcript,
                                      tabStops: state["tabStops"] as? [String] ?? [])
        }
        return .success(AutomatedPass(attached: attached, started: document["started"] as? String ?? "",
                                      finished: document["finished"] as? Bool ?? false, states: byState))
    }

    /// Why a file is not a pass of this app.
    struct Refusal: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
