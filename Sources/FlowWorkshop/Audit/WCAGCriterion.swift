import FlowPages

/// A success criterion of WCAG 2.2 that an audit judges: every one of levels A and AA, and
/// 2.3.3 (AAA), which FlowPages' transitions between screens make worth judging.
struct WCAGCriterion: Hashable, Sendable {
    let number: String
    let name: String
    let level: String

    /// How to test it in a state, in one line: what to do with the browser, keyboard and screen
    /// reader, and what passes.
    var howToTest: String { Self.tests[number] ?? "" }

    /// Its section in the WCAG 2.2 recommendation, as EARL and the report link it.
    var url: String {
        "https://www.w3.org/TR/WCAG22/#" + name.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }

    static func named(_ number: String) -> WCAGCriterion? { byNumber[number] }

    private static let byNumber = Dictionary(uniqueKeysWithValues: all.map { ($0.number, $0) })

    private static let tests: [String: String] = [
        "1.1.1": "With the screen reader, move to every image and icon: each says what it shows or does, and a decorative one is skipped.",
        "1.2.1": "Play each audio or video-only clip: a transcript or an audio track gives the same information.",
        "1.2.2": "Play each prerecorded video with sound: captions show all speech and meaningful sounds.",
        "1.2.3": "Play each prerecorded video: an audio description or a full text alternative tells what is only seen.",
        "1.2.4": "For live video with sound, captions appear as it plays.",
        "1.2.5": "Play each prerecorded video: what is only seen is described in its audio.",
        "1.3.1": "Move by headings, landmarks, lists and form fields: the structure read out is the structure seen; each field's label and group are announced.",
        "1.3.2": "Read the page from the top with the screen reader (say-all): the order makes sense, the sheet before what lies beneath it.",
        "1.3.3": "Read the instructions: none relies only on shape, position, colour or sound (“the button on the right”).",
        "1.3.4": "Turn the device or narrow the window to portrait and landscape: the page works in both.",
        "1.3.5": "Inspect each field about the person (name, email, phone, password): it carries the autocomplete value for its purpose.",
        "1.4.1": "Look for information given by colour alone (an error only red, a link only by colour): something else says it too.",
        "1.4.2": "Open the state with sound on: audio that plays by itself for over three seconds can be paused or turned down.",
        "1.4.3": "Measure text against its background, light and dark: 4.5:1 for normal text, 3:1 for large.",
        "1.4.4": "Zoom the browser to 200 %: all text grows and nothing is cut off or overlaps.",
        "1.4.5": "Look for text drawn as an image: there is none, except a logo.",
        "1.4.10": "Make the window 320 CSS pixels wide (or zoom to 400 %): nothing scrolls sideways and nothing is lost.",
        "1.4.11": "Measure the borders of fields and buttons, focus rings and icons against what is next to them: 3:1.",
        "1.4.12": "Apply the text-spacing bookmarklet (line height 1.5, letter 0.12, word 0.16, paragraph 2): nothing is cut off.",
        "1.4.13": "Hover and focus everything that shows extra content: it can be dismissed with Escape, hovered itself, and stays until dismissed.",
        "2.1.1": "Put the mouse away: every link, button, field and tab works with Tab, Shift+Tab, Enter, Space and the arrow keys.",
        "2.1.2": "Tab through a sheet, an alert and every form: focus can always leave by the keyboard (Close, Escape, or Tab on).",
        "2.1.4": "Press single letters outside a field: nothing happens unless the shortcut can be turned off or changed.",
        "2.2.1": "Wait on the state without touching anything: a message that fades (a toast) can be read in full, or its content is kept elsewhere.",
        "2.2.2": "Look for anything that moves, blinks or updates by itself for more than five seconds: it can be paused or hidden.",
        "2.3.1": "Look for flashing: nothing flashes more than three times a second.",
        "2.3.3": "Turn on “reduce motion” in the system: moving between screens does not slide.",
        "2.4.1": "Press Tab once on arrival: a “Skip to content” link comes first and works; landmarks let the screen reader jump to the main content.",
        "2.4.2": "Listen to the page title on arrival: it names this screen and the app, and differs from every other screen's.",
        "2.4.3": "Tab through the page: focus moves in an order that keeps meaning, into a sheet first and back where it was when it closes.",
        "2.4.4": "List the links (Insert+F7 in NVDA, the rotor in VoiceOver): each says where it goes, with its sentence around it at most.",
        "2.4.5": "Find a second way to this screen besides the way you came (the tab bar, a search, a list of screens).",
        "2.4.6": "Read every heading and label: each says what its section or field is about.",
        "2.4.7": "Tab through the page, light and dark: the focused element always shows a visible outline.",
        "2.4.11": "Tab through the page: the focused element is never hidden behind a sticky bar, a sheet or a banner.",
        "2.5.1": "Look for gestures with several fingers or a path: each can be done with one tap.",
        "2.5.2": "Press on a button and slide off before letting go: nothing happens.",
        "2.5.3": "Compare each button's and link's visible text with its spoken name: the name contains the visible text.",
        "2.5.4": "Look for anything done by shaking or tilting the device: it can be done by a control too.",
        "2.5.7": "Look for dragging: everything dragged can be done with single taps too.",
        "2.5.8": "Measure targets: each is at least 24 by 24 CSS pixels, or has that much space around it.",
        "3.1.1": "Check the page's language is spoken right by the screen reader (the html lang attribute).",
        "3.1.2": "Find text in another language: the screen reader switches voice for it (a lang attribute on it).",
        "3.2.1": "Tab onto every control: focus alone never submits a form or opens something else.",
        "3.2.2": "Change every field, choice and box without pressing a button: nothing is sent and the screen does not change.",
        "3.2.3": "Compare with other screens: the tab bar, bar buttons and skip link are in the same place and order.",
        "3.2.4": "Compare with other screens: the same function (Back, Close, Save) has the same name everywhere.",
        "3.2.6": "Where help is offered (a contact, a help link), it is in the same place on every screen.",
        "3.3.1": "Send each form with mistakes: the error is said in text, announced, and tied to its field (the field is marked invalid).",
        "3.3.2": "Listen to each field: its label, its hint and the format it expects are read before typing.",
        "3.3.3": "Read each error message: it says how to put the mistake right.",
        "3.3.4": "For a form that changes data or money: it can be reviewed, corrected or undone, or asks to confirm.",
        "3.3.7": "Go through a multi-step form: nothing entered before is asked again, or it is filled in or can be chosen.",
        "3.3.8": "Sign in with a password manager and by pasting: both work, and no puzzle or memory test is asked.",
        "4.1.2": "Move to every control with the screen reader: its name, role and state (checked, expanded, selected, invalid) are announced.",
        "4.1.3": "Trigger every message (a toast, an error summary, a status): the screen reader announces it without focus moving to it.",
    ]

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
