"""Reality Portal: the five tabs, search, a listing with its photos and map, the sign-in sheet
a guarded tab shows, favourites, inquiries with their unread badge, a new inquiry, the account
screens and an invalid link — every page state of ACCEPTANCE-RP.md's walks."""

APP = "/reality-portal"


def walk(browser, audit):
    state = audit.state
    browser.open(APP + "/")
    state("Home")
    browser.press("All featured listings")
    state("Featured listings")
    browser.press("Sunny Loft with Terrace")
    state("Listing 123")
    browser.press("Photos")
    state("Listing 123: photos")
    browser.press("Back")
    browser.press("Map")
    state("Listing 123: map")

    browser.select_tab("search")
    state("Search")
    browser.fill({"City, street or kind of home": "Prague"})
    browser.press("Search")
    state("Search results")
    browser.press("Family House with Garden")
    state("Listing 456 on Search")
    browser.select_tab("favorites")
    state("Log In sheet over Search")
    browser.press("Log In")
    state("Log In sheet with errors")
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
    state("New Inquiry with errors")
    browser.fill({"Your message": "Is there a cellar?", "Phone number (optional)": "+420 601 234 567"})
    browser.press("Send Inquiry")
    state("Inquiry sent, toast")

    browser.select_tab("account")
    state("Account")
    browser.press("Profile")
    state("Profile")
    browser.press("Back")
    browser.press("Settings")
    state("Settings")
    browser.press("Back")
    browser.press("Log Out")
    state("Logged out, toast")

    browser.open(APP + "/search/results?query=castle")
    state("Search results: nothing found")
    browser.open(APP + "/listing/999999")
    state("Invalid Link alert (404)")
