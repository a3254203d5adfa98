"""The automated pass over an app's audit inventory (`/<app>/_audit`): every state it lists opened
by its own "Open this state" post and audited thoroughly (axe light and dark, the Nu checker,
structure, names, focus, reflow, the keyboard pass and the screen-reader transcript), with no walk
written for the app. What it finds is kept in a folder, state by state as it goes, so a pass
stopped halfway keeps what it finished."""
import json
import os
import re
import sys
import threading
import time
from collections import Counter
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from selenium.webdriver.common.by import By

from audit import AppAudit
from audit_jobs import Jobs


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


def _orca(browser: str, user: str = None):
    import orca
    return orca.ScreenReader(browser, user=user)


def _another_browser(browser):
    """One more driven Chromium on `browser`'s server, with its key to the pass's pages."""
    from browser import Browser
    another = Browser(browser.base)
    another.audit_key = getattr(browser, "audit_key", None)
    return another


@dataclass
class Auditor:
    """One job's browser, its way of opening states and its audit; `owned`: the job made the
    browser and quits it when done."""
    browser: object
    states: object
    audit: AppAudit
    owned: bool

    def close(self):
        if self.owned:
            self.browser.quit()


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

    def using(self, browser) -> "PrototypeStates":
        """The same states, opened in `browser` (its own session)."""
        return PrototypeStates(browser, self.app)


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

    def using(self, browser) -> "ShippedStates":
        """The same states, opened in `browser`."""
        return ShippedStates(browser, self.app, self.key)


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
                 reader=None, jobs: int = 1, new_browser=None):
        """`states` lists and opens the states (``PrototypeStates`` of the browser's server by
        default); `readers` names the browsers a screen reader reads each state in, at a one-time
        address of it (only with ``ShippedStates``), each with `reader(browser, user)` (an
        ``orca.ScreenReader`` by default); `jobs` states are audited side by side, each job in a
        browser of its own made by `new_browser(browser)` (the first job's is `browser`)."""
        self.browser = browser
        self.jobs = max(1, jobs)
        self.new_browser = new_browser or _another_browser
        self.views = views
        # Each audited state's record by its index in `listed` (``_audit_one``).
        self.records = {}
        self.lock = threading.Lock()
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
        self.previous = None
        results = out / "results.json"
        if results.exists():
            self.previous = json.loads(results.read_text())
            results.replace(out / "previous.json")

    def run(self) -> dict:
        """Audits every listed state in driven Chromium (`jobs` browsers side by side), then has
        each screen reader read them all, browser by browser; Ctrl-C stops the pass, drops the
        states under way and keeps the rest."""
        clock = time.monotonic()
        self.clock = clock
        self.listed = [state for state in self.states.listed() if not self.only or state.id in self.only]
        if self.only - {state.id for state in self.listed}:
            raise RuntimeError(f"{self.app} has no state {', '.join(sorted(self.only - {state.id for state in self.listed}))} to open")
        if not self.listed:
            raise RuntimeError(f"{self.browser.base}/{self.app}/_audit lists no state to open ({self.browser.title!r}):"
                               " is the app served there, with --prototype on?")
        try:
            Jobs(self.jobs, self._auditor, lambda auditor: auditor.close()).run(self.listed, self._audit_one, self._audited)
            for browser in self.readers:
                self._read_all(browser)
                self.seconds = time.monotonic() - clock
        except KeyboardInterrupt:
            self.stopped = True
        if not self.stopped:
            self.progress(len(self.listed), len(self.listed), None, len(self.audit.problems))
            self.audit.finish()
        self.seconds = time.monotonic() - clock
        return self._save(finished=not self.stopped)

    @property
    def audited(self) -> list:
        """The listed states audited so far, in the inventory's order."""
        return [state for index, state in enumerate(self.listed) if index in self.records]

    def _auditor(self, number: int) -> "Auditor":
        """Worker `number`'s browser (the pass's own for the first, a new one for each other) with
        an audit of its own."""
        browser = self.browser if number == 0 else self.new_browser(self.browser)
        return Auditor(browser, self.states.using(browser), AppAudit(
            self.app, browser, self.out / "screenshots", thorough=True, views=self.views, screenshots=self.screenshots),
            owned=number > 0)

    def _audit_one(self, auditor: "Auditor", index: int, state: Listed) -> dict:
        self.progress(len(self.records), len(self.listed), state, len(self.audit.problems))
        started = time.monotonic()
        audit = auditor.audit
        problems, review, runs = len(audit.problems), len(audit.needs_review), audit.axe_runs
        auditor.states.open(state)
        audit.state(state.label)
        return {"state": audit.states[-1], "shot": audit.shots[-1], "problems": audit.problems[problems:],
                "needsReview": audit.needs_review[review:], "axeRuns": audit.axe_runs - runs,
                "headings": len(auditor.browser.driver.find_elements(By.CSS_SELECTOR, "h1, h2, h3, h4, h5, h6")),
                "seconds": round(time.monotonic() - started, 1)}

    def _audited(self, index: int, state: Listed, record: dict):
        """A state's audit kept: the pass's audit rebuilt from the records in the inventory's order
        (workers finish in any), and the results saved."""
        self.records[index] = record
        self.headings[state.id] = record["headings"]
        self.timings[state.id] = {"audit": record["seconds"]}
        ordered = [self.records[number] for number in sorted(self.records)]
        self.audit.states = [record["state"] for record in ordered]
        self.audit.shots = [record["shot"] for record in ordered]
        self.audit.problems = [problem for record in ordered for problem in record["problems"]]
        self.audit.needs_review = [problem for record in ordered for problem in record["needsReview"]]
        self.audit.axe_runs = sum(record["axeRuns"] for record in ordered)
        self.seconds = time.monotonic() - self.clock
        self._save(finished=False)

    def _read_all(self, browser: str):
        """Every audited state read by the screen reader in `browser`: `jobs` readers side by side
        when root (each as a user of its own: one Orca runs per user), else one. A reading that
        fails (Orca silent, a say-all that never ends) is kept as that state's error and its
        reader is started afresh; a reader that cannot start is every state's error."""
        import orca
        count = min(self.jobs, len(self.audited)) if self.jobs > 1 and os.geteuid() == 0 else 1
        if self.jobs > 1 and count == 1 and os.geteuid() != 0:
            print("Orca reads one state at a time: side by side each reader needs a user of its own, which only root can make",
                  file=sys.stderr)
        users = orca.job_users(count) if count > 1 else [None]
        done = []

        def start(number: int) -> dict:
            reader = {"user": users[number], "reader": None}
            try:
                reader["reader"] = self.reader(browser, users[number])
                reader["reader"].start()
            except orca.ScreenReaderError as error:
                with self.lock:
                    self.reader_errors.append(f"Orca in {browser}{' as ' + users[number] if users[number] else ''}: {error}")
                if reader["reader"]:
                    reader["reader"].stop()
                reader["reader"] = None
            return reader

        def read(reader: dict, index: int, state: Listed):
            if reader["reader"] is None:
                return None
            self.progress(len(done), len(self.audited), state, len(self.audit.problems), f"Orca in {browser.capitalize()}")
            started = time.monotonic()
            try:
                spoken = self.read(state, browser, reader["reader"])
            except orca.ScreenReaderError as error:
                spoken = {"lines": [], "unstable": [], "disagreements": [], "error": str(error)}
                reader["reader"].stop()
                reader.update(start(users.index(reader["user"])))
            return spoken, round(time.monotonic() - started, 1)

        def kept(index: int, state: Listed, result):
            done.append(state.id)
            if result is None:
                return
            spoken, seconds = result
            if spoken is not None:
                self.spoken.setdefault(state.id, {})[browser] = spoken
                if "error" in spoken:
                    with self.lock:
                        self.reader_errors.append(f"{state.id} in {browser}: {spoken['error']}")
            self.timings[state.id].setdefault("screenReader", {})[browser] = seconds
            self._save(finished=False)

        Jobs(count, start, lambda reader: reader["reader"] and reader["reader"].stop()).run(self.audited, read, kept)

    def read(self, state: Listed, browser: str, reader) -> dict:
        """What the screen reader in `browser` says on `state` (none when it has no address), opened afresh at an address of its
        own, beside the tree walk's transcript of it: lines that differed from the previous run's
        on a page that reads the same are unstable, and where the two disagree on a stable line is
        a finding for a person to review."""
        import orca
        address = self.states.address(state)
        if address is None:
            return None
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
        return spoken

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
            "stopped": self.stopped, "nuChecked": finished, "jobs": self.jobs,
            **({"screenReaderErrors": self.reader_errors} if self.reader_errors else {}),
            # Problems no single state owns (titles shared by different screens).
            "acrossStates": [{"check": p.check, "rule": p.rule, "where": p.where, "fix": p.fix, "states": p.state}
                             for p in self.audit.problems if p.state not in {s.name for s in self.audit.states}],
            "states": states,
        }
