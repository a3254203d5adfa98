"""flowpages' automated audit pass over any app folder, from the command line (see README.md):

    flowpages audit <app> [--out DIR] [--views DIR] [--screen-reader orca|none] [--browser chromium|firefox|both]
                          [--screenshots] [--jobs N] [--base URL [--attach-to AUDIT]]

Starts flowpages (the binary FLOWPAGES_BIN names) over a throwaway database serving the pages as
shipped (`--prototype audit`), or audits the prototype running at --base; opens every state of the
app's inventory in headless Chromium and audits it light and dark, and has Orca read it in the
browsers asked for; writes results.json, report.html, results.csv, earl.jsonld (and screenshots/
when asked) into DIR, and changes.json when DIR held a previous pass. Exits 0 when nothing was found, 1 when something was, 2 when the pass or the screen reader failed, 130 when stopped by Ctrl-C
(what it finished is kept)."""
import argparse
import json
import os
import secrets
import shutil
import signal
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By

from audit_pass import AuditPass, PrototypeStates, ShippedStates
from audit_report import write_all
from browser import Browser
from server import Server

# Where the pass finds the binary it audits with and what it serves beside an app folder: beside the
# binary in a build's products (the resources SwiftPM places there), or in a checkout.
HERE = Path(__file__).resolve().parent
BINARY = os.environ.get("FLOWPAGES_BIN", str(HERE.parent / ".build/debug/flowpages"))
LAYOUTS = next((p for p in (HERE.parent / "_layout", HERE.parent / "Views/_layout") if (p / "app.html").exists()), None)
PUBLIC = next((p for p in (HERE.parent / "Public",) if p.exists()), None)


class Progress:
    """State n of N, its name and the findings so far: one line redrawn on a terminal, a line per
    state otherwise."""

    def __init__(self, stream=sys.stderr):
        self.stream = stream
        self.terminal = stream.isatty()

    def __call__(self, done, total, state, problems, doing=None):
        found = f"{problems} finding{'s' if problems != 1 else ''} so far"
        if state is None:
            line = f"{total} of {total} states audited, {found}; the Nu checker runs over them all"
        elif doing:
            line = f"{doing}: state {done + 1} of {total}: {state.name}"
        else:
            line = f"state {done + 1} of {total}: {state.name} ({state.kind}) — {found}"
        if self.terminal:
            self.stream.write("\r\033[K" + line[:self._width()])
            if state is None:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    @staticmethod
    def _width():
        import shutil
        return shutil.get_terminal_size((100, 20)).columns - 1


def attach(browser, app: str, audit: int, results: dict, out: Path = None):
    """Attaches the pass to the manual audit `audit` as a person would: its page's form, filled
    with the results' text; then each state's screenshots from the folder `out`, a post a state
    (light and dark, under the server's 1 MiB a request), so its review page shows them."""
    browser.open(f"/{app}/_audit/reviews/{audit}")
    if not browser.heading.startswith("Audit: "):
        raise RuntimeError(f"{browser.base}/{app}/_audit/reviews/{audit} is no audit ({browser.title!r})")
    field = browser.field("Or its text, pasted")
    browser.driver.execute_script("arguments[0].value = arguments[1]", field, json.dumps(results, ensure_ascii=False))
    browser.press("Attach the automated pass")
    print(f"attached to {browser.base}/{app}/_audit/reviews/{audit}")
    if out is None:
        return
    csrf = browser.driver.find_element(By.NAME, "csrf").get_attribute("value")
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in browser.driver.get_cookies())
    sent = 0
    for state in results["states"]:
        files = {scheme: out / path for scheme, path in state.get("screenshots", {}).items() if (out / path).exists()}
        if not files:
            continue
        boundary = "flowpages-screenshots"
        body = b""
        for name, value in (("csrf", csrf), ("state", state["id"])):
            body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for scheme, path in files.items():
            body += (f'--{boundary}\r\nContent-Disposition: form-data; name="{scheme}"; filename="{path.name}"\r\n'
                     "Content-Type: image/png\r\n\r\n").encode() + path.read_bytes() + b"\r\n"
        body += f"--{boundary}--\r\n".encode()
        request = urllib.request.Request(f"{browser.base}/{app}/_audit/reviews/{audit}/screenshots", data=body, method="POST", headers={
            "Cookie": cookies, "Origin": browser.base, "Content-Type": f"multipart/form-data; boundary={boundary}"})
        try:
            with urllib.request.urlopen(request, timeout=30):
                sent += 1
        except urllib.error.HTTPError as error:
            print(f"the screenshots of {state['id']} were not kept: {error.code} {error.read().decode(errors='replace')}", file=sys.stderr)
    print(f"sent the screenshots of {sent} states")


