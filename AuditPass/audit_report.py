"""What an automated pass leaves for people and tools, from its results.json: what changed since the
previous pass, an HTML report (accessible and printable), the findings as CSV, and W3C EARL as
JSON-LD with its context embedded."""
import csv
import difflib
import html
import json
import re
from pathlib import Path
from urllib.parse import quote

AXE_RULES = "https://dequeuniversity.com/rules/axe/4.12/"
# The families of checks every state goes through; a state with no finding in one passed it.
FAMILIES = ["axe", "contrast", "structure", "errors", "accessibility tree",
            "focus", "reflow", "keyboard", "Nu checker"]

EARL_CONTEXT = {
    "earl": "http://www.w3.org/ns/earl#",
    "dct": "http://purl.org/dc/terms/",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "Assertion": "earl:Assertion", "Assertor": "earl:Assertor", "Software": "earl:Software",
    "TestSubject": "earl:TestSubject", "TestResult": "earl:TestResult", "TestCase": "earl:TestCase",
    "assertedBy": {"@id": "earl:assertedBy", "@type": "@id"},
    "subject": {"@id": "earl:subject", "@type": "@id"},
    "test": {"@id": "earl:test", "@type": "@id"},
    "result": {"@id": "earl:result"},
    "mode": {"@id": "earl:mode", "@type": "@id"},
    "outcome": {"@id": "earl:outcome", "@type": "@id"},
    "info": {"@id": "earl:info"},
    "title": {"@id": "dct:title"},
    "description": {"@id": "dct:description"},
    "source": {"@id": "dct:source", "@type": "@id"},
    "date": {"@id": "dct:date", "@type": "xsd:dateTime"},
}


def _key(problem: dict, by_identity: bool = True) -> str:
    """A finding's identity (audit_pass.identity); a pass from before it had none is compared by
    check, rule and where."""
    if by_identity and problem.get("identity"):
        return problem["identity"]
    return f"{problem['check']} {problem['rule']} at {problem['where']}"


def _lines(transcript: list) -> list:
    return [" › ".join(part for part in (line["landmark"], line["heading"]) if part) + " │ " + line["says"]
            for line in transcript]


def _diff(before: list, after: list) -> dict:
    removed, added = [], []
    for tag, a1, a2, b1, b2 in difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            removed += before[a1:a2]
        if tag in ("replace", "insert"):
            added += after[b1:b2]
    return {"removed": removed, "added": added}


def compare(previous: dict, current: dict) -> dict:
    """Per state both passes audited: new and fixed findings, announcements no longer made and new
    ones, tab stops changed; and the states one pass listed and the other did not."""
    before = {state["id"]: state for state in previous.get("states", [])}
    after = {state["id"]: state for state in current["states"]}
    changes = {"since": previous.get("started"), "added": [i for i in after if i not in before],
               "removed": [i for i in before if i not in after] if current.get("finished") else [], "states": {}}
    for state_id in [state_id for state_id in after if state_id in before]:
        old, new = before[state_id], after[state_id]
        # Both passes by identity, or (one from before identities) both as they were keyed then.
        by_identity = all(p.get("identity") for p in old["problems"] + new["problems"])
        old_keys, new_keys = {_key(p, by_identity) for p in old["problems"]}, {_key(p, by_identity) for p in new["problems"]}
        change = {"new": sorted(new_keys - old_keys), "fixed": sorted(old_keys - new_keys),
                  "said": _diff(_lines(old["transcript"]), _lines(new["transcript"])),
                  "tabStops": _diff(old["tabStops"], new["tabStops"])}
        # What Orca said, browser by browser, on its stable lines only, and not in what order one
        # key's lines came (Chromium says a live region's items in another order each time).
        for browser, spoken in new.get("screenReader", {}).items():
            earlier = old.get("screenReader", {}).get(browser)
            if earlier is not None:
                shaky = {(line["key"], line["text"]) for line in spoken.get("unstable", [])}
                stable = lambda lines: sorted(f"{line['key']}: {line['text']}" for line in lines if (line["key"], line["text"]) not in shaky)
                diff = _diff(stable(earlier["lines"]), stable(spoken["lines"]))
                if any(diff.values()):
                    change.setdefault("spoken", {})[browser] = diff
        if change["new"] or change["fixed"] or any(change["said"].values()) or any(change["tabStops"].values()) or change.get("spoken"):
            changes["states"][state_id] = change
    return changes


