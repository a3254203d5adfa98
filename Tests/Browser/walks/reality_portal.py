"""Reality Portal: the five tabs, search, a listing with its photos and map, the sign-in sheet
a guarded tab shows, favourites, inquiries with their unread badge, a new inquiry, the account
screens and an invalid link — every page state of ACCEPTANCE-RP.md's walks.
States the automated pass over the app's inventory audits as they are (each screen with the
app's data, each modal, a form's errors when sent empty, each alert and toast, the invalid link,
not found: Tests/Browser/test_inventory.py) are walked through here, not audited again; what is
audited is what only a walk reaches: data typed and saved, sign-in and its failures, the ways
between screens (issue 36)."""

APP = "/reality-portal"


def walk(browser, audit):
    state = audit.state
    browser.open(APP + "/")
    browser.press("All featured listings")
    browser.press("Sunny Loft with Terrace")
    browser.press("Photos")
    browser.press("Back")
    browser.press("Map")

    browser.select_tab("search")
    browser.fill({"City, street or kind of home": "Prague"})
    browser.press("Search")
    state("Search results")
    browser.press("Family House with Garden")
    state("Listing 456 on Search")
    browser.select_tab("favorites")
    state("Log In sheet over Search")
    browser.press("Log In")
    browser.fill({"Email address": "test@example.com", "Password": "wrong-password"})
    browser.press("Log In")
    state("Login Failed alert")
    browser.press("Try Again")
    browser.fill({"Email address": "test@example.com", "Password": "password123"})
    browser.press("Log In")
    state("Favorites, signed in, unread badge")
    browser.select_tab("inquiries")
    state("Inquiries")
    browser.press("Family House with Garden")
    state("Inquiry")

    browser.select_tab("search")
    browser.press("Ask the Agent")
    state("New Inquiry sheet")
    browser.press("Send Inquiry")
    browser.fill({"Your message": "Is there a cellar?", "Phone number (optional)": "+420 601 234 567"})
    browser.press("Send Inquiry")
    state("Inquiry sent, toast")

    browser.select_tab("account")
    browser.press("Profile")
    browser.press("Back")
    browser.press("Settings")
    browser.press("Back")
    browser.press("Log Out")
    state("Logged out, toast")

    browser.open(APP + "/search/results?query=castle")
    state("Search results: nothing found")
    browser.open(APP + "/listing/999999")
