"""COIN: the three tabs, a project and its COINs, the Canvas with its panels, a new COIN, the
New Project sheet, Settings, and the "Discard Changes?" dialog over a dirty Canvas and a dirty
form sheet — every page state of ACCEPTANCE-COIN.md's walks.
States the automated pass over the app's inventory audits as they are (each screen with the
app's data, each modal, a form's errors when sent empty, each alert and toast, the invalid link,
not found: Tests/Browser/test_inventory.py) are walked through here, not audited again; what is
audited is what only a walk reaches: data typed and saved, sign-in and its failures, the ways
between screens (issue 36)."""

APP = "/coin"


def walk(browser, audit):
    state = audit.state
    browser.open(APP + "/")
    browser.press("Settings")
    browser.press("Close")
    browser.press("Onboarding Interviews")
    browser.press("Export")
    browser.press("Back")
    browser.fill({"COIN name": "Renamed COIN"})
    browser.press("Close")
    state("Discard Changes? over the Canvas")
    browser.press("Don't Leave")
    browser.press("Close")
    browser.press("Discard")

    browser.select_tab("projects")
    browser.press("Customer Onboarding Study")
    browser.press("+ New COIN")
    state("Canvas of a new COIN")
    browser.press("Close")
    browser.press("Projects")
    browser.press("+ New Project")
    browser.press("Save")
    browser.fill({"Project name": "Temp"})
    browser.press("Cancel")
    state("Discard Changes? over New Project")
    browser.press("Discard")

    browser.select_tab("favorites")
    browser.open(APP + "/_open?url=coinapp://coin/coin-999")