def write_all(results: dict, out: Path, previous: dict = None) -> dict:
    """Writes changes.json (when there was a previous pass), report.html, results.csv and
    earl.jsonld; returns the changes."""
    changes = compare(previous, results) if previous else None
    if changes is not None:
        (out / "changes.json").write_text(json.dumps(changes, indent=1, ensure_ascii=False))
    (out / "report.html").write_text(report_html(results, changes))
    write_csv(results, out / "results.csv")
    (out / "earl.jsonld").write_text(json.dumps(earl(results), indent=1, ensure_ascii=False))
    return changes


def write_csv(results: dict, path: Path):
    with path.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["state id", "state", "kind", "path", "check", "rule", "where", "template", "fix", "criteria", "impact", "schemes"])
        for state in results["states"]:
            for problem in state["problems"]:
                writer.writerow([state["id"], state["name"], state["kind"], state["path"],
                                 problem["check"], problem["rule"], problem["where"], problem.get("template", ""), problem["fix"],
                                 " ".join(problem.get("criteria", [])) or "none", problem.get("impact", ""), " ".join(problem.get("schemes", []))])
        for problem in results.get("acrossStates", []):
            writer.writerow(["", problem["states"], "", "", problem["check"], problem["rule"], problem["where"], "", problem["fix"]])


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _test(problem: dict) -> str:
    if problem["check"].startswith("axe"):
        return AXE_RULES + quote(problem["rule"])
    return f"urn:flowpages:check:{_slug(problem['check'])}:{_slug(problem['rule'])}"


def subject_id(results: dict, state: dict) -> str:
    """The state's name in EARL: the same in every pass (the server's address is often a throwaway)."""
    return f"urn:flowpages:audit:{quote(results['app'])}:{quote(state['id'])}"


def earl(results: dict) -> dict:
    """The pass as EARL: one test subject per state, an assertion per finding (failed) and per
    family of checks a state came through clean (passed), all by one automatic assertor."""
    assertor = {"@id": "urn:flowpages:audit-pass", "@type": ["Assertor", "Software"],
                "title": "FlowPages automated audit pass (axe-core, Nu HTML Checker, Chromium accessibility tree, keyboard)"}
    graph = [assertor]
    families = FAMILIES if results.get("nuChecked") else FAMILIES[:-1]
    for state in results["states"]:
        subject = subject_id(results, state)
        graph.append({"@id": subject, "@type": "TestSubject", "title": f"{state['name']} ({state['kind']})",
                      "source": results["base"] + state["path"]})
        for problem in state["problems"]:
            graph.append(_assertion(results, subject, _test(problem), "earl:failed", f"{problem['check']}: {problem['fix']}",
                                    problem["where"] + (f" (made by {template(problem)})" if problem.get("template") else "")))
        failed = {problem["check"] for problem in state["problems"]}
        for family in families:
            if family not in failed:
                graph.append(_assertion(results, subject, f"urn:flowpages:check:{_slug(family)}", "earl:passed",
                                        f"{family}: nothing found", None))
    return {"@context": EARL_CONTEXT, "@graph": graph}


def _assertion(results, subject, test, outcome, description, info):
    result = {"@type": "TestResult", "outcome": outcome, "description": description, "date": results["started"]}
    if info:
        result["info"] = info
    return {"@type": "Assertion", "assertedBy": "urn:flowpages:audit-pass", "subject": subject, "test": test,
            "mode": "earl:automatic", "result": result}


