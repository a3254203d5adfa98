"""`flowpages audit` (its entry, audit_app.main) as an auditor runs it (issue 36), on apps no walk was written for: Tests/Apps/pantry
(written from Views/README.md alone) and an Android graph imported with `flowpages
import-navgraph`. Every inventoried state is visited with a transcript for each and nothing
found; the report, CSV and EARL are written, the report passing axe and the Nu checker and the
EARL being valid JSON-LD; and a second pass after a label is removed from a template reports it."""
import csv
import json
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from pyld import jsonld

import audit_app
from audit import VNU_JAR, AppAudit, Problem
from audit_report import FAMILIES
from browser import Browser
from conftest import REPOSITORY, Server
from selenium.webdriver.common.by import By

PANTRY = REPOSITORY / "Tests/Apps/pantry"


def run(app, views, out):
    return audit_app.main([app, "--views", str(views), "--out", str(out), "--screen-reader", "none", "--screenshots"])


def check_results(out: Path, app: str):
    results = json.loads((out / "results.json").read_text())
    assert results["finished"] and results["nuChecked"] and results["listed"] == len(results["states"]) > 0
    for state in results["states"]:
        assert state["transcript"], f"{state['id']} has a transcript"
        assert state["tabStops"], f"{state['id']} has tab stops"
        assert not state["problems"], f"{state['id']}: {state['problems']}"
        for scheme in ("light", "dark"):
            assert (out / state["screenshots"][scheme]).stat().st_size > 0
    rows = list(csv.reader((out / "results.csv").open()))
    assert rows[0][:3] == ["state id", "state", "kind"] and len(rows) == 1, "the CSV has its header and no finding"
    # EARL: valid JSON-LD with its context embedded, an assertion per state and family of checks.
    earl = json.loads((out / "earl.jsonld").read_text())
    quads = jsonld.to_rdf(earl, {"format": "application/n-quads"}).splitlines()
    outcomes = [quad for quad in quads if "<http://www.w3.org/ns/earl#outcome>" in quad]
    assert len(outcomes) == len(results["states"]) * len(FAMILIES), "one a family: axe and contrast once for both colour schemes"
    assert all(quad.split()[2] == "<http://www.w3.org/ns/earl#passed>" for quad in outcomes)
    assert any(f"<urn:flowpages:audit:{app}:not-found>" in quad for quad in quads)
    return results


def audit_report_page(out: Path):
    """The report itself, opened in Chromium from a server of its own: axe light and dark and the Nu checker."""
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "0"], cwd=out,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = server.stdout.readline().split("port ")[1].split()[0]
        browser = Browser(f"http://127.0.0.1:{port}")
        try:
            browser.open("/report.html")
            audit = AppAudit("report", browser, out)
            for scheme in ("light", "dark"):
                browser.scheme(scheme)
                audit._axe("report", scheme)
            html = browser.served_html()
        finally:
            browser.quit()
        run = subprocess.run(["java", "-jar", str(VNU_JAR), "--format", "json", "--exit-zero-always", "-"],
                             input=html, capture_output=True, text=True)
        errors = [m for m in json.loads(run.stderr or run.stdout)["messages"] if m.get("type") == "error"]
        audit.problems += [Problem("report", "Nu checker", "error", str(m.get("lastLine")), m["message"]) for m in errors]
        assert not audit.problems, "\n".join(map(str, audit.problems))
    finally:
        server.terminate()


@pytest.fixture(scope="module")
def pantry_pass(tmp_path_factory):
    """One pass over a copy of the pantry app: its views folder, its folder of results, and the
    results as that first pass wrote them (the tests below go on from there)."""
    folder = tmp_path_factory.mktemp("pantry-pass")
    shutil.copytree(PANTRY, folder / "views/pantry")
    assert run("pantry", folder / "views", folder / "out") == 0
    return folder / "views", folder / "out", json.loads((folder / "out/results.json").read_text())


def test_the_pass_over_an_app_written_from_the_docs(pantry_pass):
    _, out, _ = pantry_pass
    results = check_results(out, "pantry")
    kinds = {state["kind"] for state in results["states"]}
    assert {"Screens", "Modals and sheets", "Forms with their errors showing", "Alerts", "Confirmations", "Toasts",
            "Guarded screens, signed out", "Invalid link", "Not found"} <= kinds
    confirm = next(s for s in results["states"] if s["id"] == "confirmation:item:confirm-delete")
    said = [line["says"] for line in confirm["transcript"]]
    assert said[:2] == ["link, “Skip to the Alert”",
                        "alert dialog, “Delete This Item?”, “It goes from your pantry and your shopping list.”"], said
    assert confirm["tabStops"] == ["link, “Skip to the Alert”", "button, “Cancel”", "button, “Delete”"]
    errors = next(s for s in results["states"] if s["id"] == "form-errors:edit-item:item")
    field = next(line for line in errors["transcript"] if line["says"].startswith("edit, required, invalid entry, “Name”"))
    said = [line["says"] for line in errors["transcript"]]
    assert said.index("heading level 1, “Edit Rice”") < said.index("heading level 2, “There is a problem”")
    assert (field["landmark"], field["heading"]) == ("main", "There is a problem"), "read in main, after the error summary"
    audit_report_page(out)


