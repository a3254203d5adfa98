"""Android navigation graphs imported by `flowpages import-navgraph` (the test graphs of
Tests/NavGraphs), served from a views folder of their own and audited as the apps are: every
kind of generated page — a placeholder screen with its arguments, a form asking for an argument,
its errors, a dialog over a screen, a screen no action leads to, tabs — light and dark."""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from audit import AppAudit
from browser import Browser
from conftest import REPOSITORY, Server
from test_audit import GALLERY, SCREENSHOTS, conclude

GRAPHS = REPOSITORY / "Tests/NavGraphs"
SETS = {
    "garden": (["nav_garden.xml", "nav_account.xml"], ["--strings", "strings.xml"]),
    "market": (["nav_main.xml", "nav_shop.xml", "nav_cart.xml"], ["--strings", "strings.xml", "--menu", "bottom_nav.xml"]),
    "newsroom": (["nav_news.xml"], ["--menu", "bottom_nav.xml"]),
}


@pytest.fixture(scope="module")
def imported():
    views = tempfile.mkdtemp(prefix="flowpages-imported-")
    shutil.copytree(REPOSITORY / "Views/_layout", os.path.join(views, "_layout"))
    binary = os.environ.get("FLOWPAGES_BIN", str(REPOSITORY / ".build/debug/flowpages"))
    for app, (graphs, options) in SETS.items():
        folder = GRAPHS / app
        arguments = [str(folder / graph) for graph in graphs]
        arguments += [option if option.startswith("--") else str(folder / option) for option in options]
        subprocess.run([binary, "import-navgraph", *arguments, "--app-id", app, "--out", os.path.join(views, app)],
                       check=True, stdout=subprocess.DEVNULL)
    server = Server(views=views)
    browser = Browser(server.base)
    yield browser
    browser.quit()
    server.stop()
    shutil.rmtree(views, ignore_errors=True)


def test_imported_graphs_pass_the_audit(imported):
    browser = imported
    GALLERY.mkdir(parents=True, exist_ok=True)
    audit = AppAudit("imported-navgraphs", browser, GALLERY, screenshots=SCREENSHOTS)
    state = audit.state
    browser.open("/garden/")
    state("Garden: the start destination, with screens no action leads to")
    browser.press("Plant")
    state("Garden: a required argument asked for, left empty")
    browser.fill({"Plant Id": "42"})
    browser.press("Plant")
    state("Garden: Plant 42 with its arguments")
    browser.press("Water?")
    state("Garden: a dialog over Plant 42")
    browser.press("Back to My Garden")
    browser.press("Plants in north")
    state("Garden: Plants in north, a default shown")
    browser.open("/garden/about")
    state("Garden: a dialog opened by its URL, over Plants in north")
    browser.press("Close")
    browser.press("Back to My Garden")
    browser.press("Settings")
    browser.press("Licenses")
    state("Garden: Licenses in a nested graph, with pop-only actions")
    browser.open("/market/")
    state("Market: the Shop tab of a bottom navigation")
    browser.press("Product A-100")
    state("Market: Product A-100")
    browser.press("Your Cart")
    state("Market: the Cart tab")
    browser.open("/newsroom/_open?url=news.example%2Fsections%2Fsport")
    state("Newsroom: a tab's root opened by a link with its argument")
    conclude(audit)
