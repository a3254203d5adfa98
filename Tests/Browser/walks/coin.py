"""COIN: the three tabs, a project and its COINs, the Canvas with its panels, a new COIN, the
New Project sheet, Settings, and the "Discard Changes?" dialog over a dirty Canvas and a dirty
form sheet — every page state of ACCEPTANCE-COIN.md's walks."""

APP = "/coin"


def walk(browser, audit):
    state = audit.state
    browser.open(APP + "/")
    state("Recents")
    browser.press("Settings")
    state("Settings over Recents")
    browser.press("Close")
    browser.press("Onboarding Interviews")
    state("Canvas of Onboarding Interviews")
    browser.press("Export")
    state("Export of Onboarding Interviews")
    browser.press("Back")
    browser.fill({"COIN name": "Renamed COIN"})
    browser.press("Close")
    state("Discard Changes? over the Canvas")
    browser.press("Don't Leave")
    browser.press("Close")
    browser.press("Discard")

    browser.select_tab("projects")
    state("Projects")
    browser.press("Customer Onboarding Study")
    state("Project Detail proj-123")
    browser.press("+ New COIN")
    state("Canvas of a new COIN")
    browser.press("Close")
    browser.press("Projects")
    browser.press("+ New Project")
    state("New Project sheet")
    browser.press("Save")
    state("New Project sheet with errors")
    browser.fill({"Project name": "Temp"})
    browser.press("Cancel")
    state("Discard Changes? over New Project")
    browser.press("Discard")

    browser.select_tab("favorites")
    state("Favorites")
    browser.open(APP + "/_open?url=coinapp://coin/coin-999")
    state("Invalid Link over Favorites")
