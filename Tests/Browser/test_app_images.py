"""An app folder's images in Chromium (issue 46): the pantry's own image is drawn on its screen,
and a scripted SVG of the folder opened by itself, as a link to its address would open it, runs
none of its script: FlowPages serves it with `default-src 'none'` and a sandbox."""
import shutil

import pytest
from selenium.webdriver.common.by import By

from browser import Browser
from conftest import REPOSITORY, Server

SCRIPTED = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
            '<script>document.documentElement.setAttribute("data-ran", "yes")</script>'
            '<rect width="8" height="8"/></svg>')


@pytest.fixture
def pantry(tmp_path):
    """Pantry with a scripted SVG added to its images and shown on its Pantry screen."""
    views = tmp_path / "views"
    shutil.copytree(REPOSITORY / "Views/_layout", views / "_layout")
    shutil.copytree(REPOSITORY / "Tests/Apps/pantry", views / "pantry")
    (views / "pantry/images/scripted.svg").write_text(SCRIPTED)
    items = views / "pantry/items.html"
    items.write_text(items.read_text().replace("<ul", '<img src="{{ image "scripted.svg" }}" alt=""><ul', 1))
    server = Server(views=str(views))
    browser = Browser(server.base)
    yield browser
    browser.quit()
    server.stop()


def test_an_app_image_is_drawn_and_a_scripted_svg_opened_by_itself_runs_no_script(pantry):
    pantry.open("/pantry/items")
    shelves = pantry.driver.find_element(By.CSS_SELECTOR, 'img[alt="Pantry shelves of jars and tins"]')
    assert pantry.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", shelves) == 240
    scripted = pantry.driver.find_element(By.CSS_SELECTOR, 'img[src*="/_images/scripted."]').get_attribute("src")
    pantry.driver.get(scripted)
    assert pantry.driver.execute_script("return document.documentElement.localName") == "svg", "the SVG itself is open"
    assert pantry.driver.execute_script("return document.documentElement.getAttribute('data-ran')") is None, "its script did not run"
