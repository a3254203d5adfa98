"""Every page state of every app, audited in headless Chromium; the gate is 0 axe violations
(light and dark), 0 Nu errors and every structural check passed."""
import importlib
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from audit import AppAudit
from browser import Browser
from conftest import REPOSITORY, Server
import os
import shutil

APPS = sorted(path.parent.name for path in (REPOSITORY / "Views").glob("*/app.xml") if not path.parent.name.startswith("_"))
GALLERY = Path(os.environ.get("GALLERY", REPOSITORY / "Tests/Browser/gallery"))
# Screenshots cost time in every run and are looked at in few: taken when GALLERY names a folder.
SCREENSHOTS = "GALLERY" in os.environ
AUDITED = {}


def conclude(audit: AppAudit):
    """Writes the gallery's manifest, runs the checks over every state, and fails on a problem."""
    audit.write_manifest()
    audit.finish()
    AUDITED[audit.app] = audit
    assert not audit.problems, report(audit)


def report(audit: AppAudit) -> str:
    lines = [f"{len(audit.problems)} problems in {len(audit.states)} states of {audit.app}:"]
    lines += [f"  {problem}" for problem in audit.problems]
    return "\n".join(lines)


@pytest.mark.parametrize("app", APPS)
def test_every_state_of_the_app_passes_the_audit(app, browser):
    try:
        walk = importlib.import_module("walks." + app.replace("-", "_")).walk
    except ModuleNotFoundError:
        pytest.skip(f"{app} has no walk: the automated pass over its inventory audits its states (test_inventory.py); "
                    f"add Tests/Browser/walks/{app.replace('-', '_')}.py for what only a walk reaches")
    GALLERY.mkdir(parents=True, exist_ok=True)
    audit = AppAudit(app, browser, GALLERY, screenshots=SCREENSHOTS)
    walk(browser, audit)
    conclude(audit)


@pytest.mark.parametrize("app", APPS)
def test_the_flow_map_and_insights_pass_the_audit(app, browser):
    """The prototype's map, dashboard and audit inventory, after a few screens so the drawing and tables carry
    traffic: the same gate as every screen."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    audit = AppAudit(app + "-insights", browser, GALLERY, screenshots=SCREENSHOTS)
    browser.open(f"/{app}/")
    # A session starts at its first post: press the start screen's first button, or a tab.
    first = browser.driver.find_element(By.CSS_SELECTOR, "main form button, .tab-bar button:not([aria-current])")
    browser.leaving(first.click)
    browser.open(f"/{app}/_map")
    assert browser.heading == "Flow map"
    audit.state("Flow map")
    browser.open(f"/{app}/_insights")
    assert browser.heading == "Insights" and "Sessions: 0" not in browser.driver.page_source
    audit.state("Insights")
    browser.open(f"/{app}/_insights?from=2026-01-02&to=2026-01-01")
    audit.state("Insights, the days swapped")
    browser.open(f"/{app}/_audit")
    assert browser.heading == "Audit: every state"
    audit.state("Audit inventory")
    conclude(audit)


def test_the_site_pages_pass_the_audit(browser):
    GALLERY.mkdir(parents=True, exist_ok=True)
    audit = AppAudit("site", browser, GALLERY, screenshots=SCREENSHOTS)
    browser.open("/")
    audit.state("Index of apps")
    browser.open("/_open?url=not%20a%20url")
    audit.state("Link not recognised")
    browser.open("/no/such/page")
    audit.state("Not found outside any app")
    conclude(audit)


def test_a_broken_app_folder_shows_its_problems_and_passes_the_audit(tmp_path):
    """While prototyping, a folder that does not load is marked on the index and its pages list
    its problems, lines quoted: audited as every other page."""
    views = tmp_path / "Views"
    for folder in ("_layout", "coin"):
        shutil.copytree(REPOSITORY / "Views" / folder, views / folder)
    app = views / "coin" / "app.xml"
    app.write_text(app.read_text().replace(' presentation="', ' presentaton="', 1))
    server = Server(views=str(views))
    browser = Browser(server.base)
    try:
        GALLERY.mkdir(parents=True, exist_ok=True)
        audit = AppAudit("broken-app", browser, GALLERY, screenshots=SCREENSHOTS)
        browser.open("/")
        assert "coin" in browser.driver.find_element(By.TAG_NAME, "main").text
        audit.state("Index with a broken app")
        browser.open("/coin/")
        assert browser.heading == "coin cannot be shown"
        assert "has no attribute presentaton; did you mean presentation?" in browser.driver.page_source
        audit.state("A broken app folder's problems")
        conclude(audit)
    finally:
        browser.quit()
        server.stop()


def test_login_at_200_percent_text_keeps_everything_on_screen(browser):
    """WCAG 1.4.4: text at 200% (every size is in rem) loses nothing and scrolls only down."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    browser.open("/suma-finance/")
    browser.press("Skip")
    assert browser.heading == "Login"
    browser.driver.execute_script("document.documentElement.style.fontSize = '200%'")
    wide = browser.driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    if SCREENSHOTS:
        for scheme in ("light", "dark"):
            browser.scheme(scheme)
            browser.screenshot(str(GALLERY / f"suma-finance-login-text-200-{scheme}.png"))
        (GALLERY / "suma-finance-text-200.json").write_text(
            '{"app": "suma-finance, text at 200%", "states": [["Login at 200% text", "suma-finance-login-text-200"]]}')
    assert wide <= 0, f"at 200% text Login is {wide} px wider than the screen"


def test_a_toast_is_seen_in_the_first_screenful(browser):
    """A toast says what just happened ("This page was out of date", a refusal): it stands in the
    viewport over the page, above the tab bar, not after the page where no one scrolls."""
    browser.open("/reality-portal/")
    browser.open("/reality-portal/search/results?query=")
    toast = browser.driver.find_element(By.CSS_SELECTOR, ".toasts p")
    assert "could not be shown" in toast.text
    top, bottom, viewport = browser.driver.execute_script(
        "const box = arguments[0].getBoundingClientRect(); return [box.top, box.bottom, window.innerHeight]", toast)
    assert 0 <= top and bottom <= viewport, f"the toast is at {top}–{bottom} px of a {viewport} px viewport"
    tab_bar = browser.driver.find_element(By.CSS_SELECTOR, ".tab-bar").rect
    assert bottom <= tab_bar["y"], "the toast covers the tab bar"
