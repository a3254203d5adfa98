"""Every state an app's audit inventory lists (`/<app>/_audit`), opened by its own "Open this
state" button and audited as every walked state is — light and dark, axe, the Nu checker, names,
focus — with no walk written for the app (issue 36)."""
import pytest
from selenium.webdriver.common.by import By

from audit import AppAudit
from test_audit import APPS, GALLERY, conclude


def listed(browser, app):
    """The inventory's states: (id, name) of each one it can open."""
    browser.open(f"/{app}/_audit")
    states = []
    for item in browser.driver.find_elements(By.CSS_SELECTOR, "ul.audit-states > li"):
        inputs = item.find_elements(By.CSS_SELECTOR, "input[name=state]")
        if inputs:
            states.append((inputs[0].get_attribute("value"), item.find_element(By.CSS_SELECTOR, ".name").text))
    return states


def audit_inventory(app, browser, gallery_name):
    GALLERY.mkdir(parents=True, exist_ok=True)
    audit = AppAudit(gallery_name, browser, GALLERY)
    audit.iconic_tabs = AppAudit(app, browser, GALLERY).iconic_tabs
    states = listed(browser, app)
    assert states, f"{app}: the inventory lists nothing to open"
    for state_id, name in states:
        browser.open(f"/{app}/_audit")
        button = browser.driver.find_element(By.XPATH, f"//input[@name='state'][@value='{state_id}']/parent::form/button")
        browser.leaving(button.click)
        audit.state(f"{name} [{state_id}]")
    conclude(audit)
    return audit


@pytest.mark.parametrize("app", APPS)
def test_every_inventoried_state_passes_the_audit(app, browser):
    audit = audit_inventory(app, browser, app + "-inventory")
    assert len(audit.states) == len(listed(browser, app)), "every state the inventory lists was visited"
