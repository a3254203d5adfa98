"""Keyboard only (Tab, Shift+Tab, Enter, Space): SUMA Finance's main flow — skip onboarding,
sign in, open a tab, log out — and focus never lands on anything hidden or covered."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

FOCUSED = """
    const element = document.activeElement;
    if (!element || element === document.body) return {name: '', problem: ''};
    const name = (element.getAttribute('aria-label') || element.labels?.[0]?.textContent || element.textContent || '').trim();
    let problem = '';
    if (element.closest('[inert]')) problem = 'is inside an inert part of the page';
    else if (!element.checkVisibility({visibilityProperty: true, opacityProperty: true})) problem = 'is not shown';
    else {
        const box = element.getBoundingClientRect();
        if (box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth) problem = 'is off screen';
        else {
            const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (top && !element.contains(top) && !top.contains(element)) problem = 'is covered by ' + top.tagName.toLowerCase();
        }
    }
    return {name: name.replace(/\\s+/g, ' '), problem: problem};
"""


class Keyboard:
    def __init__(self, browser):
        self.browser = browser
        self.visited = []

    def key(self, *keys):
        chain = ActionChains(self.browser.driver)
        for key in keys:
            chain.send_keys(key)
        chain.perform()

    def tab_to(self, label: str, backwards: bool = False, limit: int = 40):
        """Presses Tab (or Shift+Tab) until the control named `label` has focus, checking every
        stop on the way."""
        for _ in range(limit):
            if backwards:
                ActionChains(self.browser.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
            else:
                self.key(Keys.TAB)
            focused = self.browser.driver.execute_script(FOCUSED)
            self.visited.append(focused["name"])
            assert not focused["problem"], f"on {self.browser.path}, focus on '{focused['name']}' {focused['problem']}"
            if focused["name"] == label or focused["name"].startswith(label + " "):
                return
        raise AssertionError(f"on {self.browser.path}, Tab never reached '{label}' (stops: {self.visited[-limit:]})")

    def press(self, label: str, key=Keys.ENTER, backwards: bool = False):
        self.tab_to(label, backwards)
        self.browser.leaving(lambda: self.key(key))

    def type_into(self, label: str, text: str):
        self.tab_to(label)
        self.key(text)


def test_the_main_flow_by_keyboard_alone(browser):
    keys = Keyboard(browser)
    browser.open("/suma-finance/")
    assert browser.heading == "Welcome to SUMA Finance"
    keys.press("Skip", key=Keys.SPACE)
    assert browser.heading == "Login"
    keys.type_into("Email address", "test@example.com")
    keys.type_into("Password", "password123")
    keys.press("Log In")
    if browser.heading == "Biometric Enrollment":
        keys.press("Skip")
    assert browser.heading == "Home"
    keys.press("Accounts")
    assert browser.heading == "Accounts"
    keys.press("Profile", backwards=False)
    assert browser.heading == "Profile"
    keys.press("Log Out", backwards=True)
    assert browser.heading == "Login" and "logged out" in browser.driver.page_source


def test_tab_never_leaves_a_full_screen_modal_for_what_lies_under_it(browser):
    keys = Keyboard(browser)
    browser.open("/suma-finance/")
    keys.press("Skip")
    keys.press("Create Account")
    keys.press("Terms & Conditions")
    assert browser.heading == "Terms & Conditions"
    # Round the whole page twice: every stop must be on the modal, shown and uncovered.
    stops = set()
    for _ in range(30):
        keys.key(Keys.TAB)
        focused = browser.driver.execute_script(FOCUSED)
        assert not focused["problem"], f"focus on '{focused['name']}' {focused['problem']}"
        in_dialog = browser.driver.execute_script("return !!document.activeElement.closest('dialog') || document.activeElement === document.body"
                                                  " || document.activeElement.classList.contains('skip-link')")
        assert in_dialog, f"Tab left the modal for '{focused['name']}'"
        stops.add(focused["name"])
    assert any(stop.startswith("Close") for stop in stops)


def test_the_flow_map_by_keyboard_alone(browser):
    """The drawing scrolls by keyboard but its links take no stops; the list below it is
    what Tab walks, and its links open the screens."""
    keys = Keyboard(browser)
    browser.open("/suma-finance/_map")
    keys.tab_to("Show these days")
    keys.key(Keys.TAB)
    region = browser.driver.execute_script("return document.activeElement.getAttribute('role')")
    assert region == "region", "the drawing's scroll box is the next stop"
    before = browser.driver.execute_script("return document.querySelector('.map-scroll').scrollLeft")
    keys.key(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    # Chromium scrolls by arrow keys smoothly: wait for it to move.
    WebDriverWait(browser.driver, 2).until(
        lambda driver: driver.execute_script("return document.querySelector('.map-scroll').scrollLeft") > before,
        "arrow keys scroll the drawing")
    keys.tab_to("SVG")
    keys.press("Login")
    assert browser.heading == "Login"
