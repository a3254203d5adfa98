"""Headless Chromium driven as a person would: buttons pressed by their label, fields filled by
their label; plus what an audit needs (the served HTML, the accessibility tree, colour schemes)."""
import json
import os
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WIDTH, HEIGHT = 390, 844


def xpath_text(text: str) -> str:
    """`text` as an XPath string literal (curly quotes and all, as the page has them)."""
    return json.dumps(text, ensure_ascii=False)


class Browser:
    def __init__(self, base: str):
        self.base = base
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--force-device-scale-factor=1", "--hide-scrollbars", f"--window-size={WIDTH},{HEIGHT}"):
            options.add_argument(argument)
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        # In a session of its own, so a Ctrl-C at the terminal stops the audit, not the browser under it.
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"), popen_kw={"start_new_session": True})
        self.driver = webdriver.Chrome(options=options, service=service)
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.reset_viewport()
        self.scheme("light")

    def reset_viewport(self):
        """A phone's viewport: 390 × 844 CSS px."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})

    def quit(self):
        self.driver.quit()

    # What a person does

    def open(self, path: str):
        self.driver.get(self.base + path)

    def press(self, label: str):
        """Clicks the page's own button or link whose text is `label` (the toolbar's last), and
        waits for the page it leads to."""
        control = self._control(label)
        # Into the middle of the viewport first, as a person scrolls to what they press: after the
        # audit's viewport changes, Chromium may otherwise click at a stale position.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
        self.leaving(lambda: self._click(control))

    def select_tab(self, tab_id: str):
        """Presses the tab bar's button of the tab `tab_id`, found by where it posts: its text
        carries a badge's count and, for a screen reader, " tab"."""
        button = self.driver.find_element(By.CSS_SELECTOR, f"nav.tab-bar button[formaction$='/_tab/{tab_id}']")
        self.leaving(lambda: self._click(button))

    def _click(self, control):
        """Clicks `control` once nothing covers its middle, as a person waits for a sheet or an
        alert to finish moving in or out before pressing what is under it (a click during the
        motion lands on whatever passes over that point). After 5 s it clicks anyway, and
        Chromium says what is in the way."""
        uncovered = """
            const control = arguments[0], box = control.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return hit !== null && (hit === control || control.contains(hit));"""
        try:
            WebDriverWait(self.driver, 5, poll_frequency=0.05).until(
                lambda driver: driver.execute_script(uncovered, control))
        except TimeoutException:
            pass
        control.click()

    def leaving(self, action):
        """Runs `action`, then waits until the current document has been replaced."""
        # A mark on the old document's window: gone once a new document has loaded.
        self.driver.execute_script("window.flowpagesLeaving = true")
        action()
        WebDriverWait(self.driver, 10).until(
            lambda driver: driver.execute_script("return !window.flowpagesLeaving && document.readyState === 'complete'"))

    def fill(self, fields: dict):
        for label, value in fields.items():
            field = self.field(label)
            if field.get_attribute("type") == "checkbox":
                if field.is_selected() != bool(value):
                    field.click()
            else:
                field.clear()
                field.send_keys(value)

    def field(self, label: str):
        target = self.driver.find_element(By.XPATH, f"//label[normalize-space()={xpath_text(label)}]")
        return self.driver.find_element(By.ID, target.get_attribute("for"))

    def _control(self, label: str):
        quoted = xpath_text(label)
        candidates = self.driver.find_elements(
            By.XPATH, f"//button[normalize-space()={quoted} or normalize-space()={xpath_text(label + ' tab')}"
            f" or starts-with(normalize-space(), {xpath_text(label + ' to ')}) or normalize-space()={xpath_text('Back to ' + label)}]"
                      f" | //a[normalize-space()={quoted}]")
        # Nothing inert is pressed (the screen beneath a sheet, the page beneath an alert).
        candidates = [element for element in candidates if not element.find_elements(By.XPATH, "ancestor-or-self::*[@inert]")]
        own = [element for element in candidates if not element.find_elements(By.XPATH, "ancestor::aside[@class='prototype-tools']")]
        if not (own or candidates):
            raise AssertionError(f"no control labelled {label!r} on {self.driver.current_url}")
        return (own or candidates)[0]

    # What the page is

    @property
    def path(self) -> str:
        return self.driver.current_url[len(self.base):]

    @property
    def heading(self) -> str:
        headings = self.driver.find_elements(By.TAG_NAME, "h1")
        return headings[0].text if headings else ""

    @property
    def title(self) -> str:
        return self.driver.title

    def served_html(self) -> str:
        """The HTML the server sent for the current document (not the DOM as parsed)."""
        request = None
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.responseReceived" and message["params"]["type"] == "Document":
                request = message["params"]["requestId"]
        if request is None:
            raise AssertionError(f"no document response seen for {self.path}")
        self._last_document = request
        return self.driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": request})["body"]

    def scheme(self, scheme: str, reduced_motion: bool = False):
        """Emulates `prefers-color-scheme` (light or dark) and `prefers-reduced-motion`."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": scheme},
            {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"}]})

    def accessibility_tree(self) -> list:
        # The tree is read against the document the DOM domain holds; a layout still settling
        # (after a viewport change) can make Chromium refuse once, so the document is fetched
        # anew and the read tried again.
        for attempt in range(5):
            try:
                self.driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
                return self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
            except WebDriverException as error:
                if "does not belong to the document" not in str(error) or attempt == 4:
                    raise
                time.sleep(0.1)

    def screenshot(self, path: str):
        self.driver.save_screenshot(path)

    def tab_stops(self, limit: int = 200) -> dict:
        """Presses Tab from the top of the page until focus comes round to its first stop again:
        each stop's DOM node (for its role and name in the accessibility tree) and how it looks
        focused. `stuck` names a stop Tab did not move on from; `complete` is false when focus
        had not come round within `limit` presses."""
        driver = self.driver
        # Sequential navigation starts where focus is; from the document element it starts at the top.
        driver.execute_script("const root = document.documentElement; root.setAttribute('tabindex', '-1');"
                              " root.focus({preventScroll: true}); root.removeAttribute('tabindex');")
        stops, first, previous, repeats = [], None, None, 0
        for _ in range(limit):
            for kind in ("rawKeyDown", "keyUp"):
                driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": kind, "key": "Tab", "code": "Tab",
                                                                  "windowsVirtualKeyCode": 9, "nativeVirtualKeyCode": 9})
            # One group for the walk's handles, released at its end rather than one by one.
            focused = driver.execute_cdp_cmd("Runtime.evaluate", {"expression": FOCUSED_ELEMENT, "objectGroup": "tab-stops"})["result"]
            if "objectId" not in focused:
                # Focus left the document (past its last stop); the next Tab brings it back to the top.
                previous = None
                continue
            backend = driver.execute_cdp_cmd("DOM.describeNode", {"objectId": focused["objectId"]})["node"]["backendNodeId"]
            if backend == first:
                return self._walked(stops, complete=True)
            if backend == previous:
                # A date field's Tab moves through its month, day and year first; a field that
                # holds focus for more presses than any has parts is a trap.
                repeats += 1
                if repeats > 6:
                    return self._walked(stops, stuck=backend)
                continue
            repeats = 0
            look = driver.execute_script(FOCUS_LOOK)
            stops.append({"backend": backend, **look})
            first = first or backend
            previous = backend
        return self._walked(stops)

    def _walked(self, stops: list, complete: bool = False, stuck: int = None) -> dict:
        self.driver.execute_cdp_cmd("Runtime.releaseObjectGroup", {"objectGroup": "tab-stops"})
        return {"stops": stops, "complete": complete, "stuck": stuck}


# The focused element, or nothing when the page itself (body) has focus.
FOCUSED_ELEMENT = ("(() => { const e = document.activeElement;"
                   " return e && e !== document.body && e !== document.documentElement ? e : undefined; })()")
# How the focused element shows it has focus, and whether it is inside an open modal.
FOCUS_LOOK = """
    const element = document.activeElement;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    // The topmost modal: an alert over a sheet is the one Tab must stay in.
    const modal = document.querySelector('[role=alertdialog]') || document.querySelector('dialog[open]');
    // A skip link leading into the modal is a way in, not a way out.
    const target = element.matches('a.skip-link') && document.getElementById(element.getAttribute('href').slice(1));
    const leadsIn = !!(modal && target && (target.contains(modal) || modal.contains(target)));
    return {visible: outlined || style.boxShadow !== 'none', inModal: !!(modal && (modal.contains(element) || leadsIn)),
            modal: !!modal, tag: element.tagName.toLowerCase(), skip: !!target};
"""
