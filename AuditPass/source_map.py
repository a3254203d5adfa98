"""Which template line made a finding's markup. The audit's server keeps, for each session, the
source map of the last page it rendered (`/<app>/_audit/source-map`: which template line wrote
which bytes; nothing is added to the markup). A page's map is fetched with the browser's own
cookies right after the page is loaded, and kept only when its SHA-256 is that of the served HTML
the audit read. A finding then reaches a byte of that HTML: a Nu checker message by its line and
column, an element by its index among the elements of its tag name in the DOM, which is its
index among the start tags of that name in the served HTML."""
import hashlib
import json
import urllib.error
import urllib.request
from html.parser import HTMLParser

from selenium.common.exceptions import WebDriverException

SHARED = "_layout/"


class StartTags(HTMLParser):
    """The position (line from 1, column from 0, in characters) of every start tag, by tag name."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags = {}
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.setdefault(tag.lower(), []).append(self.getpos())


class PageSource:
    """A page as served, and its source map when the server kept the map of exactly these bytes."""

    def __init__(self, html: str, source_map: dict = None):
        self.html = html
        self.entries = (source_map or {}).get("entries", [])
        self._starts = None
        self._tags = None

    @classmethod
    def fetch(cls, browser, html: str) -> "PageSource":
        """The map of `html`, the page `browser` shows now, from the server that served it; a page
        without one (a server with the prototype off, or one that answered another page since)
        has no template lines."""
        app = browser.path.lstrip("/").split("/", 1)[0].split("?", 1)[0]
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in browser.driver.get_cookies())
        # A server serving the pages as shipped for the pass answers its key alone.
        key = getattr(browser, "audit_key", None)
        request = urllib.request.Request(f"{browser.base}/{app}/_audit/source-map",
                                         headers={"Cookie": cookies, **({"Authorization": f"Bearer {key}"} if key else {})})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                found = json.loads(answer.read())
        except (urllib.error.HTTPError, urllib.error.URLError, ValueError):
            return cls(html)
        if found.get("sha256") != hashlib.sha256(html.encode("utf-8")).hexdigest():
            return cls(html)
        return cls(html, found)

    @property
    def mapped(self) -> bool:
        return bool(self.entries)

    def offset(self, line: int, column: int) -> int:
        """The byte offset of `column` (characters from 0) of `line` (from 1)."""
        if self._starts is None:
            self._lines = self.html.split("\n")
            self._starts, total = [], 0
            for text in self._lines:
                self._starts.append(total)
                total += len(text.encode("utf-8")) + 1
        if not 1 <= line <= len(self._starts):
            return -1
        return self._starts[line - 1] + len(self._lines[line - 1][:max(column, 0)].encode("utf-8"))

    def start_tag(self, tag: str, index: int) -> int:
        """The byte offset of the `index`th start tag named `tag` (from 0); -1 when there is none."""
        if self._tags is None:
            self._tags = StartTags(self.html).tags
        found = self._tags.get(tag.lower(), [])
        return self.offset(*found[index]) if 0 <= index < len(found) else -1

    def location(self, offset: int) -> dict:
        """The template line that wrote byte `offset`: `template`, the innermost of the app's own
        templates on the way to it (`pantry/item.html:9`, where a shared partial was included),
        and `through`, the shared template that wrote the bytes when it is another
        (`_layout/button.html:1`); empty when unknown."""
        if offset < 0 or not self.entries:
            return {}
        low, high = 0, len(self.entries)
        while low < high:
            middle = (low + high) // 2
            if self.entries[middle]["offset"] <= offset:
                low = middle + 1
            else:
                high = middle
        if low == 0:
            return {}
        entry = self.entries[low - 1]
        chain = [entry] + entry.get("includedFrom", [])
        own = next((place for place in chain if not place["file"].startswith(SHARED)), entry)
        found = {"template": f"{own['file']}:{own['line']}"}
        if own is not entry:
            found["through"] = f"{entry['file']}:{entry['line']}"
        return found


# An element's tag name and its index among the elements of that name, in document order.
ELEMENT_INDEX = """
    const element = arguments[0];
    if (!element || !element.localName) return null;
    return [element.localName, Array.prototype.indexOf.call(document.getElementsByTagName(element.localName), element)];
"""
ELEMENT_INDEX_OF_THIS = ("function() { if (!this.localName) return null;"
                         " return [this.localName, Array.prototype.indexOf.call(document.getElementsByTagName(this.localName), this)]; }")


def node_index(driver, backend: int):
    """ELEMENT_INDEX for a DOM node known by its backend id (the accessibility tree's)."""
    try:
        found = driver.execute_cdp_cmd("DOM.resolveNode", {"backendNodeId": backend, "objectGroup": "source-map"})
        answer = driver.execute_cdp_cmd("Runtime.callFunctionOn", {"objectId": found["object"]["objectId"],
                                                                  "functionDeclaration": ELEMENT_INDEX_OF_THIS, "returnByValue": True})
        driver.execute_cdp_cmd("Runtime.releaseObjectGroup", {"objectGroup": "source-map"})
        return answer["result"].get("value")
    except WebDriverException:
        # A node gone from the document, or one that is no element.
        return None
