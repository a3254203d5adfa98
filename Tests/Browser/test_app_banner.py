"""The app banner of a deep link's web fallback page in headless Chromium: audited as every page
is, walked by keyboard, and its QR codes read back from the screen by zxing-cpp."""
import io
import json
import urllib.request

import pytest
import zxingcpp
from PIL import Image
from selenium.webdriver.common.by import By

from audit import AppAudit
from browser import Browser
from conftest import Server
from test_audit import GALLERY, SCREENSHOTS, conclude
from test_keyboard import Keyboard


@pytest.fixture(scope="module")
def banner_server():
    running = Server("--app-banner", "on")
    yield running
    running.stop()


def decoded(element) -> str:
    """The text of the QR code drawn in `element`, read from a screenshot as a phone's camera would."""
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(element.screenshot_as_png)))
    assert results, "no QR code could be read"
    return results[0].text


def test_the_banner_offers_the_app_and_its_codes_read_back(banner_server):
    browser = Browser(banner_server.base)
    try:
        GALLERY.mkdir(parents=True, exist_ok=True)
        audit = AppAudit("app-banner", browser, GALLERY, screenshots=SCREENSHOTS)
        browser.open("/suma-finance/auth/login")
        assert browser.heading == "Login"
        banner = browser.driver.find_element(By.CSS_SELECTOR, "aside.app-banner")
        assert not banner.find_elements(By.CSS_SELECTOR, ".claim-code"), "a code only for a person who asks for one"
        (link,) = banner.find_elements(By.CSS_SELECTOR, "svg.qr-code")
        assert decoded(link) == "https://suma.finance/auth/login"
        audit.state("Login with the app banner (desktop)")

        # Asking for the app: one code, shown on the page with its QR code until it is claimed.
        keyboard = Keyboard(browser)
        keyboard.tab_to("Download on the App Store")
        keyboard.tab_to("Get it on Google Play")
        keyboard.press("Get a code to continue in the app")
        assert browser.heading == "Login"
        banner = browser.driver.find_element(By.CSS_SELECTOR, "aside.app-banner")
        code = banner.find_element(By.CSS_SELECTOR, ".claim-code").text
        claim, link = banner.find_elements(By.CSS_SELECTOR, "svg.qr-code")
        assert decoded(claim) == code
        assert decoded(link) == "https://suma.finance/auth/login"
        toasts = browser.driver.find_element(By.CSS_SELECTOR, ".toasts").get_attribute("textContent")
        assert code in toasts, "said in the status region"
        audit.state("Login with a claim code (desktop)")
        browser.open("/suma-finance/auth/login")
        assert browser.driver.find_element(By.CSS_SELECTOR, "aside.app-banner .claim-code").text == code, "the same code again"

        # The app, once installed, claims the link with the code: once.
        answer = json.loads(urllib.request.urlopen(f"{banner_server.base}/suma-finance/_deferred/{code}").read())
        assert answer["link"] == "sumafinance://auth/login"
        with pytest.raises(urllib.error.HTTPError) as second:
            urllib.request.urlopen(f"{banner_server.base}/suma-finance/_deferred/{code}")
        assert second.value.code == 404

        keyboard = Keyboard(browser)
        keyboard.press("Not now")
        assert browser.heading == "Login"
        assert not browser.driver.find_elements(By.CSS_SELECTOR, "aside.app-banner")
        audit.state("Login, the banner dismissed")
        conclude(audit)
    finally:
        browser.quit()
