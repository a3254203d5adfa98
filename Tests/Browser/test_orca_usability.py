"""A tester whose pages Orca reads: SUMA Finance's usability test taken in Firefox ESR under a
real screen reader, moving by buttons (B) and pressing Return as a screen-reader user does —
consent, a mission's brief, the app with the mission's region, then giving up — and the results
read by the team say so."""
import urllib.request

import pytest

from conftest import Server
from orca import ScreenReader
from test_orca import MISSING, needs_orca

LINK = "/suma-finance/_test/first-look"


@pytest.fixture(scope="module")
def suma():
    running = Server()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def taken(suma):
    """The test taken to the first mission's end by a tester Orca reads for: what Orca said on
    each page, and the login page in a mission read whole (headings, say-all, Tab)."""
    if MISSING:
        pytest.skip(f"a real screen reader needs {', '.join(MISSING)} installed")
    with ScreenReader("firefox") as reader:
        consent = reader.open(suma.base + LINK)
        # The first button of the consent page is its own: the answer about assistive technology is optional.
        brief = reader.open(("ctrl+Home", "b", "Return"))
        login = reader.read(("ctrl+Home", "b", "Return"), tab_stops=6, headings=2)
        # The region's buttons are the page's first: I'm done, Give up, Restart this mission.
        restarted = reader.open(("ctrl+Home", "b", "b", "b", "Return"))
        next_brief = reader.open(("ctrl+Home", "b", "b", "Return"))
    return consent, brief, login, restarted, next_brief


@needs_orca
def test_a_screen_reader_tester_hears_the_task_before_the_app(taken):
    _, brief, login, _, _ = taken
    assert "Mission 1 – SUMA Finance: first look heading level 1." in brief, brief
    headings = login.said("H")
    assert "Your task: Mission 1 of 3 heading level 2." in headings, headings
    assert "Login heading level 1." in headings, headings
    assert headings.index("Your task: Mission 1 of 3 heading level 2.") < headings.index("Login heading level 1.")
    spoken = " ".join(login.said("say-all"))
    assert "Get to the screen where you choose a new one" in spoken, spoken
    buttons = [line for line in login.said("Tab") if "push button" in line]
    assert any(line.startswith("I'm done push button") or line.startswith("I’m done push button") for line in buttons), buttons


@needs_orca
def test_restarting_and_giving_up_by_screen_reader_are_counted(taken, suma):
    _, _, _, restarted, next_brief = taken
    assert any("Login" in line for line in restarted), restarted
    assert "Mission 2 – SUMA Finance: first look heading level 1." in next_brief, next_brief
    with urllib.request.urlopen(suma.base + "/suma-finance/_usability/first-look/results.csv") as response:
        rows = response.read().decode().strip().split("\r\n")
    header, row = rows[0].split(","), rows[1].split(",")
    assert len(rows) == 2 and row[header.index("reset-password outcome")] == "gave-up", rows
    assert row[header.index("reset-password restarts")] == "1", rows
