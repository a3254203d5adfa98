"""Moving between screens as the phone does: each kind of navigation runs a cross-document view
transition of its own kind in Chromium (the page marks how it came, `data-motion`, and the
stylesheet animates each kind), reduced motion runs none, and a sheet stands apart from the
screen it shows beneath it, light and dark. The pages hold no script: what a transition did is
read by one the test browser adds to every document it opens."""
import pytest

from browser import Browser

DEMO = "/swiftuiflow-demo"

# Notes, in each new document, whether it was revealed with a view transition and which
# animations that transition runs on which of its pseudo-elements.
WATCH = """
window.addEventListener('pagereveal', (event) => {
  const transition = event.viewTransition;
  window.flowpagesMotion = {ran: Boolean(transition), animations: []};
  if (!transition) return;
  transition.ready.then(() => {
    window.flowpagesMotion.animations = document.getAnimations()
      .filter((animation) => animation.effect && animation.effect.pseudoElement)
      .map((animation) => animation.animationName + ' ' + animation.effect.pseudoElement);
  }, (error) => { window.flowpagesMotion.error = String(error); });
});
"""


@pytest.fixture
def watched(server):
    browser = Browser(server.base)
    browser.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    yield browser
    browser.quit()


def settled(browser):
    """Waits until the page shown has arrived: its own view transition over and two frames drawn
    after it. A person presses what they have seen; and Chromium starts no view transition from a
    page it has not drawn, or while the page's own arrival is still animating."""
    browser.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const arriving = document.getAnimations().filter((animation) =>
            animation.effect && (animation.effect.pseudoElement || '').startsWith('::view-transition'));
        Promise.all(arriving.map((animation) => animation.finished.catch(() => null)))
            .then(() => requestAnimationFrame(() => requestAnimationFrame(done)));
    """)


def motion(browser):
    """The page's mark and what its reveal ran, once the transition is ready."""
    browser.driver.implicitly_wait(0)
    for _ in range(50):
        seen = browser.driver.execute_script("return window.flowpagesMotion || null")
        if seen is not None and (not seen["ran"] or seen["animations"] or seen.get("error")):
            break
        browser.driver.execute_script("return new Promise((done) => setTimeout(done, 20))")
    mark = browser.driver.execute_script("return document.documentElement.dataset.motion || null")
    return mark, seen


# Each kind of navigation, the step that makes it, and an animation its transition runs.
KINDS = [
    ("push", lambda browser: browser.press("Push Light Red"), "fp-push-in ::view-transition-new(root)"),
    ("back", lambda browser: browser.press("Back"), "fp-back-out ::view-transition-old(root)"),
    ("present", lambda browser: browser.press("Open a Medium Sheet"), "fp-sheet-rise ::view-transition-new(sheet)"),
    ("dismiss", lambda browser: browser.press("Close"), "fp-sheet-fall ::view-transition-old(sheet)"),
    ("tab", lambda browser: browser.select_tab("green"), "fp-fade-in ::view-transition-new(root)"),
    ("back", lambda browser: (browser.press("Push Light Green"), settled(browser), browser.leaving(browser.driver.back)),
     "fp-back-in ::view-transition-new(root)"),
]


def one_walk(browser) -> dict:
    """Signs in afresh and takes each step of KINDS: every page must be marked with its kind;
    returns, by step, the animations its transition ran, or None when Chromium ran none."""
    browser.driver.delete_all_cookies()
    browser.open(DEMO + "/")
    browser.press("Log In")
    ran = {}
    for index, (kind, step, _) in enumerate(KINDS):
        settled(browser)
        step(browser)
        mark, seen = motion(browser)
        assert mark == kind, f"{browser.path} is marked {mark!r}, not {kind!r}"
        ran[index] = seen["animations"] if seen and seen["ran"] and not seen.get("error") else None
    # A reload shows the same screen: no transition runs.
    settled(browser)
    browser.leaving(browser.driver.refresh)
    assert not motion(browser)[1]["ran"]
    return ran


