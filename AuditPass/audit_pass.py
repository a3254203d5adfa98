"""The automated pass over an app's audit inventory (`/<app>/_audit`): every state it lists opened
by its own "Open this state" post and audited thoroughly (axe light and dark, the Nu checker,
structure, names, focus, reflow, the keyboard pass and the screen-reader transcript), with no walk
written for the app. What it finds is kept in a folder, state by state as it goes, so a pass
stopped halfway keeps what it finished."""
import json
import re
import time
from collections import Counter
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from selenium.webdriver.common.by import By

from audit import AppAudit


@dataclass(frozen=True)
class Listed:
    """A state as the inventory lists it."""
    id: str
    name: str
    kind: str

    @property
    def label(self) -> str:
        return f"{self.name} [{self.id}]"


def identity(problem) -> str:
    """What tells a finding from another in its state, the same on a re-run of an unchanged app:
    its check and rule, the template line that made it and the element's role and name — never
    a DOM counter or a line of the served HTML. Without a template line, where it was found (DOM
    counters left out); a Nu message is told by what it says."""
    where = problem.template or re.sub(r" #\d+$", "", problem.where)
    said = f" ({problem.role} “{problem.name}”)" if problem.role or problem.name else ""
    if problem.kind == "Nu checker":
        said = f": {problem.fix}" if problem.template else ""
    return f"{problem.kind} {problem.rule} at {where}{said}"


def findings(problems) -> list:
    """One finding per check, rule and element, with the colour schemes it occurs in, the WCAG
    criteria it fails, axe's impact, the element's markup and the template `file:line` that made
    it (`through` the shared partial that wrote it, when that is another). Elements that one
    template line makes alike (a loop's) are one finding, counted."""
    grouped = {}
    for problem in problems:
        key = identity(problem)
        entry = grouped.setdefault(key, {
            "check": problem.kind, "rule": problem.rule, "where": re.sub(r" #\d+$", "", problem.where), "fix": problem.fix,
            "criteria": list(problem.criteria), "impact": problem.impact, "snippet": problem.snippet[:300], "template": problem.template,
            **({"through": problem.through} if problem.through else {}),
            **({"role": problem.role, "name": problem.name} if problem.role or problem.name else {}),
            "identity": key, "schemes": [], "count": 0})
        entry["count"] += 1
        if problem.scheme and problem.scheme not in entry["schemes"]:
            entry["schemes"].append(problem.scheme)
    return list(grouped.values())


def _orca(browser: str):
    import orca
    return orca.ScreenReader(browser)


def unstable_lines(earlier: dict, lines: list, same_page: bool) -> list:
    """The lines of a state's reading that are not to be trusted run to run: those the previous
    run found unstable, and — when the page reads the same in the tree as it did then, so nothing
    of it changed — every line said in one of the two runs and not the other, or not as often. When the page
    changed, a line that differs is a change (``audit_report.compare``), not noise."""
    known = [dict(line) for line in (earlier or {}).get("unstable", [])]
    if earlier is None or not same_page:
        return known
    seen = {(line["key"], line["text"]) for line in known}
    before = Counter((line["key"], line["text"]) for line in earlier.get("lines", []))
    now = Counter((line["key"], line["text"]) for line in lines)
    # Said in one run and not the other, or not as many times.
    for key, text in sorted(set(before) | set(now)):
        if before[(key, text)] == now[(key, text)]:
            continue
        if (key, text) not in seen:
            known.append({"key": key, "text": text})
            seen.add((key, text))
    return known


class PrototypeStates:
    """The states of a prototype server (`--prototype on`): listed on its inventory page, each
    opened by that page's "Open this state" button in the browser's own session. No other browser
    can open one by an address."""

    def __init__(self, browser, app: str):
        self.browser = browser
        self.app = app

    def listed(self) -> list:
        return inventory(self.browser, self.app)

    def open(self, state: Listed):
        self.browser.open(f"/{self.app}/_audit")
        button = self.browser.driver.find_element(
            By.XPATH, f"//input[@name='state'][@value={json.dumps(state.id)}]/parent::form/button")
        self.browser.leaving(button.click)

    def address(self, state: Listed):
        return None


