"""A stranger's public page in headless Chromium (issue 50): the page carries no token and sets
no cookie, a real browser's post from it (Fetch Metadata and Origin, no token) starts the
visitor's session, and a form on another origin posting to it is refused."""
import http.server
import threading
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from browser import Browser
from conftest import Server
from server import free_port


@pytest.fixture(scope="module")
def public_server():
    port = free_port()
    running = Server("--prototype", "off", "--public-origin", f"http://127.0.0.1:{port}", port=port)
    yield running
    running.stop()


def test_a_browser_posts_from_a_public_page_and_its_session_starts(public_server):
    with urllib.request.urlopen(public_server.base + "/suma-finance/auth/register") as answer:
        assert answer.headers["Cache-Control"].startswith("public, ")
        assert answer.headers["Set-Cookie"] is None and answer.headers["ETag"]
    browser = Browser(public_server.base)
    try:
        browser.open("/suma-finance/auth/register")
        assert browser.heading == "Create Account"
        assert not browser.driver.find_elements(By.CSS_SELECTOR, "input[name=csrf]"), "no per-visitor token"
        assert not browser.driver.get_cookies(), "reading sets no cookie"
        browser.fill({"Email address": "stranger@example.com", "Password": "Secure123", "Confirm password": "Secure123",
                      "I accept the Terms & Conditions and the Privacy Policy": True})
        browser.press("Next")
        assert browser.heading == "Personal Info", "the tokenless post from the public page was taken"
        assert any(cookie["name"] == "fp_suma-finance" for cookie in browser.driver.get_cookies()), "the post started a session"
        assert browser.driver.find_elements(By.CSS_SELECTOR, "input[name=csrf]"), "the session's pages carry its token"
    finally:
        browser.quit()


def test_a_form_on_another_origin_is_refused(public_server, tmp_path):
    # Another origin (another port of 127.0.0.1: the same site, not the same origin) with a form
    # aimed at the public page's sign-in, pressed by the visitor.
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Elsewhere</title></head><body><main><h1>Elsewhere</h1>'
        f'<form method="post" action="{public_server.base}/suma-finance/_action/log-in">'
        '<input type="hidden" name="screen" value="/suma-finance/auth/login"><input type="hidden" name="form" value="login">'
        '<input type="hidden" name="email" value="test@example.com"><input type="hidden" name="password" value="password123">'
        '<button type="submit">Win a prize</button></form></main></body></html>')
    handler = lambda *arguments: http.server.SimpleHTTPRequestHandler(*arguments, directory=str(tmp_path))
    elsewhere = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    browser = Browser(f"http://127.0.0.1:{elsewhere.server_address[1]}")
    try:
        browser.open("/index.html")
        # Waited for, as a person waits for the page to change: reading it at once raced the post.
        browser.leaving(browser.driver.find_element(By.CSS_SELECTOR, "button").click)
        assert "Posts from other sites are refused." in browser.driver.page_source
        browser.driver.get(public_server.base + "/suma-finance/auth/login")
        assert not browser.driver.get_cookies(), "nothing was started for the other site's post"
    finally:
        browser.quit()
        elsewhere.shutdown()
