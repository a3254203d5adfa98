"""The automated pass (`audit_pass.py`, what `audit-app.sh` runs) over every shipped app: every
state its inventory (`/<app>/_audit`) lists, opened by its own "Open this state" button and
audited light and dark — axe, the Nu checker, names, focus, the keyboard pass — with a
screen-reader transcript and tab stops for each, and no walk written for the app (issue 36)."""
import pytest

from audit_pass import AuditPass, inventory
from audit_report import write_all
from test_audit import APPS, GALLERY, report


def run_pass(browser, app, out):
    """The pass over `app` into `out`, with its report; fails on any finding."""
    audit_pass = AuditPass(browser, app, out)
    results = audit_pass.run()
    write_all(results, out, audit_pass.previous)
    assert results["finished"] and not audit_pass.audit.problems, report(audit_pass.audit)
    return results


@pytest.mark.parametrize("app", APPS)
def test_every_inventoried_state_passes_the_automated_pass(app, browser):
    results = run_pass(browser, app, GALLERY / f"{app}-audit")
    listed = inventory(browser, app)
    assert [state["id"] for state in results["states"]] == [state.id for state in listed], "every listed state was visited"
    for state in results["states"]:
        assert state["transcript"] and state["tabStops"], f"{state['id']}: a transcript and tab stops"
        said = [line["says"] for line in state["transcript"]]
        assert any(line.startswith(("heading level", "alert dialog")) for line in said), f"{state['id']}: {said}"