STYLE = """
body{font:100%/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1c1c1e;background:#fff}
a{color:#0040a8}h2{border-top:2px solid #8e8e93;padding-top:1rem;margin-top:2rem}
table{border-collapse:collapse;margin:0.5rem 0 1rem;width:100%}th,td{border:1px solid #8e8e93;padding:0.25rem 0.5rem;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600}.ok{color:#1d6b2f}.bad{color:#a8071a}
ol.transcript{font-family:ui-monospace,monospace;font-size:0.875rem}ol.transcript .where{color:#48484a}
figure{display:inline-block;margin:0 1rem 1rem 0}img{border:1px solid #8e8e93;max-width:100%;height:auto}
ins{background:#d7f5dd;text-decoration:none}del{background:#fde2e4}
@media print{a{color:inherit}h2{break-before:page}img{max-width:45%}nav{display:none}}
"""


def template(problem: dict) -> str:
    """The template line of a finding as a reader looks for it: `pantry/item.html:9`, and the
    shared partial that wrote it (`via _layout/button.html:1`); empty when not known."""
    if not problem.get("template"):
        return ""
    return problem["template"] + (f" via {problem['through']}" if problem.get("through") else "")


def _table(caption: str, headers: list, rows: list) -> str:
    head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _changes_html(change: dict) -> str:
    parts = []
    for key, label, tag in (("new", "New findings", "ins"), ("fixed", "Fixed", "del")):
        if change[key]:
            parts.append(f"<p>{label}:</p><ul>" + "".join(f"<li><{tag}>{html.escape(k)}</{tag}></li>" for k in change[key]) + "</ul>")
    spoken = [(f"spoken-{browser}", f"What Orca says in {browser.capitalize()}") for browser in change.get("spoken", {})]
    for key, label in (("said", "Announcements"), ("tabStops", "Tab stops"), *spoken):
        diff = change[key] if not key.startswith("spoken-") else change["spoken"][key.split("-", 1)[1]]
        if diff["removed"] or diff["added"]:
            items = [f"<li><del>no longer: {html.escape(line)}</del></li>" for line in diff["removed"]]
            items += [f"<li><ins>now: {html.escape(line)}</ins></li>" for line in diff["added"]]
            parts.append(f"<p>{label} changed:</p><ul>{''.join(items)}</ul>")
    return "".join(parts)


def report_html(results: dict, changes: dict = None) -> str:
    states = results["states"]
    failing = [state for state in states if state["problems"]]
    total = sum(len(state["problems"]) for state in states) + len(results.get("acrossStates", []))
    status = ("complete" if results["finished"] else
              f"stopped after {len(states)} of {results['listed']} states; the Nu checker did not run")
    summary = [
        f"<p>{len(states)} of {results['listed']} states audited in {results['seconds']} s ({status}), light and dark: "
        f"<strong class=\"{'bad' if total else 'ok'}\">{total} finding{'s' if total != 1 else ''}</strong> "
        f"in {len(failing)} state{'s' if len(failing) != 1 else ''}.</p>"]
    if changes is not None:
        summary.append(f"<p>Since the pass of {html.escape(str(changes['since']))}: {len(changes['states'])} states changed, "
                       f"{len(changes['added'])} states new, {len(changes['removed'])} gone.</p>")
    kinds = {}
    for state in states:
        counts = kinds.setdefault(state["kind"], [0, 0])
        counts[0] += 1
        counts[1] += len(state["problems"])
    summary.append(_table("States by kind", ["Kind", "States", "Findings"], [[k, c[0], c[1]] for k, c in kinds.items()]))
    if results.get("acrossStates"):
        summary.append(_table("Findings across states", ["Check", "Rule", "States", "What to do"],
                              [[p["check"], p["rule"], p["states"], p["fix"]] for p in results["acrossStates"]]))
    contents = "".join(f'<li><a href="#state-{html.escape(_slug(s["id"]))}">{html.escape(s["name"])}</a> '
                       f'({html.escape(s["kind"])}{", " + str(len(s["problems"])) + " findings" if s["problems"] else ""}'
                       f'{", changed" if changes and s["id"] in changes["states"] else ""})</li>' for s in states)
    sections = [_state_html(results, state, (changes or {}).get("states", {}).get(state["id"])) for state in states]
    title = f"Accessibility audit of {results['app']}: automated pass"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
            f'<header><p>FlowPages · started {html.escape(results["started"])} · {html.escape(results["base"])}</p></header>'
            f'<main><h1>{html.escape(title)}</h1>{"".join(summary)}'
            f'<nav aria-label="States"><h2>States</h2><ol>{contents}</ol></nav>{"".join(sections)}</main></body></html>')