def main(arguments=None) -> int:
    parser = argparse.ArgumentParser(prog="flowpages audit", description="The automated accessibility pass over every state of an app.")
    parser.add_argument("app", help="the app folder's name under the views folder")
    parser.add_argument("--out", type=Path, help="where the results go (default: audit-<app>); a previous pass there is compared")
    parser.add_argument("--views", type=Path, default=Path("Views"), help="the views folder (default: ./Views)")
    parser.add_argument("--base", help="audit a flowpages already running here (with --prototype on) instead of starting one")
    parser.add_argument("--attach-to", metavar="AUDIT", type=int,
                        help="with --base: attach the results to that server's manual audit AUDIT (its number in /<app>/_audit/reviews/AUDIT)")
    parser.add_argument("--screen-reader", choices=("orca", "none"), default="orca", help="read every state with Orca (default) or not")
    parser.add_argument("--browser", choices=("chromium", "firefox", "both"), default="chromium", help="the browsers Orca reads each state in")
    parser.add_argument("--screenshots", action="store_true", help="keep each state's screenshots (light and dark) beside the report")
    parser.add_argument("--jobs", type=int, default=1, choices=range(1, 9), metavar="N",
                        help="audit N states side by side (1-8); Orca reads N side by side only as root (a user per job), else one at a time")
    parser.add_argument("--state", action="append", metavar="ID", help="audit only this state (its id in states.json; repeatable)")
    options = parser.parse_args(arguments)
    if options.attach_to is not None and not options.base:
        parser.error("--attach-to needs --base: the audit lives in the database of the server running there")
    out = (options.out or Path(f"audit-{options.app}")).resolve()
    if not options.base and not (options.views / options.app / "app.xml").exists():
        parser.error(f"{options.views / options.app / 'app.xml'} does not exist")
    server = browser = None
    views = options.views.resolve()
    if not options.base and not (views / "_layout").exists():
        # An app folder kept on its own: served beside FlowPages' shared layouts, the folder itself
        # linked (not copied), so what is audited is what is on disk.
        views = Path(tempfile.mkdtemp(prefix="flowpages-audit-"))
        shutil.copytree(LAYOUTS, views / "_layout")
        (views / options.app).symlink_to(options.views.resolve() / options.app)
    try:
        key = None
        if not options.base:
            # The pages as shipped, over the app's fixtures, with addresses only this run's key opens.
            key = secrets.token_urlsafe(32)
            server = Server(BINARY, "--prototype", "audit", views=str(views), public=str(PUBLIC), environment={"FLOWPAGES_AUDIT_KEY": key})
        browser = Browser(options.base or server.base)
        browser.audit_key = key
        states = ShippedStates(browser, options.app, key) if key else PrototypeStates(browser, options.app)
        readers = []
        if options.screen_reader == "orca":
            if not key:
                print("Orca reads states only on a server the pass starts (their one-time addresses): without --base", file=sys.stderr)
            else:
                readers = ["chromium", "firefox"] if options.browser == "both" else [options.browser]
        audit = AuditPass(browser, options.app, out, Progress(), states=states, readers=readers,
                          screenshots=options.screenshots or options.attach_to is not None, views=views, only=options.state,
                          jobs=options.jobs)
        # Ctrl-C from here on stops the pass after the state under way (the server and Chromium
        # run in sessions of their own, so it reaches only this process).
        results = audit.run()
        if options.attach_to is not None:
            attach(browser, options.app, options.attach_to, results, out)
    except KeyboardInterrupt:
        print("\nstopped before any state was audited", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if browser:
            browser.quit()
        if server:
            server.stop()
        if views != options.views.resolve():
            shutil.rmtree(views, ignore_errors=True)
    changes = write_all(results, out, audit.previous)
    found = sum(len(state["problems"]) for state in results["states"]) + len(results["acrossStates"])
    print(f"{len(results['states'])} of {results['listed']} states of {options.app} audited in {results['seconds']} s: "
          f"{found} findings{'' if results['finished'] else ' (stopped by Ctrl-C; the Nu checker did not run)'}")
    if changes is not None:
        print(f"since the previous pass: {len(changes['states'])} states changed, {len(changes['added'])} new, {len(changes['removed'])} gone"
              + "".join(f"\n  {state_id}: {len(c['new'])} new, {len(c['fixed'])} fixed, "
                        f"{len(c['said']['removed'])} announcements no longer made, {len(c['said']['added'])} new"
                        for state_id, c in changes["states"].items()))
    print(f"report: {out / 'report.html'}")
    for error in results.get("screenReaderErrors", []):
        print(f"the screen reader failed: {error}", file=sys.stderr)
    if audit.stopped:
        return 130
    if results.get("screenReaderErrors"):
        return 2
    return 1 if found else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:
        # Not "something was found" (1): the pass itself failed.
        import traceback
        traceback.print_exc()
        sys.exit(2)
