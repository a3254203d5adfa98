/// A success criterion of WCAG 2.2 that an audit judges: every one of levels A and AA, and
/// 2.3.3 (AAA), which FlowPages' transitions between screens make worth judging.
struct WCAGCriterion: Hashable, Sendable {
    let number: String
    let name: String
    let level: String

    /// Its section in the WCAG 2.2 recommendation, as EARL and the report link it.
    var url: String {
        "https://www.w3.org/TR/WCAG22/#" + name.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }

    static func named(_ number: String) -> WCAGCriterion? { byNumber[number] }

    private static let byNumber = Dictionary(uniqueKeysWithValues: all.map { ($0.number, $0) })

    /// In the recommendation's order.
    static let all: [WCAGCriterion] = [
        ("1.1.1", "Non-text Content", "A"), ("1.2.1", "Audio-only and Video-only (Prerecorded)", "A"),
        ("1.2.2", "Captions (Prerecorded)", "A"), ("1.2.3", "Audio Description or Media Alternative (Prerecorded)", "A"),
        ("1.2.4", "Captions (Live)", "AA"), ("1.2.5", "Audio Description (Prerecorded)", "AA"),
        ("1.3.1", "Info and Relationships", "A"), ("1.3.2", "Meaningful Sequence", "A"), ("1.3.3", "Sensory Characteristics", "A"),
        ("1.3.4", "Orientation", "AA"), ("1.3.5", "Identify Input Purpose", "AA"),
        ("1.4.1", "Use of Color", "A"), ("1.4.2", "Audio Control", "A"), ("1.4.3", "Contrast (Minimum)", "AA"),
        ("1.4.4", "Resize Text", "AA"), ("1.4.5", "Images of Text", "AA"), ("1.4.10", "Reflow", "AA"),
        ("1.4.11", "Non-text Contrast", "AA"), ("1.4.12", "Text Spacing", "AA"), ("1.4.13", "Content on Hover or Focus", "AA"),
        ("2.1.1", "Keyboard", "A"), ("2.1.2", "No Keyboard Trap", "A"), ("2.1.4", "Character Key Shortcuts", "A"),
        ("2.2.1", "Timing Adjustable", "A"), ("2.2.2", "Pause, Stop, Hide", "A"),
        ("2.3.1", "Three Flashes or Below Threshold", "A"), ("2.3.3", "Animation from Interactions", "AAA"),
        ("2.4.1", "Bypass Blocks", "A"), ("2.4.2", "Page Titled", "A"), ("2.4.3", "Focus Order", "A"),
        ("2.4.4", "Link Purpose (In Context)", "A"), ("2.4.5", "Multiple Ways", "AA"), ("2.4.6", "Headings and Labels", "AA"),
        ("2.4.7", "Focus Visible", "AA"), ("2.4.11", "Focus Not Obscured (Minimum)", "AA"),
        ("2.5.1", "Pointer Gestures", "A"), ("2.5.2", "Pointer Cancellation", "A"), ("2.5.3", "Label in Name", "A"),
        ("2.5.4", "Motion Actuation", "A"), ("2.5.7", "Dragging Movements", "AA"), ("2.5.8", "Target Size (Minimum)", "AA"),
        ("3.1.1", "Language of Page", "A"), ("3.1.2", "Language of Parts", "AA"),
        ("3.2.1", "On Focus", "A"), ("3.2.2", "On Input", "A"), ("3.2.3", "Consistent Navigation", "AA"),
        ("3.2.4", "Consistent Identification", "AA"), ("3.2.6", "Consistent Help", "A"),
        ("3.3.1", "Error Identification", "A"), ("3.3.2", "Labels or Instructions", "A"), ("3.3.3", "Error Suggestion", "AA"),
        ("3.3.4", "Error Prevention (Legal, Financial, Data)", "AA"), ("3.3.7", "Redundant Entry", "A"),
        ("3.3.8", "Accessible Authentication (Minimum)", "AA"),
        ("4.1.2", "Name, Role, Value", "A"), ("4.1.3", "Status Messages", "AA"),
    ].map { WCAGCriterion(number: $0.0, name: $0.1, level: $0.2) }
}