def test_each_kind_of_navigation_runs_its_own_transition(watched):
    # Chromium now and then starts no transition on a loaded machine; each step must run its
    # own in one of three walks, and no transition may ever run another kind's animations.
    runs = {}
    for _ in range(3):
        for index, animations in one_walk(watched).items():
            if animations is not None:
                kind, _, animation = KINDS[index]
                assert animation in animations, f"{kind}: {animations}"
                runs.setdefault(index, animations)
        if len(runs) == len(KINDS):
            break
    missing = [KINDS[index][0] for index in range(len(KINDS)) if index not in runs]
    assert not missing, f"no view transition ran for {missing} in three walks"


def test_reduced_motion_runs_no_transition(watched):
    browser = watched
    browser.scheme("light", reduced_motion=True)
    browser.open(DEMO + "/")
    browser.press("Log In")
    for label, kind in (("Push Light Red", "push"), ("Back", "back"), ("Open a Medium Sheet", "present")):
        settled(browser)
        browser.press(label)
        mark, seen = motion(browser)
        assert mark == kind and not seen["ran"], (label, mark, seen)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_sheet_stands_apart_from_the_screen_beneath(watched, scheme):
    browser = watched
    browser.scheme(scheme)
    browser.open(DEMO + "/")
    browser.press("Log In")
    browser.press("Open a Large Sheet")
    seen = browser.driver.execute_script("""
        const sheet = document.querySelector('dialog.modal');
        const beneath = document.querySelector('.underlying');
        const box = sheet.getBoundingClientRect(), under = beneath.getBoundingClientRect();
        [...beneath.querySelectorAll('button, a[href], input, textarea, select')].forEach((element) => element.focus());
        return {
          sheet: getComputedStyle(sheet).backgroundColor, page: getComputedStyle(document.body).backgroundColor,
          shade: getComputedStyle(sheet).boxShadow, sheetTop: box.top, beneathTop: under.top,
          beneathWidth: under.width, viewport: innerWidth, beneathText: beneath.innerText, inert: beneath.inert,
          focusedBeneath: beneath.contains(document.activeElement),
        };
    """)
    assert seen["inert"] and not seen["focusedBeneath"], seen
    assert "Push Light Red" in seen["beneathText"], "the screen beneath is drawn in full"
    assert seen["beneathTop"] < seen["sheetTop"], "the screen beneath shows above the sheet"
    assert seen["beneathWidth"] < min(seen["viewport"], 480), "set back: narrower than the page"
    # The backdrop is the page under the sheet's shade; the sheet's surface stands apart from it.
    shades = [rgba(part) for part in seen["shade"].split("px, ")]
    dim = next(colour for colour in shades if colour[3] < 1)
    backdrop = tuple(channel * (1 - dim[3]) for channel in rgba(seen["page"])[:3])
    assert contrast(rgba(seen["sheet"])[:3], backdrop) >= 1.2, (scheme, seen)
    edges = [colour for colour in shades if colour[3] == 1]
    assert scheme == "light" or any(contrast(edge[:3], backdrop) >= 2 for edge in edges), f"dark: no edge around the sheet: {seen['shade']}"
    names = {node.get("name", {}).get("value") for node in browser.accessibility_tree() if not node.get("ignored")}
    assert "Push Light Red" not in names, "nothing beneath reaches a screen reader"


def rgba(css: str) -> tuple:
    """`rgb(1, 2, 3)` or `rgba(1, 2, 3, 0.4)` (the colour first in a shadow), as numbers."""
    inside = css[css.index("(") + 1:css.index(")")]
    values = [float(value) for value in inside.split(",")]
    return tuple(values) if len(values) == 4 else (*values, 1.0)


def contrast(first: tuple, second: tuple) -> float:
    """WCAG's contrast ratio of two sRGB colours."""
    def luminance(colour):
        linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)