class ShippedStates:
    """The states of a server serving the pages as shipped for the pass (`--prototype audit`,
    with `key`): listed by its `states.json`, each opened at a one-time address of its own that
    starts a fresh session, so any browser opens it, driven or not."""

    def __init__(self, browser, app: str, key: str):
        self.browser = browser
        self.app = app
        self.key = key

    def _ask(self, path: str, form: dict = None) -> dict:
        request = urllib.request.Request(f"{self.browser.base}/{self.app}{path}", headers={"Authorization": f"Bearer {self.key}"},
                                         data=urllib.parse.urlencode(form).encode() if form is not None else None)
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())

    def listed(self) -> list:
        return [Listed(state["id"], state["name"], state["group"]) for state in self._ask("/_audit/states.json")["states"] if state["openable"]]

    def address(self, state: Listed) -> str:
        """A new address that opens `state` once."""
        return self.browser.base + self._ask("/_audit/pass", {"state": state.id})["url"]

    def open(self, state: Listed):
        self.browser.driver.get(self.address(state))


def inventory(browser, app: str) -> list:
    """Every state the inventory of `app` can open, in its order."""
    browser.open(f"/{app}/_audit")
    states = []
    for section in browser.driver.find_elements(By.CSS_SELECTOR, "main section[aria-labelledby^='audit-']"):
        kind = section.find_element(By.TAG_NAME, "h2").text.rsplit(" (", 1)[0]
        for item in section.find_elements(By.CSS_SELECTOR, "ul.audit-states > li"):
            inputs = item.find_elements(By.CSS_SELECTOR, "input[name=state]")
            if inputs:
                states.append(Listed(inputs[0].get_attribute("value"), item.find_element(By.CSS_SELECTOR, ".name").text, kind))
    return states


