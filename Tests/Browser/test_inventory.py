"""The automated pass (`audit_pass.py`, what `flowpages audit` runs) over every shipped app, on the
pages as shipped (`--prototype audit`: no toolbar, the app banner as configured): every state its
inventory lists, opened at a one-time address of its own and audited light and dark — axe, the Nu
checker, names, focus, the keyboard pass — with a screen-reader transcript and tab stops for each,
and no walk written for the app (issues 36 and 48)."""
import secrets

import pytest

from audit_pass import AuditPass, ShippedStates
from audit_report import write_all
from browser import Browser
from conftest import Server
from test_audit import APPS, GALLERY, SCREENSHOTS, report


@pytest.fixture(scope="module")
def shipped():
    """A server of the pages as shipped for the pass, with its key, and Chromium on it."""
    key = secrets.token_urlsafe(32)
    server = Server("--prototype", "audit", environment={"FLOWPAGES_AUDIT_KEY": key})
    browser = Browser(server.base)
    browser.audit_key = key
    yield browser, key
    browser.quit()
    server.stop()


def run_pass(browser, key, app, out):
    """The pass over `app` into `out`, with its report; fails on any finding."""
    states = ShippedStates(browser, app, key)
    audit_pass = AuditPass(browser, app, out, states=states, screenshots=SCREENSHOTS)
    results = audit_pass.run()
    write_all(results, out, audit_pass.previous)
    assert results["finished"] and not audit_pass.audit.problems, report(audit_pass.audit)
    return results, states


@pytest.mark.parametrize("app", APPS)
def test_every_inventoried_state_passes_the_automated_pass(app, shipped):
    browser, key = shipped
    results, states = run_pass(browser, key, app, GALLERY / f"{app}-audit")
    assert [state["id"] for state in results["states"]] == [state.id for state in states.listed()], "every listed state was visited"
    for state in results["states"]:
        assert state["transcript"] and state["tabStops"], f"{state['id']}: a transcript and tab stops"
        said = [line["says"] for line in state["transcript"]]
        assert any(line.startswith(("heading level", "alert dialog")) for line in said), f"{state['id']}: {said}"
        assert not any("prototype tools" in line.lower() for line in said + state["tabStops"]), f"{state['id']}: the pages as shipped"
