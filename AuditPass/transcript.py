"""What a screen reader announces on a page, in reading order, from Chromium's accessibility tree:
each line is what is said (role, name, state) with the landmark and the heading it is in. Not a
dump of the tree: containers that say nothing are passed through, a control's text is its name
(not repeated as text), and the runs of text in a block are read as one line, as a screen
reader's browse mode reads them."""
from dataclasses import dataclass

LANDMARKS = {"banner": "banner", "navigation": "navigation", "main": "main", "contentinfo": "content information",
             "complementary": "complementary", "search": "search", "region": "region", "form": "form"}
# Landmarks a screen reader announces only when they are named.
NAMED_ONLY = {"region", "form"}
SPOKEN = {"link": "link", "button": "button", "textbox": "edit", "searchbox": "search edit", "checkbox": "check box",
          "radio": "radio button", "combobox": "combo box", "switch": "switch", "slider": "slider",
          "spinbutton": "spin button", "tab": "tab", "menuitem": "menu item", "option": "option",
          "image": "graphic", "img": "graphic", "figure": "figure", "separator": "separator",
          "progressbar": "progress bar", "meter": "meter", "listbox": "list box",
          # A <summary>: a button that opens and closes its <details>.
          "DisclosureTriangle": "button"}
# Roles whose name is their content: nothing inside them is read again.
LEAVES = {"link", "button", "textbox", "searchbox", "checkbox", "radio", "combobox", "switch", "slider",
          "spinbutton", "tab", "menuitem", "option", "image", "img", "progressbar", "meter", "listbox",
          "DisclosureTriangle"}
# Where a run of text ends: the block it is read in.
BLOCKS = {"paragraph", "listitem", "cell", "gridcell", "rowheader", "columnheader", "row", "term", "definition",
          "DescriptionListTerm", "DescriptionListDetail", "caption", "LabelText", "blockquote", "group",
          "status", "alert", "dialog", "alertdialog", "list", "table", "article", "Section", "figure"} | set(LANDMARKS)
TEXT = {"StaticText"}
SKIPPED = {"InlineTextBox", "LineBreak"}


@dataclass(frozen=True)
class Line:
    """One announcement: what is said, and where the listener is."""
    landmark: str
    heading: str
    says: str

    def __str__(self):
        where = " › ".join(part for part in (self.landmark, self.heading) if part)
        return f"{where or '(page)'} │ {self.says}"

    def as_json(self):
        return {"landmark": self.landmark, "heading": self.heading, "says": self.says}


def _value(node, key):
    value = (node.get(key) or {}).get("value")
    return "" if value is None else str(value)


def _properties(node) -> dict:
    return {prop["name"]: (prop.get("value") or {}).get("value") for prop in node.get("properties") or []}


def quoted(text: str) -> str:
    return "“" + " ".join(str(text).split()) + "”"


def spoken_state(role: str, node: dict) -> list:
    """The states a screen reader adds to a control's role and name."""
    props = _properties(node)
    said = []
    if role in ("checkbox", "switch", "radio"):
        checked = props.get("checked")
        said.append("checked" if checked in ("true", True) else "half checked" if checked == "mixed" else "not checked")
    if props.get("pressed") in ("true", True):
        said.append("pressed")
    if "expanded" in props:
        said.append("expanded" if props["expanded"] else "collapsed")
    if props.get("hasPopup") not in (None, "false", False):
        said.append("has pop-up")
    if props.get("required"):
        said.append("required")
    if props.get("invalid") not in (None, "false", False):
        said.append("invalid entry")
    if props.get("disabled"):
        said.append("unavailable")
    if props.get("readonly"):
        said.append("read only")
    if props.get("selected") and role in ("tab", "option"):
        said.append("selected")
    return said