class AuditPass:
    """One pass over `app` into the folder `out`: results.json as it goes (with the previous run's
    kept as previous.json), screenshots/ light and dark."""

    def __init__(self, browser, app: str, out: Path, progress=None, states=None, readers=(), screenshots=True, views=None, only=None,
                 reader=None):
        """`states` lists and opens the states (``PrototypeStates`` of the browser's server by
        default); `readers` names the browsers a screen reader reads each state in, at a one-time
        address of it (only with ``ShippedStates``), each with `reader(browser)` (an
        ``orca.ScreenReader`` by default)."""
        self.browser = browser
        self.app = app
        self.out = out
        self.progress = progress or (lambda done, total, state, problems, doing=None: None)
        self.states = states or PrototypeStates(browser, app)
        self.readers = list(readers)
        self.reader = reader or _orca
        # How many headings each state has, for the screen reader's H presses.
        self.headings = {}
        # What kept the screen reader from reading a state, or from starting.
        self.reader_errors = []
        # The ids of the states to audit; all when none are given.
        self.only = set(only or [])
        self.screenshots = screenshots
        if screenshots:
            (out / "screenshots").mkdir(parents=True, exist_ok=True)
        out.mkdir(parents=True, exist_ok=True)
        self.audit = AppAudit(app, browser, out / "screenshots", thorough=True, views=views, screenshots=screenshots)
        # What the screen reader said on each state, by state id and browser (``read``).
        self.spoken = {}
        # Seconds each state took, with and without the screen reader.
        self.timings = {}
        self.listed = []
        self.started = datetime.now(timezone.utc)
        self.seconds = 0.0
        self.stopped = False
        self.completed = 0
        self.previous = None
        results = out / "results.json"
        if results.exists():
            self.previous = json.loads(results.read_text())
            results.replace(out / "previous.json")

    def run(self) -> dict:
        """Audits every listed state in the driven Chromium, then has each screen reader read them
        all, browser by browser (Orca runs one at a time); Ctrl-C stops after the state under way
        and keeps the rest."""
        clock = time.monotonic()
        self.listed = [state for state in self.states.listed() if not self.only or state.id in self.only]
        if self.only - {state.id for state in self.listed}:
            raise RuntimeError(f"{self.app} has no state {', '.join(sorted(self.only - {state.id for state in self.listed}))} to open")
        if not self.listed:
            raise RuntimeError(f"{self.browser.base}/{self.app}/_audit lists no state to open ({self.browser.title!r}):"
                               " is the app served there, with --prototype on?")
        try:
            for index, state in enumerate(self.listed):
                self.progress(index, len(self.listed), state, len(self.audit.problems))
                started = time.monotonic()
                self.states.open(state)
                self.audit.state(state.label)
                self.headings[state.id] = len(self.browser.driver.find_elements(By.CSS_SELECTOR, "h1, h2, h3, h4, h5, h6"))
                self.timings[state.id] = {"audit": round(time.monotonic() - started, 1)}
                self.completed += 1
                self.seconds = time.monotonic() - clock
                self._save(finished=False)
            for browser in self.readers:
                self._read_all(browser)
                self.seconds = time.monotonic() - clock
        except KeyboardInterrupt:
            self.stopped = True
            # The state under way is dropped whole: its problems and its half-taken record.
            self.audit.states = self.audit.states[:self.completed]
            done = {state.name for state in self.audit.states}
            self.audit.problems = [problem for problem in self.audit.problems if problem.state in done]
        if not self.stopped:
            self.progress(len(self.listed), len(self.listed), None, len(self.audit.problems))
            self.audit.finish()
        self.seconds = time.monotonic() - clock
        return self._save(finished=not self.stopped)

    def _read_all(self, browser: str):
        """Every audited state read by the screen reader in `browser`, one started for them all. A
        reading that fails (Orca silent, a say-all that never ends) is kept as that state's error,
        and the reader is started afresh for the next state; one that cannot start is every
        state's error."""
        import orca
        reader = self.reader(browser)
        try:
            reader.start()
            for index, state in enumerate(self.listed[:self.completed]):
                self.progress(index, self.completed, state, len(self.audit.problems), f"Orca in {browser.capitalize()}")
                started = time.monotonic()
                try:
                    self.read(state, browser, reader)
                except orca.ScreenReaderError as error:
                    self.spoken.setdefault(state.id, {})[browser] = {"lines": [], "unstable": [], "disagreements": [], "error": str(error)}
                    self.reader_errors.append(f"{state.id} in {browser}: {error}")
                    reader.stop()
                    reader = self.reader(browser)
                    reader.start()
                seconds = self.timings[state.id].setdefault("screenReader", {})
                seconds[browser] = round(time.monotonic() - started, 1)
                self._save(finished=False)
        except orca.ScreenReaderError as error:
            self.reader_errors.append(f"Orca in {browser}: {error}")
        finally:
            reader.stop()

    def read(self, state: Listed, browser: str, reader):
        """What the screen reader in `browser` says on `state`, opened afresh at an address of its
        own, beside the tree walk's transcript of it: lines that differed from the previous run's
        on a page that reads the same are unstable, and where the two disagree on a stable line is
        a finding for a person to review."""
        import orca
        address = self.states.address(state)
        if address is None:
            return
        audited = next(audited for audited in self.audit.states if audited.name == state.label)
        previous = {entry["id"]: entry for entry in (self.previous or {}).get("states", [])}.get(state.id, {})
        same_page = previous.get("transcript") == [line.as_json() for line in audited.transcript]
        reading = reader.read(address, tab_stops=len(audited.tab_stops), headings=self.headings[state.id])
        spoken = reading.as_json()
        spoken.pop("url")  # a one-time address, another each run
        unstable = unstable_lines(previous.get("screenReader", {}).get(browser), spoken["lines"], same_page)
        shaky = {line["text"] for line in unstable}
        spoken["unstable"] = unstable
        spoken["disagreements"] = [found for found in orca.disagreements(reading, audited.transcript) if found.get("orca") not in shaky]
        self.spoken.setdefault(state.id, {})[browser] = spoken

    def _save(self, finished: bool) -> dict:
        results = self.results(finished)
        path = self.out / "results.json"
        partial = path.with_suffix(".partial")
        partial.write_text(json.dumps(results, indent=1, ensure_ascii=False))
        partial.replace(path)
        return results

    def results(self, finished: bool) -> dict:
        by_label = {state.label: state for state in self.listed}
        states = []
        for audited in self.audit.states:
            listed = by_label[audited.name]
            states.append({
                "id": listed.id, "name": listed.name, "kind": listed.kind,
                "path": audited.path, "title": audited.title,
                "problems": findings(p for p in self.audit.problems if p.state == audited.name),
                "needsReview": findings(p for p in self.audit.needs_review if p.state == audited.name),
                "transcript": [line.as_json() for line in audited.transcript],
                "tabStops": audited.tab_stops,
                **({"screenshots": {scheme: f"screenshots/{audited.slug}-{scheme}.png" for scheme in ("light", "dark")}} if self.screenshots else {}),
                **({"screenReader": self.spoken[listed.id]} if listed.id in self.spoken else {}),
                **({"seconds": self.timings[listed.id]} if listed.id in self.timings else {}),
            })
        return {
            "app": self.app, "base": self.browser.base, "started": self.started.isoformat(timespec="seconds"),
            "seconds": round(self.seconds, 1), "listed": len(self.listed), "finished": finished,
            "stopped": self.stopped, "nuChecked": finished,
            **({"screenReaderErrors": self.reader_errors} if self.reader_errors else {}),
            # Problems no single state owns (titles shared by different screens).
            "acrossStates": [{"check": p.check, "rule": p.rule, "where": p.where, "fix": p.fix, "states": p.state}
                             for p in self.audit.problems if p.state not in {s.name for s in self.audit.states}],
            "states": states,
        }