def test_the_pass_over_an_imported_android_graph(tmp_path):
    views = tmp_path / "views"
    folder = REPOSITORY / "Tests/NavGraphs/garden"
    subprocess.run([os.environ.get("FLOWPAGES_BIN", str(REPOSITORY / ".build/debug/flowpages")), "import-navgraph",
                    str(folder / "nav_garden.xml"), str(folder / "nav_account.xml"), "--strings", str(folder / "strings.xml"),
                    "--app-id", "garden", "--out", str(views / "garden")], check=True, stdout=subprocess.DEVNULL)
    out = tmp_path / "garden"
    assert run("garden", views, out) == 0
    check_results(out, "garden")


def test_a_second_pass_reports_a_label_removed_from_a_template(pantry_pass):
    views, out, _ = pantry_pass
    items = views / "pantry/items.html"
    items.write_text(items.read_text().replace('label="Add Item"', 'label=""'))
    assert run("pantry", views, out) == 1, "the second pass finds something"
    changes = json.loads((out / "changes.json").read_text())
    change = changes["states"]["screen:items"]
    assert any(key.startswith("axe button-name") for key in change["new"]), change["new"]
    found = next(p for p in json.loads((out / "results.json").read_text())["states"] if p["id"] == "screen:items")["problems"]
    named = [p for p in found if p["rule"] == "button-name"]
    assert len(named) == 1 and named[0]["schemes"] == ["light", "dark"], "one finding for both colour schemes"
    assert named[0]["criteria"] == ["4.1.2"] and named[0]["impact"] == "critical" and "<button" in named[0]["snippet"], named[0]
    assert any("button, “Add Item”" in line for line in change["said"]["removed"]), "the button is no longer announced"
    assert "button, “Add Item”" in change["tabStops"]["removed"]
    assert (out / "previous.json").exists()
    report = (out / "report.html").read_text()
    assert "Changed since the previous pass" in report and "no longer: " in report


