"""The SwiftUIFlow demo: the login flow, the five coloured tabs and their stacks, a sheet of each
detent (at a phone's 390 px and a tablet's 1024 px), the alert-style modal, the dark two-step
modal, nested detours and a detour over the modal, replace navigation, the depth limit, the
unhandled route, the screen that fails to render — every page state of ACCEPTANCE-DEMO.md.
States the automated pass over the app's inventory audits as they are (each screen with the
app's data, each modal, a form's errors when sent empty, each alert and toast, the invalid link,
not found: Tests/Browser/test_inventory.py) are walked through here, not audited again; what is
audited is what only a walk reaches: data typed and saved, sign-in and its failures, the ways
between screens (issue 36)."""

APP = "/swiftuiflow-demo"


def wide(browser, audit, name: str):
    """The same state again at a tablet's 1024 px, as a new document (the audit reads each
    state's served HTML); the audit's reflow check returns the viewport to a phone's."""
    browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 1024, "height": 768, "deviceScaleFactor": 1, "mobile": False})
    browser.open(browser.path)
    audit.state(name + " at 1024 px")


def walk(browser, audit):
    state = audit.state
    browser.open(APP + "/")
    browser.press("Log In")
    for button, name in [("Open a Small Sheet", "Small sheet"), ("Open a Medium Sheet", "Medium sheet"),
                         ("Open a Large Sheet", "Large sheet"), ("Open an Extra-Large Sheet", "Extra-large sheet"),
                         ("Open a Full-Screen Sheet", "Full-screen sheet"), ("Open a Custom-Height Sheet", "Custom-height sheet")]:
        browser.press(button)
        wide(browser, audit, name)
        browser.press("Close")
    browser.press("Show an Alert-Style Modal")
    browser.press("Close")
    browser.press("Push Light Red")
    browser.press("Push Lighter Red")
    browser.press("Go to Light Blue in the Blue Tab")
    state("Light Blue, reached from Red")
    browser.press("Push Lighter Blue")

    browser.select_tab("green")
    browser.press("Push Light Green")
    browser.press("Open the Dark Two-Step Modal")
    browser.press("Go to Step 2")
    browser.press("Back")
    browser.press("Open Detour D")
    state("Detour D over the dark modal")
    browser.press("Back")
    browser.press("Close")
    browser.press("Push Lighter Green")

    browser.select_tab("blue")
    browser.press("Open Detour D")
    state("Detour D over Lighter Blue")
    browser.press("Push Step 2 Inside the Detour")
    state("Detour D, step 2")
    browser.press("Back")
    browser.press("Open Detour E Over This One")
    state("Detour E over Detour D")
    browser.press("Back")
    browser.press("Back")
    browser.press("Back")
    browser.press("Back")
    state("Blue")

    browser.select_tab("yellow")
    browser.press("Start the Steps")
    browser.press("Replace with Step B")
    browser.press("Replace with Step C")
    browser.press("Back")
    browser.press("Push Light Yellow")
    browser.press("Push Lighter Yellow")

    browser.select_tab("purple")
    browser.press("Navigate to an Unhandled Route")
    state("Unhandled route toast")
    browser.press("Push Purple 1")
    browser.press("Push Purple 2")
    browser.press("Push Purple 3")
    state("Depth limit message")
    browser.press("Back")
    browser.press("Back")
    browser.press("Open a Screen That Fails")
    wide(browser, audit, "Broken screen")
    browser.press("Back")
    browser.press("Log Out")
