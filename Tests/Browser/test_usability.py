"""SUMA Finance's usability test taken in headless Chromium as testers take it — one with the
keyboard alone, one with JavaScript off — restarting and giving up missions, then the results read
as the team reads them; every page a tester or the team sees passes the audit, light and dark."""
import os
from pathlib import Path

from selenium.webdriver.common.keys import Keys

from audit import AppAudit
from browser import Browser
from test_audit import GALLERY, SCREENSHOTS, conclude
from test_keyboard import FOCUSED, Keyboard

LINK = "/suma-finance/_test/first-look"
RESULTS = "/suma-finance/_usability/first-look"
REGION = """
    const region = document.querySelector('section.usability-mission');
    if (!region) return null;
    const box = region.getBoundingClientRect(), page = document.querySelector('.page').getBoundingClientRect();
    return {name: document.getElementById(region.getAttribute('aria-labelledby')).textContent,
            above: box.bottom <= page.top + 1, fixed: getComputedStyle(region).position};
"""


def region(browser) -> dict:
    return browser.driver.execute_script(REGION)


def test_a_keyboard_only_tester_restarts_gives_up_and_finishes(browser):
    keys = Keyboard(browser)
    browser.open(LINK)
    keys.press("I agree: start the test")
    assert browser.heading == "Mission 1 – SUMA Finance: first look"
    keys.press("Start this mission")
    assert browser.heading == "Login"
    # The task is a region named by its heading, above the app's page and in the flow of the
    # document: it covers nothing (each Tab stop is checked uncovered on the way).
    shown = region(browser)
    assert shown == {"name": "Your task: Mission 1 of 3", "above": True, "fixed": "static"}, shown
    tree = browser.accessibility_tree()
    assert any(node.get("role", {}).get("value") == "region" and node.get("name", {}).get("value") == "Your task: Mission 1 of 3" for node in tree)
    # The page puts focus in the app; the region is before it, a Shift+Tab or two away.
    keys.press("Restart this mission", backwards=True)
    assert browser.heading == "Login" and region(browser)["name"] == "Your task: Mission 1 of 3"
    keys.press("Give up")
    assert browser.heading == "Mission 2 – SUMA Finance: first look"
    keys.press("Start this mission")
    assert browser.heading == "Welcome to SUMA Finance"
    keys.press("Give up")
    keys.press("Start this mission")
    keys.type_into("Email address", "test@example.com")
    keys.type_into("Password", "password123")
    keys.press("Log In")
    if browser.heading == "Biometric Enrollment":
        keys.press("Skip")
    keys.press("Transactions")
    assert browser.heading == "Transactions" and region(browser)["name"] == "Your task: Mission 3 of 3"
    keys.press("I'm done", backwards=True)
    assert browser.heading == "A few questions – SUMA Finance: first look"
    keys.press("Send my answers")
    assert browser.heading == "Thank you – SUMA Finance: first look"


def test_a_tester_without_javascript_succeeds_and_the_team_reads_it(server):
    tester = Browser(server.base)
    try:
        tester.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        tester.open(LINK)
        tester.field("A screen reader").click()
        tester.press("I agree: start the test")
        tester.press("Start this mission")
        tester.press("Forgot Password?")
        tester.fill({"Email address": "test@example.com"})
        tester.press("Send Code")
        tester.fill({"Verification code": "123456"})
        tester.press("Verify")
        assert tester.heading == "New Password"
        tester.press("I'm done")
        for _ in range(2):
            tester.press("Start this mission")
            tester.press("Give up")
        tester.field("Mostly sure").click()
        tester.press("Send my answers")
        assert tester.heading == "Thank you – SUMA Finance: first look"
    finally:
        tester.quit()
    team = Browser(server.base)
    try:
        team.open(RESULTS + "?at=screen-reader")
        text = team.driver.find_element("tag name", "main").text
        assert "Testers: 1 (A screen reader)" in text, text
        first = team.driver.find_elements("css selector", "main tbody")[0].text.split()
        assert first == ["1", "0", "0", "0", "0", "0", "0"], first
    finally:
        team.quit()


def test_every_page_of_a_test_passes_the_audit(browser):
    """The tester's pages (consent, brief, a screen with the mission's region, questions, thanks,
    withdrawn) and the team's (the tests, a test made in the browser, results, a tester's way):
    the same gate as every screen."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    audit = AppAudit("suma-finance-usability", browser, GALLERY, screenshots=SCREENSHOTS)
    browser.open(LINK)
    audit.state("Consent")
    browser.press("I agree: start the test")
    audit.state("Mission brief")
    browser.press("Start this mission")
    audit.state("Login in a mission")
    browser.press("Forgot Password?")
    browser.press("Send Code")
    audit.state("Forgot Password's errors in a mission")
    browser.press("Restart this mission")
    browser.press("Give up")
    for _ in range(2):
        browser.press("Start this mission")
        browser.press("Give up")
    audit.state("Questions")
    browser.press("Send my answers")
    audit.state("Thanks")
    browser.open("/suma-finance/_test/first-look/withdraw")
    audit.state("Withdraw, asked")
    browser.press("Withdraw from this test")
    audit.state("Withdrawn")
    team = Browser(browser.base)
    try:
        audit.browser = team
        team.open(LINK)
        team.press("I agree: start the test")
        team.press("Start this mission")
        team.press("Give up")
        team.driver.delete_all_cookies()
        team.open("/suma-finance/_usability")
        team.fill({"Name": "Sign-up study", "What testers read first": "We test the app."})
        team.press("Make the test")
        audit.state("A new test")
        team.fill({"Task": "Open an account"})
        team.field("Registration Success (registration-success)").click()
        team.press("Add the mission")
        audit.state("A test with a mission")
        team.open("/suma-finance/_usability")
        audit.state("Usability tests")
        team.open(RESULTS)
        audit.state("Results")
        team.press("Tester 2")
        audit.state("A tester's way")
    finally:
        audit.browser = browser
        team.quit()
    conclude(audit)
