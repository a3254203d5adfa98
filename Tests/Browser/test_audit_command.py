"""`flowpages audit` as an auditor runs it (issue 48): from a build's products — the binary and the
resources beside it — copied into an empty folder, with no checkout, over an app folder it has
never seen; the pages as shipped, every state read by Orca, and a second run that reports no
change on the lines Orca says alike."""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import FLOWPAGES_BIN, REPOSITORY

PANTRY = REPOSITORY / "Tests/Apps/pantry"
SHIPPED = sorted(path.parent.name for path in (REPOSITORY / "Views").glob("*/app.xml"))
needs_orca = pytest.mark.skipif(shutil.which("orca") is None, reason="Orca is not installed (Tests/run.sh installs it)")


def products(folder: Path) -> Path:
    """The build's products copied whole, as an auditor copies a release: the binary and its resources."""
    folder.mkdir()
    binary = Path(FLOWPAGES_BIN)
    shutil.copy2(binary, folder / "flowpages")
    for bundle in binary.parent.glob("*_flowpages.resources"):
        shutil.copytree(bundle, folder / bundle.name)
    return folder / "flowpages"


def audit(binary: Path, app: str, views: Path, out: Path, *arguments: str, cwd: Path) -> dict:
    # No trace of the checkout: not its venv, not its PYTHONPATH, not its folder.
    environment = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH", "VIRTUAL_ENV", "FLOWPAGES_BIN")}
    finished = subprocess.run([str(binary), "audit", app, "--views", str(views), "--out", str(out), *arguments],
                              cwd=cwd, env=environment, capture_output=True, text=True, timeout=1200)
    # 0: nothing found, 1: something found; 2 is the pass or Orca failing.
    assert finished.returncode in (0, 1), finished.stdout + finished.stderr
    results = json.loads((out / "results.json").read_text())
    assert results["finished"] and not results.get("screenReaderErrors"), finished.stdout + finished.stderr
    return results


def spoken(state: dict, browser: str) -> list:
    return [line["text"] for line in state["screenReader"][browser]["lines"]]


@needs_orca
def test_orca_reads_every_state_of_an_app_from_the_products_alone(tmp_path):
    binary = products(tmp_path / "products")
    apps = tmp_path / "apps"
    shutil.copytree(PANTRY, apps / "pantry")
    out = tmp_path / "audit"
    # Two jobs: two Chromiums audit side by side, and (as root, as CI runs) two Orcas read side by
    # side, each as a user of its own; the results keep the inventory's order all the same.
    results = audit(binary, "pantry", apps, out, "--browser", "chromium", "--jobs", "2", cwd=tmp_path)
    assert results["finished"] and results["listed"] == len(results["states"]) > 10 and results["jobs"] == 2
    assert [state["id"] for state in results["states"]] == inventory("pantry", apps)
    for state in results["states"]:
        said = spoken(state, "chromium")
        assert said, f"Orca said nothing on {state['id']}"
        # The page's own heading is heard, and never a prototype's toolbar: the pages as shipped.
        heading = next((line["says"] for line in state["transcript"] if line["says"].startswith("heading level 1")), None)
        if heading:
            name = heading.split("“", 1)[1].rstrip("”")
            assert any(name in text for text in said), f"{state['id']}: Orca never said its heading {name!r}: {said}"
        assert not any("prototype tools" in text.lower() for text in said + state["tabStops"]), state["id"]
        assert state["seconds"]["screenReader"]["chromium"] > 0
    report = (out / "report.html").read_text()
    assert "What Orca says in Chromium" in report
    # Run again on the same pages, one job: what Orca says alike is no change.
    again = audit(binary, "pantry", apps, out, "--browser", "chromium", "--state", "modal:add-item", "--state", "form-errors:add-item:item",
                  cwd=tmp_path)
    assert len(again["states"]) == 2
    changes = json.loads((out / "changes.json").read_text())
    assert not changes["states"], changes["states"]


@needs_orca
@pytest.mark.parametrize("app", SHIPPED)
def test_orca_reads_a_state_of_each_shipped_app_in_both_browsers(app, tmp_path):
    results = audit(products(tmp_path / "products"), app, REPOSITORY / "Views", tmp_path / "audit", "--browser", "both",
                    "--state", first_screen(app), cwd=tmp_path)
    state = results["states"][0]
    for browser in ("chromium", "firefox"):
        said = spoken(state, browser)
        assert any("heading" in text.lower() for text in said), f"{browser}: {said}"
        # The page's title and heading come before anything is typed: no field takes focus on arrival.
        arrival = [line["text"] for line in state["screenReader"][browser]["lines"] if line["key"] == "load"]
        assert "Focus mode" not in arrival, f"{browser} put the listener in a field on arrival: {arrival}"


def listed(app: str, views: Path = None) -> list:
    """The states of the app's inventory, in its order, from a prototype's states.json."""
    from conftest import Server
    import urllib.request
    server = Server(**({"views": str(views)} if views else {}))
    try:
        with urllib.request.urlopen(f"{server.base}/{app}/_audit/states.json", timeout=60) as answer:
            return json.loads(answer.read())["states"]
    finally:
        server.stop()


def inventory(app: str, views: Path) -> list:
    """The ids of the states the pass opens, in the inventory's order."""
    return [state["id"] for state in listed(app, views) if state["openable"]]


def first_screen(app: str) -> str:
    """The id of the first screen state the app's inventory lists."""
    return next(state["id"] for state in listed(app) if state["kind"] == "screen" and state["openable"])


def test_a_line_said_differently_is_unstable_on_an_unchanged_page_and_a_change_on_a_changed_one():
    from audit_pass import unstable_lines
    from audit_report import compare
    earlier = {"lines": [{"key": "load", "text": "Pantry heading level 1."}, {"key": "Tab 1", "text": "Oats link."}], "unstable": []}
    now = [{"key": "load", "text": "Pantry heading level 1."}, {"key": "Tab 1", "text": "Oats link. visited"}]
    assert unstable_lines(earlier, now, same_page=True) == [{"key": "Tab 1", "text": "Oats link."}, {"key": "Tab 1", "text": "Oats link. visited"}]
    assert unstable_lines(earlier, now, same_page=False) == []

    def state(transcript, lines, unstable):
        return {"id": "screen:items", "problems": [], "tabStops": [], "transcript": [{"landmark": "", "heading": "", "says": transcript}],
                "screenReader": {"chromium": {"lines": lines, "unstable": unstable}}}
    changed = compare({"states": [state("link, “Oats”", earlier["lines"], [])]},
                      {"states": [state("link, “Oats, visited”", now, [])], "finished": True})
    assert changed["states"]["screen:items"]["spoken"]["chromium"] == {"removed": ["Tab 1: Oats link."], "added": ["Tab 1: Oats link. visited"]}
    same = compare({"states": [state("link, “Oats”", earlier["lines"], [])]},
                   {"states": [state("link, “Oats”", now, unstable_lines(earlier, now, same_page=True))], "finished": True})
    assert same["states"] == {}
