"""Reality Portal: the five tabs, search, a listing with its photos and map, the sign-in sheet
a guarded tab shows, favourites, inquiries with their unread badge, a new inquiry, the account
screens and an invalid link — every page state of ACCEPTANCE-RP.md's walks."""
from selenium.webdriver.common.by import By

APP = "/reality-portal"


def tab(browser, tab_id: str):
    """Selects a tab by its form (its button's text carries the badge's count)."""
    button = browser.driver.find_element(By.CSS_SELECTOR, f"form[action$='/_tab/{tab_id}'] button")
    browser.leaving(button.click)


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

    tab(browser, "search")
    state("Search")
    browser.fill({"City, street or kind of home": "Prague"})
    browser.press("Search")
    state("Search results")
    browser.press("Family House with Garden")
    state("Listing 456 on Search")
    tab(browser, "favorites")
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
    tab(browser, "inquiries")
    state("Inquiries")
    browser.press("Family House with Garden")
    state("Inquiry")

    tab(browser, "search")
    browser.press("Ask the Agent")
    state("New Inquiry sheet")
    browser.press("Send Inquiry")
    state("New Inquiry with errors")
    browser.fill({"Your message": "Is there a cellar?", "Phone number (optional)": "+420 601 234 567"})
    browser.press("Send Inquiry")
    state("Inquiry sent, toast")

    tab(browser, "account")
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
