"""What Orca said on a page, and where that disagrees with the tree-walk transcript.

`Reading` holds the lines, each tagged with the key that made Orca say it; `is_noise` is the one
rule for what is left out of a reading; `disagreements` compares a reading with
`transcript.Line`s and returns what a reviewer should look at (a "needs review" finding, never a
failure)."""
import re
from dataclasses import asdict, dataclass, field

# Window titles: the page's title followed by the browser's name, said when the window or the
# document gets focus ("Pantry — Mozilla Firefox frame.", "Chromium frame.").
_WINDOW_TITLE = re.compile(r"(?:^|[\s—-])(?:Mozilla Firefox|Chromium)(?: frame| window)?\.?$")
# What the browser says whatever the page, as heard in Firefox ESR 128 and Chromium 13x: Orca
# starting, a load's progress, and the browser's chrome when focus reaches it (the address bar
# after Return, the first control past the page's last tab stop).
_BROWSER = [re.compile(pattern) for pattern in (
    r"^Screen reader on\.?$",
    r"^Loading\. Please wait\.?$",
    r"^Search with .+ or enter address\b",              # Firefox's address bar
    r"^Finished loading Omnibox Popup\.?$",             # Chromium's address bar suggestions
    r"^Firefox View toggle button\b",                   # Firefox's first toolbar button
    r"^View recent browsing across windows and devices\.?$",  # … and its description
    r"^Tab search push button\.?$",                     # Chromium's first toolbar button
    r"^Open a new tab \(Ctrl\+T\) menu button\.?$",      # Firefox's tab strip and toolbar
    r"^(?:Navigation|Browser tabs) tool bar$",
    r"^(?:Back|Forward|Reload) (?:menu )?button\.?$",
    r"^View site information push button\.?$",          # Chromium's toolbar and tab strip
    r"^Bookmark this tab push button\.?$",
    r"^Address and search bar\b",
    r" page tab\.?$",
    r"(?:^|\s)document web\.?$",                        # Firefox's document getting focus
)]


def is_noise(text: str, url: str = "") -> bool:
    """True for an utterance that does not depend on the page, which a reading leaves out:

    - the window's title: "… — Mozilla Firefox", "… - Chromium", "Chromium frame.";
    - Orca starting ("Screen reader on.") and the browser's load progress ("Loading. Please wait.");
    - the browser's chrome when focus reaches it: its address bar, and the toolbar button Tab
      reaches after the page's last tab stop (so a Tab that leaves the page says nothing).

    - the address being opened (`url`), or a part of it with a slash, read back by the address bar.

    "Finished loading <title>." is kept: it is how a listener learns the page's title."""
    text = " ".join(text.split())
    if url and "/" in text and text.rstrip(".") in url:
        return True
    return bool(_WINDOW_TITLE.search(text)) or any(pattern.search(text) for pattern in _BROWSER)


@dataclass(frozen=True)
class Said:
    """One utterance: the key that caused it (`load`, `Tab 3`, `H 2`, `say-all`), what was said, and
    how (`speak`: an announcement; `sayall`: a chunk of say-all)."""
    key: str
    text: str
    kind: str = "speak"

    def __str__(self):
        return f"{self.key:>8} │ {self.text}"


@dataclass
class Reading:
    """What Orca said on one page in one browser, in the order it said it; `seconds` is how long
    each part of the reading took (`load`, `tabs`, `headings`, `say-all`)."""
    url: str
    browser: str
    lines: list = field(default_factory=list)
    seconds: dict = field(default_factory=dict)

    def said(self, key_prefix: str = "") -> list:
        """The texts said after keys whose tag starts with `key_prefix` ("Tab", "H", "load", "say-all")."""
        return [line.text for line in self.lines if line.key.startswith(key_prefix)]

    def as_json(self) -> dict:
        return {"url": self.url, "browser": self.browser, "lines": [asdict(line) for line in self.lines],
                "seconds": self.seconds}


def normalized(text: str) -> str:
    """Lower case, one space, no trailing full stop: how two wordings of the same name are compared."""
    return " ".join(text.lower().split()).rstrip(".")


# The role a transcript line starts with, for the lines that announce a control or a heading.
_ROLE = re.compile(r"^(heading level \d|heading|edit|search edit|button|link|check box|radio button|combo box|switch|"
                   r"slider|spin button|tab|menu item|option|list box|group|radio group|status|alert|log|timer|marquee)"
                   r"(?:,|$)")