class Transcript:
    """Reads the nodes of `Accessibility.getFullAXTree` in order."""

    def __init__(self, nodes: list):
        self.by_id = {node["nodeId"]: node for node in nodes}
        self.lines = []
        self.landmarks = []
        self.heading = ""
        self.text = []
        # Inside a heading its text is its name, already said; a control in it is still read.
        self.in_heading = 0
        roots = [node for node in nodes if not node.get("parentId")]
        for root in roots:
            self._read(root)
        self._flush()

    def _say(self, says: str):
        self._flush()
        self._emit(says)

    def _emit(self, says: str):
        self.lines.append(Line(self.landmarks[-1] if self.landmarks else "", self.heading, says))

    def _flush(self):
        text = " ".join(" ".join(self.text).split())
        self.text = []
        if text:
            self._emit(text)

    def _children(self, node):
        for child in node.get("childIds") or []:
            if child in self.by_id:
                yield self.by_id[child]

    def _read(self, node):
        role = _value(node, "role")
        if role in SKIPPED:
            return
        if node.get("ignored"):
            for child in self._children(node):
                self._read(child)
            return
        name = _value(node, "name").strip()
        if role in TEXT:
            if name and not self.in_heading:
                self.text.append(name)
            return
        heading = self.heading
        entered = self._enter(role, name, node)
        if role in LEAVES:
            return
        self.in_heading += role == "heading"
        for child in self._children(node):
            self._read(child)
        self.in_heading -= role == "heading"
        if role in BLOCKS:
            self._flush()
        if entered:
            # Headings belong to the landmark they are in: outside it, the one before applies.
            self._flush()
            self.landmarks.pop()
            self.heading = heading

    def _enter(self, role: str, name: str, node: dict) -> bool:
        """Says what entering `node` announces; true when it opened a landmark."""
        description = _value(node, "description").strip()
        if role in LANDMARKS and (name or role not in NAMED_ONLY):
            label = f"{name} {LANDMARKS[role]}" if name else LANDMARKS[role]
            self._say(f"{label} landmark")
            self.landmarks.append(label)
            return True
        if role == "heading":
            level = _properties(node).get("level")
            self._say(f"heading level {level}, {quoted(name)}" if level else f"heading, {quoted(name)}")
            self.heading = name
        elif role in ("dialog", "alertdialog"):
            kind = "alert dialog" if role == "alertdialog" else "dialog"
            self._say(", ".join(part for part in (kind, quoted(name) if name else "", quoted(description) if description else "") if part))
        elif role in ("status", "alert", "log", "marquee", "timer"):
            live = _properties(node).get("live") or ("assertive" if role == "alert" else "polite")
            self._say(f"{role}, {live} live region")
        elif role == "list":
            items = sum(1 for child in self._children(node) if _value(child, "role") == "listitem")
            self._say(f"list with {items} item{'s' if items != 1 else ''}")
        elif role == "table":
            rows = self._count(node, "row")
            self._say(f"table{', ' + quoted(name) if name else ''} with {rows} row{'s' if rows != 1 else ''}")
        elif role in SPOKEN:
            if role in ("image", "img") and not name:
                return False
            value = _value(node, "value").strip()
            parts = [SPOKEN[role], *spoken_state(role, node)]
            if name:
                parts.append(quoted(name))
            if value and role not in ("link", "button"):
                parts.append(quoted(value))
            if description and description != name:
                parts.append(quoted(description))
            self._say(", ".join(parts))
        return False

    def _count(self, node, role: str) -> int:
        found = 0
        for child in self._children(node):
            if _value(child, "role") == role:
                found += 1
            elif _value(child, "role") in ("rowgroup", "generic", "none") or child.get("ignored"):
                found += self._count(child, role)
        return found


def transcript(nodes: list) -> list:
    """The page's announcements in reading order, as `Line`s."""
    return Transcript(nodes).lines


def describe_stop(nodes_by_backend: dict, backend_id: int) -> str:
    """A tab stop as a screen reader announces it on focus: role, state and name."""
    node = nodes_by_backend.get(backend_id)
    if node is None:
        return "(an element outside the accessibility tree)"
    role = _value(node, "role")
    name = _value(node, "name").strip()
    parts = [SPOKEN.get(role, role), *spoken_state(role, node)]
    if name:
        parts.append(quoted(name))
    value = _value(node, "value").strip()
    if value and role not in ("link", "button"):
        parts.append(quoted(value))
    return ", ".join(parts)