def test_a_manual_review_recorded_in_the_browser_and_its_pages_audited(tmp_path, pantry_pass):
    """An auditor starts an audit, judges a state, reads the conformance report; every page of
    the review passes the audit; a template changed afterwards marks its state changed."""
    views = tmp_path / "views"
    shutil.copytree(REPOSITORY / "Views/_layout", views / "_layout")
    shutil.copytree(PANTRY, views / "pantry")
    server = Server(views=str(views))
    browser = Browser(server.base)
    try:
        audit = AppAudit("pantry-review", browser, tmp_path)
        browser.open("/pantry/_audit")
        audit.state("The inventory with its reviews")
        browser.fill({"Name of the audit": "Release 1", "Your name": "Ana"})
        browser.press("Start an audit")
        assert browser.heading == "Audit: Release 1"
        audit.state("An audit's overview")
        browser.press("Form “item” with its errors on Add Item")
        audit.state("A state's criteria")
        browser.driver.find_element(By.ID, "fail-3-3-1").click()
        browser.fill({"Note on 3.3.1": "The quantity's error does not give the range."})
        browser.driver.find_element(By.ID, "pass-1-4-3").click()
        browser.press("Save the verdicts")
        assert "Saved: 2 changed." in browser.driver.page_source
        audit.state("A state's criteria, judged")
        browser.press("every state of the audit")
        overview = browser.path
        # A pass attached to the audit as `flowpages audit --attach-to 1` attaches it: the audit's own form.
        audit_app.attach(browser, "pantry", 1, pantry_pass[2], pantry_pass[1])
        assert "Automated pass of " in browser.driver.page_source
        # Its screenshots, each state's light and dark, beside that state's criteria.
        browser.open(overview.split("?")[0] + "/state?state=screen:items")
        shots = browser.driver.find_elements(By.CSS_SELECTOR, ".screenshots img")
        assert [shot.get_attribute("alt") for shot in shots] == [
            "The state as the automated pass saw it, light colour scheme", "The state as the automated pass saw it, dark colour scheme"]
        assert all(browser.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 300", shot) for shot in shots)
        browser.open(overview)
        browser.press("Conformance report")
        row = browser.driver.find_element(By.XPATH, "//tr[th[starts-with(normalize-space(), '3.3.1 ')]]").text
        assert "Partially Supports" in row and "The quantity's error does not give the range." in row, row
        summaries = [e.get_attribute("textContent") for e in browser.driver.find_elements(By.TAG_NAME, "summary")
                     if not e.get_attribute("textContent").startswith("Needs review")]
        assert len(summaries) == 2 * 17 and summaries[0].startswith("What a screen reader says ("), summaries[:2]
        # Two opened (as a reader opens them, without moving focus from where the page put it).
        browser.driver.execute_script("[...document.querySelectorAll('details')].slice(0, 2).forEach(d => d.open = true)")
        audit.state("The conformance report, with the automated pass")
        # The review's EARL: valid JSON-LD, an assertion per verdict, by its auditor.
        with urllib.request.urlopen(server.base + overview.split("?")[0] + "/report.jsonld") as answer:
            quads = jsonld.to_rdf(json.loads(answer.read()), {"format": "application/n-quads"}).splitlines()
        outcomes = sorted(quad.split()[2] for quad in quads if "<http://www.w3.org/ns/earl#outcome>" in quad)
        assert outcomes == ["<http://www.w3.org/ns/earl#failed>", "<http://www.w3.org/ns/earl#passed>"], outcomes
        assert any('"Ana"' in quad and "foaf/0.1/name" in quad for quad in quads)
        items = views / "pantry/add-item.html"
        items.write_text(items.read_text().replace('label="Add"', 'label="Add it"').replace(">Add<", ">Add it<"))
        browser.open(overview)
        changed = [cell.text for cell in browser.driver.find_elements(By.XPATH, "//th[contains(., '(changed since reviewed)')]")]
        assert changed == ["Form “item” with its errors on Add Item (changed since reviewed)"], changed
        audit.finish()
        assert not audit.problems, "\n".join(map(str, audit.problems))
    finally:
        browser.quit()
        server.stop()


# Eight defects of eight kinds planted in a copy of the pantry app: each the pass must report in
# the state where it occurs, under its WCAG criterion, naming the template file and line that
# made it; the clean pantry (above) reports none.
PLANTED = [
    # (file, text in it, what replaces it, state, check, rule, criterion,
    #  the template file and a text on the line the finding must name, in the planted copy)
    ("items.html", ' alt="Pantry shelves of jars and tins"', "", "screen:items", "axe", "image-alt", "1.1.1", ("items.html", "<img src=")),
    ("item.html", 'label="Edit"', 'label=""', "screen:item", "axe", "button-name", "4.1.2", ("item.html", 'label=""')),
    ("item.html", "<dl>", '<h1>Item</h1><input type="search" name="find"><dl>', "screen:item", "structure", "one-h1", "1.3.1",
     ("item.html", "<h1>Item</h1>")),
    ("item.html", "<dl>", '<input type="text" name="note"><dl>', "screen:item", "axe", "label", "4.1.2", ("item.html", '<input type="text" name="note">')),
    ("item.html", "</dl>", '</dl><p>For the recipe, see <a href="/pantry/items">here</a>.</p>', "screen:item", "links", "generic-link-text", "2.4.4",
     ("item.html", ">here</a>")),
    ("item-fields.html", "{{> _layout/field field=forms.item.quantity}}",
     '<div class="field"><label for="item-quantity">Quantity</label><input type="text" id="item-quantity" name="quantity"'
     ' value="{{ forms.item.quantity.value }}">{{#if forms.item.quantity.error}}<p class="field-error">{{ forms.item.quantity.error }}</p>{{/if}}</div>',
     "form-errors:edit-item:item", "errors", "error-not-tied", "3.3.1", ("item-fields.html", 'id="item-quantity"')),
    # Planted in the stylesheet, which has no lines in a source map: the line of the elements it styles.
    ("style.css", None, ".pantry-items { color: #b8b8b8; }\n", "screen:items", "axe", "color-contrast", "1.4.3", ("items.html", 'class="pantry-items"')),
    ("style.css", None, ".pantry-items { min-width: 40rem; }\n", "screen:items", "reflow", "320px", "1.4.10", ("items.html", 'class="pantry-items"')),
]


def test_every_planted_defect_is_reported_where_it_occurs_with_its_criterion_and_template_line(tmp_path):
    views = tmp_path / "views"
    shutil.copytree(PANTRY, views / "pantry")
    for name, text, replacement, *_ in PLANTED:
        path = views / "pantry" / name
        if text is None:
            with path.open("a") as file:
                file.write(replacement)
            continue
        source = path.read_text()
        assert text in source, f"{name} no longer has {text!r}: plant the defect elsewhere"
        path.write_text(source.replace(text, replacement, 1))
    out = tmp_path / "out"
    assert run("pantry", views, out) == 1, "the pass finds something"
    states = {state["id"]: state for state in json.loads((out / "results.json").read_text())["states"]}
    for _, _, _, state, check, rule, criterion, (file, marker) in PLANTED:
        found = states[state]["problems"] + states[state].get("needsReview", [])
        match = [p for p in found if p["check"] == check and p["rule"] == rule]
        assert match, f"{state}: no {check} {rule} in {[(p['check'], p['rule']) for p in found]}"
        assert criterion in match[0]["criteria"], f"{state} {rule}: criteria {match[0]['criteria']}, not {criterion}"
        lines = (views / "pantry" / file).read_text().split("\n")
        line = next(number for number, text in enumerate(lines, 1) if marker in text)
        assert f"pantry/{file}:{line}" in [p["template"] for p in match], f"{state} {rule}: made by {[p['template'] for p in match]}, not {file}:{line}"
        assert all(f"pantry/{file}:{line}" in p["identity"] for p in match if p["template"] == f"pantry/{file}:{line}")
    button = next(p for p in states["screen:item"]["problems"] if p["rule"] == "button-name")
    assert button["through"] == "_layout/button.html:1" and button["role"] == "button", "the shared partial the app's line included"