# States the tree promises, as Orca words them; each matched as a whole phrase ("checked" is not
# in "not checked"). Orca says a radio button is "selected" where the tree says checked.
STATES = {"required": r"\brequired\b", "invalid entry": r"\binvalid\b",
          "not checked": r"\bnot (?:checked|selected)\b", "checked": r"(?<!not )\b(?:checked|selected)\b",
          "expanded": r"\bexpanded\b", "collapsed": r"\bcollapsed\b"}
# A closed <select> is collapsed by nature; Orca says so only when it changes.
_UNSAID = {("combo box", "collapsed")}
_CONTROLS = {"edit", "search edit", "button", "link", "check box", "radio button", "combo box", "switch", "slider",
             "spin button", "tab", "menu item", "option", "list box"}
_LIVE = {"status", "alert", "log", "timer", "marquee"}


def _parts(says: str):
    """(role, states, name) of a transcript line: `edit, required, “Name”, “hint”` gives
    ("edit", ["required"], "Name"); a line of plain text gives ("", [], its text)."""
    match = _ROLE.match(says)
    if not match:
        return "", [], says
    role = match.group(1)
    quoted = re.findall(r"“([^”]*)”", says)
    states = [part.strip() for part in says[:says.find("“")].split(",")[1:] if part.strip()] if quoted else \
        [part.strip() for part in says.split(",")[1:]]
    return role, [state for state in states if state in STATES], quoted[0] if quoted else ""


def _spoken(name: str, lines: list) -> list:
    """The Orca lines that say `name`."""
    wanted = normalized(name)
    return [line for line in lines if wanted and wanted in normalized(line.text)]


def _focused(name: str, lines: list) -> list:
    """The lines after a Tab that start with `name`: Orca announcing the control Tab reached,
    not a container around it whose text happens to hold the name."""
    wanted = normalized(name)
    return [line for line in lines if line.key.startswith("Tab") and normalized(line.text).startswith(wanted)]


def _focus_words(line: Said, reading: Reading) -> str:
    """Everything said after the key that said `line`: Orca often says a state on a line of its own."""
    return " ".join(normalized(other.text) for other in reading.lines if other.key == line.key)


def disagreements(reading: Reading, tree_lines: list) -> list:
    """Where Orca did not say what the tree-walk transcript promises, conservatively (a name is
    compared as a case-insensitive substring, and a state only where the control was tabbed to):

    - a heading or a named control the tree has that Orca never said, after any key;
    - a state (required, invalid, checked, not checked, expanded, collapsed) of a control the tree
      has that Orca did not say after the Tab that reached it (a Tab whose first line starts
      with the control's name; a control Tab did not reach is not judged); a combo box's
      "collapsed" is not judged;
    - a group's label (a fieldset's legend) the tree has that Orca never said;
    - the content of a live region (status, alert, log) present at load that Orca did not say on load.

    Each is a dict: `what` happened, the `tree` line (its `str`) and the closest `orca` line (a
    `Said`'s `str`, or None)."""
    found = []
    for index, line in enumerate(tree_lines):
        role, states, name = _parts(line.says)
        if role.startswith("heading") or role in _CONTROLS or role in ("group", "radio group"):
            if not name:
                continue
            spoken = _spoken(name, reading.lines)
            if not spoken:
                kind = "heading" if role.startswith("heading") else "group label" if "group" in role else role
                found.append({"what": f"Orca never said the {kind} “{name}”", "tree": str(line), "orca": None})
                continue
            tabbed = _focused(name, spoken)
            for state in [state for state in states if (role, state) not in _UNSAID] if tabbed else []:
                if not any(re.search(STATES[state], _focus_words(said, reading)) for said in tabbed):
                    found.append({"what": f"Orca did not say “{state}” on tabbing to the {role} “{name}”",
                                  "tree": str(line), "orca": str(tabbed[0])})
        elif role in _LIVE:
            content = _live_content(tree_lines, index)
            if content and not _spoken(content.says, [said for said in reading.lines if said.key == "load"]):
                closest = _spoken(content.says, reading.lines)
                found.append({"what": f"Orca did not say the {role}'s content on load", "tree": str(content),
                              "orca": str(closest[0]) if closest else None})
    return found


def _live_content(tree_lines: list, index: int):
    """The line of text that follows a live region's line in the transcript, if its next line is text."""
    if index + 1 < len(tree_lines):
        following = tree_lines[index + 1]
        if not _ROLE.match(following.says) and not following.says.startswith(("list with", "table")):
            return following
    return None
