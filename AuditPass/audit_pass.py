"""The automated pass over an app's audit inventory (`/<app>/_audit`): every state it lists opened
by its own "Open this state" post and audited thoroughly (axe light and dark, the Nu checker,
structure, names, focus, reflow, the keyboard pass and the screen-reader transcript), with no walk
written for the app. What it finds is kept in a folder, state by state as it goes, so a pass
stopped halfway keeps what it finished."""
import json
import re
import time
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

    def __init__(self, browser, app: str, out: Path, progress=None):
        self.browser = browser
        self.app = app
        self.out = out
        self.progress = progress or (lambda done, total, state, problems: None)
        (out / "screenshots").mkdir(parents=True, exist_ok=True)
        self.audit = AppAudit(app, browser, out / "screenshots", thorough=True)
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
        """Audits every listed state; Ctrl-C stops after the state under way and keeps the rest."""
        clock = time.monotonic()
        self.listed = inventory(self.browser, self.app)
        if not self.listed:
            raise RuntimeError(f"{self.browser.base}/{self.app}/_audit lists no state to open ({self.browser.title!r}):"
                               " is the app served there, with --prototype on?")
        try:
            for index, state in enumerate(self.listed):
                self.progress(index, len(self.listed), state, len(self.audit.problems))
                self._open(state)
                self.audit.state(state.label)
                self.completed += 1
                self.seconds = time.monotonic() - clock
                self._save(finished=False)
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

    def _open(self, state: Listed):
        self.browser.open(f"/{self.app}/_audit")
        button = self.browser.driver.find_element(
            By.XPATH, f"//input[@name='state'][@value={json.dumps(state.id)}]/parent::form/button")
        self.browser.leaving(button.click)

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
                "screenshots": {scheme: f"screenshots/{audited.slug}-{scheme}.png" for scheme in ("light", "dark")},
            })
        return {
            "app": self.app, "base": self.browser.base, "started": self.started.isoformat(timespec="seconds"),
            "seconds": round(self.seconds, 1), "listed": len(self.listed), "finished": finished,
            "stopped": self.stopped, "nuChecked": finished,
            # Problems no single state owns (titles shared by different screens).
            "acrossStates": [{"check": p.check, "rule": p.rule, "where": p.where, "fix": p.fix, "states": p.state}
                             for p in self.audit.problems if p.state not in {s.name for s in self.audit.states}],
            "states": states,
        }
