"""What a screen reader meets as a page arrives, as Orca 43 in Firefox found it on SUMA Finance:
the title and heading before any field, the tab bar as one form (not "leaving form" after every
tab), the prototype toolbar named once, and no status region when there is nothing to say."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from transcript import transcript

APP = "/suma-finance"


def test_login_puts_focus_on_its_heading_not_in_a_field(browser):
    browser.open(APP + "/")
    browser.press("Skip")
    assert browser.heading == "Login"
    focused = browser.driver.execute_script("const e = document.activeElement; return [e.tagName.toLowerCase(), e.textContent.trim()]")
    assert focused == ["h1", "Login"], "the heading is read first; a field would start a screen reader in its focus mode"
    # The H a screen reader's user presses to move by heading types nothing.
    ActionChains(browser.driver).send_keys("hhhh").perform()
    assert browser.field("Email address").get_attribute("value") == ""

    browser.press("Log In")
    assert browser.title.startswith("Error: ")
    focused = browser.driver.execute_script("return document.activeElement.className")
    assert focused == "error-summary", "after a refused submit, the summary of what went wrong, linked to each field"


def sign_in(browser):
    browser.open(APP + "/")
    browser.press("Skip")
    browser.fill({"Email address": "test@example.com", "Password": "password123"})
    browser.press("Log In")
    if browser.heading == "Biometric Enrollment":
        browser.press("Skip")
    assert browser.heading == "Home"


def said(browser) -> list:
    return [line.says for line in transcript(browser.accessibility_tree())]


def test_the_tab_bar_is_one_form(browser):
    sign_in(browser)
    forms = browser.driver.execute_script(
        "return [...document.querySelectorAll('nav.tab-bar button')].map(button => button.form)")
    assert len(forms) == 4 and len({form.id for form in forms}) == 1 and len(browser.driver.find_elements(By.CSS_SELECTOR, "nav.tab-bar form")) == 1
    browser.select_tab("accounts-tab")
    assert browser.heading == "Accounts"
    selected = browser.driver.find_elements(By.CSS_SELECTOR, "nav.tab-bar button[aria-current=page]")
    assert [button.get_attribute("data-tab") for button in selected] == ["accounts-tab"]


def test_the_prototype_toolbar_is_named_once(browser):
    sign_in(browser)
    lines = said(browser)
    # Chromium, as Orca did, reads the heading as drawn: "PROTOTYPE TOOLS".
    assert sum("prototype tools" in line.lower() for line in lines) == 1, lines


def test_no_status_region_is_read_with_nothing_to_say_and_a_toast_is_one(browser):
    sign_in(browser)
    assert not any(line.startswith("status") for line in said(browser))
    assert not browser.driver.find_elements(By.CSS_SELECTOR, "[role=status], [aria-live]")
    browser.press("Profile")
    browser.press("Log Out")
    status = browser.driver.find_element(By.CSS_SELECTOR, "[role=status]")
    assert "logged out" in status.get_attribute("textContent")