def _state_html(results: dict, state: dict, change: dict) -> str:
    anchor = "state-" + _slug(state["id"])
    parts = [f'<section aria-labelledby="{anchor}"><h2 id="{anchor}">{html.escape(state["name"])}</h2>',
             f'<p>{html.escape(state["kind"])} · <code>{html.escape(state["path"])}</code> · title “{html.escape(state["title"])}”</p>']
    if change:
        parts.append(f"<h3>Changed since the previous pass</h3>{_changes_html(change)}")
    if state["problems"]:
        parts.append(_table("Findings", ["WCAG criteria", "Check", "Rule", "Impact", "Where", "Template", "Colour schemes", "What to do"],
                            [[" ".join(p.get("criteria", [])) or "none", p["check"], p["rule"], p.get("impact", ""), p["where"],
                              template(p) or "—", ", ".join(p.get("schemes", [])) or "—", p["fix"]] for p in state["problems"]]))
    else:
        parts.append('<p class="ok">No findings.</p>')
    if state.get("needsReview"):
        parts.append(_table("Needs review (what axe could not decide; a person judges it)", ["WCAG criteria", "Rule", "Where", "Template", "What to check"],
                            [[" ".join(p.get("criteria", [])) or "none", p["rule"], p["where"], template(p) or "—", p["fix"]] for p in state["needsReview"]]))
    said = "".join(f'<li><span class="where">{html.escape(" › ".join(x for x in (l["landmark"], l["heading"]) if x) or "(page)")} │</span> '
                   f'{html.escape(l["says"])}</li>' for l in state["transcript"])
    parts.append(f'<h3>What the accessibility tree says a screen reader reads, in reading order ({len(state["transcript"])} lines)</h3>'
                 f'<ol class="transcript">{said}</ol>')
    for browser, spoken in state.get("screenReader", {}).items():
        parts.append(_spoken_html(browser, spoken))
    stops = "".join(f"<li>{html.escape(stop)}</li>" for stop in state["tabStops"])
    parts.append(f'<h3>Tab stops, in order ({len(state["tabStops"])})</h3><ol class="transcript">{stops}</ol>')
    shots = "".join(f'<figure><img src="{html.escape(path)}" alt="{html.escape(state["name"])}, {scheme}" width="195" height="422" loading="lazy">'
                    f"<figcaption>{scheme}</figcaption></figure>" for scheme, path in state.get("screenshots", {}).items())
    if shots:
        parts.append(f"<h3>Screenshots</h3>{shots}")
    parts.append("</section>")
    return "".join(parts)


def _spoken_html(browser: str, spoken: dict) -> str:
    """What Orca said on a state in one browser, each line after the key that caused it (lines
    that differed from the previous run marked unstable), and where it disagrees with the tree."""
    unstable = {(line["key"], line["text"]) for line in spoken.get("unstable", [])}
    lines = "".join(f'<li><span class="where">{html.escape(line["key"])} │</span> {html.escape(line["text"])}'
                    f'{" <em>(unstable)</em>" if (line["key"], line["text"]) in unstable else ""}</li>' for line in spoken.get("lines", []))
    parts = [f'<h3>What Orca says in {html.escape(browser.capitalize())} ({len(spoken.get("lines", []))} lines)</h3><ol class="transcript">{lines}</ol>']
    if spoken.get("error"):
        parts.append(f'<p class="bad">Orca could not read this state: {html.escape(spoken["error"])}</p>')
    if spoken.get("disagreements"):
        parts.append(_table(f"Where Orca in {browser.capitalize()} and the tree disagree (needs review: verify by ear)",
                            ["What", "The tree", "Orca"],
                            [[d["what"], d.get("tree") or "—", d.get("orca") or "(nothing said)"] for d in spoken["disagreements"]]))
    return "".join(parts)
