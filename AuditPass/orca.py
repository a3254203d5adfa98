"""A real screen reader reading the pages: Debian's Orca under Xvfb, in Firefox ESR or Chromium,
driven by real key events (xdotool), with everything it says captured as text.

    with ScreenReader("firefox") as reader:
        reading = reader.read("http://127.0.0.1:8080/pantry/add", tab_stops=10, headings=3)

A `ScreenReader` owns a display (Xvfb), a private D-Bus session, one Orca with a settings folder of
its own and one browser kept open across pages, all in a temporary folder; `stop()` ends them all,
and every process they started, whatever happens. Orca's speech goes through `orca_speech.py`
(copied into Orca's settings folder) into a file this module reads; a key's speech is over when
the file has been quiet for a moment (`Settle`).

Orca runs once per user (it quits when `pgrep -u` finds another): readers that read side by side
each run as a user of their own, `job_users(n)` (root only; the accounts are made when missing).

By hand: `python AuditPass/orca.py URL [--browser firefox|chromium] [--tabs N] [--headings N]`."""
import argparse
import atexit
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from orca_reading import Reading, Said, disagreements, is_noise  # noqa: F401 (disagreements: the module's API)
from orca_settle import Settle, Speech, arrived_outside

HERE = Path(__file__).resolve().parent
# Orca's own python: the system one, which has gi and pyatspi (a virtualenv's may not).
SYSTEM_PYTHON = "/usr/bin/python3"
BROWSERS = ("firefox", "chromium")

# Only what differs from Orca's defaults: speech to our file, no key echo, no braille or sounds,
# and no say-all of its own on load (the reading asks for one with KP_Add).
ORCA_SETTINGS = {
    "general": {"speechServerFactory": "orca_speech", "speechServerInfo": None, "enableSpeech": True,
                "enableKeyEcho": False, "enableEchoByCharacter": False, "enableEchoByWord": False,
                "enableBraille": False, "enableSound": False, "sayAllOnLoad": False,
                "startingProfile": ["Default", "default"]},
    "profiles": {"default": {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}},
    "pronunciations": {}, "keybindings": {},
}
# Firefox without a first run, a new-tab page preloading ("Finished loading New Tab"), or an
# address bar that completes or suggests what is typed into it.
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False, "browser.startup.homepage_override.mstone": "ignore",
    "startup.homepage_welcome_url": "", "browser.aboutwelcome.enabled": False, "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False, "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False, "browser.sessionstore.resume_from_crash": False,
    "browser.newtab.preload": False, "browser.newtabpage.enabled": False, "app.update.enabled": False,
    "accessibility.force_disabled": -1, "browser.translations.automaticallyPopup": False,
    "browser.urlbar.autoFill": False, "browser.urlbar.suggest.history": False,
    "browser.urlbar.suggest.bookmark": False, "browser.urlbar.suggest.openpage": False,
    "browser.urlbar.suggest.topsites": False, "browser.urlbar.suggest.engines": False,
    "browser.urlbar.suggest.searches": False, "browser.urlbar.showSearchSuggestionsFirst": False,
}
# From the address bar to the page: F6 moves focus from pane to pane (Chromium's tab strip comes between).
ADDRESS_BAR_TO_PAGE = {"firefox": ["F6"], "chromium": ["F6", "F6"]}
# How many times a typed URL's load that Orca heard only as "Finished loading" is made again (F5).
RELOADS = 2
# --incognito: without a history the address bar completes and preloads nothing; with one, every
# load from the third on waited ~7 s (a page typed is first completed to one visited before).
CHROMIUM_FLAGS = ["--incognito", "--no-sandbox", "--test-type", "--no-first-run", "--no-default-browser-check", "--disable-gpu",
                  "--force-renderer-accessibility", "--disable-background-networking", "--disable-component-update",
                  "--disable-features=Translate,MediaRouter", "--password-store=basic", "--disable-sync",
                  "--window-position=0,0", "--window-size=1280,1000"]


class ScreenReaderError(RuntimeError):
    """Orca, the display or the browser did not do what the reading needs; says which and why."""


def job_users(count: int) -> list:
    """`count` accounts for readers reading side by side, `flowpages-audit-1`… (system accounts
    with no home and no shell, made when missing): one Orca runs per user. Only root can."""
    if os.geteuid() != 0:
        raise ScreenReaderError("readers side by side need a user each, and only root can run them as others")
    names = [f"flowpages-audit-{number}" for number in range(1, count + 1)]
    for name in names:
        try:
            pwd.getpwnam(name)
        except KeyError:
            made = subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                                   "--shell", "/usr/sbin/nologin", name], capture_output=True, text=True)
            if made.returncode and "already exists" not in made.stderr:
                raise ScreenReaderError(f"useradd {name}: {made.stderr.strip()}")
    return names


class ScreenReader:
    """Orca and one browser on a display of their own. A context manager; `stop()` is idempotent."""

    def __init__(self, browser: str = "firefox", *, settle: Settle = Settle(), user: str = None):
        """`user`: the account the display, Orca and the browser run as (one of `job_users`);
        this process's own when none is given."""
        if browser not in BROWSERS:
            raise ValueError(f"browser is one of {BROWSERS}, not {browser!r}")
        self.browser = browser
        self.settle = settle
        self.user = pwd.getpwnam(user) if user else None
        self.folder = Path(tempfile.mkdtemp(prefix=f"flowpages-orca-{browser}-"))
        # Every process started here, and theirs, carries this in its environment: stop() finds them by it.
        self.token = uuid.uuid4().hex
        self.processes = []
        self.environment = None
        self.speech = None
        self.window = None

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *_):
        self.stop()

    def start(self):
        """Starts the display, the D-Bus session, Orca and the browser, and waits for each."""
        atexit.register(self.stop)
        for path in ("home", "runtime", "settings"):
            (self.folder / path).mkdir(mode=0o700)
        display = self._start_display()
        self.environment = self._environment(display, self._start_bus(display))
        self.speech = Speech(self.folder / "speech.txt")
        self._start_orca()
        self._start_browser()

    def _start_display(self) -> str:
        """Xvfb on the first free display (it picks one and writes its number to -displayfd). It
        runs as this process even for a reader with a user of its own: a display's socket and lock
        in /tmp left by a killed Xvfb of another user cannot be replaced by a user who is not root,
        and a display whose socket could not be made was found by no client (in CI, `--jobs 2`).
        Such a reader's clients connect as their user: access control is off (`-ac`) on this
        private display, which listens on no network (`-nolisten tcp`) and lives as long as the
        reading."""
        read, write = os.pipe()
        access = ["-ac"] if self.user else []
        self._spawn(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", *access],
                    {**os.environ, "FLOWPAGES_ORCA_RUN": self.token}, "xvfb.log", pass_fds=(write,), as_user=False)
        os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            raise ScreenReaderError(f"Xvfb did not start: {self._log('xvfb.log')}")
        return f":{number}"

    def _start_bus(self, display: str) -> str:
        """A private D-Bus session bus: the daemon `dbus-run-session` runs, started here because
        Orca and the browser start at different times. The AT-SPI bus is activated on it."""
        bus = self._spawn(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                          {**os.environ, "FLOWPAGES_ORCA_RUN": self.token, "DISPLAY": display}, None,
                          stdout=subprocess.PIPE)
        address = bus.stdout.readline().decode().strip()
        if not address:
            raise ScreenReaderError("dbus-daemon did not print the session bus's address")
        return address

    def _environment(self, display: str, bus: str) -> dict:
        home = self.folder / "home"
        return {"PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8", "HOME": str(home),
                "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": bus, "XDG_RUNTIME_DIR": str(self.folder / "runtime"),
                "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
                "XDG_CACHE_HOME": str(home / ".cache"), "GNOME_ACCESSIBILITY": "1", "GTK_MODULES": "gail:atk-bridge",
                "NO_AT_BRIDGE": "0", "FLOWPAGES_ORCA_SPEECH": str(self.folder / "speech.txt"),
                "FLOWPAGES_ORCA_RUN": self.token}

    def _start_orca(self):
        """Orca with its settings folder: our speech module and user-settings.conf."""
        settings = self.folder / "settings"
        shutil.copy(HERE / "orca_speech.py", settings / "orca_speech.py")
        (settings / "user-settings.conf").write_text(json.dumps(ORCA_SETTINGS, indent=1))
        # --replace: an Orca of this user's that a reader before this one killed may still be
        # registered for a moment, and a second Orca would exit at once, "already running".
        orca = self._spawn([SYSTEM_PYTHON, shutil.which("orca") or "/usr/bin/orca", "--replace", "-u", str(settings)],
                           self.environment, "orca.log")
        deadline = time.monotonic() + 30
        while not self.speech.wait_for(lambda said: said.text.startswith("Screen reader on"), 0.5):
            # Orca runs once per user: a second one exits at once, saying so in its log.
            if orca.poll() is not None or time.monotonic() > deadline:
                raise ScreenReaderError(f"Orca did not start: {self._log('orca.log')}")

    def _start_browser(self):
        """The browser on an empty page, its window focused, Orca done announcing it."""
        start = len(self.speech.lines)
        if self.browser == "firefox":
            profile = self.folder / "firefox"
            profile.mkdir()
            (profile / "user.js").write_text("".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n"
                                                     for k, v in FIREFOX_PREFS.items()))
            command = ["firefox-esr", "--no-remote", "--profile", str(profile), "about:blank"]
        else:
            command = ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={self.folder / 'chromium'}", "about:blank"]
        self._spawn(command, self.environment, "browser.log")
        found = self._xdotool("search", "--sync", "--onlyvisible", "--class", self.browser, capture=True, timeout=60)
        if not found:
            raise ScreenReaderError(f"no {self.browser} window within 60 s: {self._log('browser.log')}")
        self.window = found.split()[-1]
        self._focus()
        self.speech.wait_for(lambda said: True, 20, start=start)
        self.speech.settle(start, self.settle.after_load)

    def read(self, page, tab_stops: int = 10, headings: int = 3) -> Reading:
        """What Orca says on a page: on load; H through the headings (`headings`+1 presses, from
        the top); say-all (KP_Add, from the top) until it ends; Tab through the page
        (`tab_stops`+1 presses, from the top). `page` is a URL, typed into the address bar, or a
        sequence of keys pressed on the page showing, the last of which loads the page to read
        (a form's submission: ``("ctrl+Home", "b", "b", "Return")``).

        Tab comes last because it may leave Orca in focus mode, or focus in the browser's chrome,
        where ctrl+Home and H no longer move through the page. The read ends with focus back
        in the page (from the address bar), so keys pressed next are the page's."""
        reading = Reading(page if isinstance(page, str) else " ".join(page), self.browser)
        began = time.monotonic()
        self._keep(reading, "load", self._open(page), page if isinstance(page, str) else "")
        reading.seconds["load"] = round(time.monotonic() - began, 2)
        self._phase(reading, "headings", [("ctrl+Home", None)] + [("h", f"H {n}") for n in range(1, headings + 2)])
        self._say_all(reading)
        self._phase(reading, "tabs", [("ctrl+Home", None)] + [("Tab", f"Tab {n}") for n in range(1, tab_stops + 2)])
        self._back_to_page()
        return reading

    def open(self, page) -> list:
        """Opens `page` (a URL, or keys the last of which loads it, as `read` takes it) and
        returns what Orca said on its load, noise left out."""
        return [line.text for line in self._open(page) if not is_noise(line.text, page if isinstance(page, str) else "")]

    def press(self, *keys: str) -> list:
        """Presses each key (xdotool's names: "Tab", "shift+Tab", "ctrl+Home", "KP_Add") and
        returns what Orca said after them, noise left out."""
        return [line.text for key in keys for line in self._press(key) if not is_noise(line.text)]

    def _open(self, page) -> list:
        """What Orca said on loading `page`: from the first thing it said of the page after the key
        that loaded it (not the address bar, not "Loading. Please wait") until it went quiet.
        "Finished loading" is not always said: a page that puts focus in a field on load gets
        that field read instead. What the address bar says while a URL is typed is dropped.

        A URL typed into the address bar races the browser: when the page finishes loading
        before focus has left the address bar, Orca says "Finished loading <title>" and nothing
        of the page ("focus is outside of document", its web script's onBusyChanged), and the
        reading would lack the summary and the line a listener lands on. That is how the runner
        arrives, not how the page reads, so such a load is made again from inside the page (focus
        put there, then F5), at most `RELOADS` times. A reload is the page's GET again: a notice
        its first load showed once (a toast) is not shown twice, as in a browser."""
        self._focus()
        url = page if isinstance(page, str) else ""
        if url:
            self._press("ctrl+l")
            self._xdotool("type", "--delay", "2", page)
            # Delete: whatever the address bar completed after the typed text goes.
            keys = ["Delete", "Return"]
        else:
            keys = list(page)
        for key in keys[:-1]:
            self._press(key)
        said = self._load(keys[-1], url)
        for _ in range(RELOADS if url else 0):
            if not arrived_outside(said, url):
                break
            self._back_to_page()
            said = self._load("F5", url)
        self._leave_focus_mode(said)
        return said

    def _load(self, key: str, url: str) -> list:
        """Presses `key`, which loads a page, and returns what Orca said of the load."""
        start = len(self.speech.lines)
        self._xdotool("key", "--clearmodifiers", key)
        if not self.speech.wait_for(lambda said: not is_noise(said.text, url), 30, start=start):
            raise ScreenReaderError(f"Orca said nothing of {url or 'the page'} within 30 s of loading it")
        return self.speech.settle_load(start, self.settle)

    def _back_to_page(self):
        """Focus back in the page whatever had it (a read's last Tab may have left the page for the
        browser's toolbar): the address bar, then F6 to the page. What is said is not kept."""
        for key in ["ctrl+l", *ADDRESS_BAR_TO_PAGE[self.browser]]:
            self._press(key)

    def _leave_focus_mode(self, said: list):
        """Back to browse mode (Orca+A) when the load left Orca in focus mode, as a page that puts
        focus in a field does: there H would type an h and ctrl+Home stay in the field. What Orca
        says on switching ("Browse mode") is the runner's doing and is not kept."""
        modes = [line.text.rstrip(".") for line in said if line.text.rstrip(".") in ("Focus mode", "Browse mode")]
        if modes and modes[-1] == "Focus mode":
            self._press("Insert+a")

    def _phase(self, reading: Reading, name: str, keys: list):
        began = time.monotonic()
        for key, tag in keys:
            said = self._press(key)
            if tag:
                self._keep(reading, tag, said)
        reading.seconds[name] = round(time.monotonic() - began, 2)

    def _say_all(self, reading: Reading):
        """ctrl+Home, then KP_Add until the say-all says it has nothing more to say."""
        began = time.monotonic()
        self._press("ctrl+Home")
        start = len(self.speech.lines)
        self._xdotool("key", "--clearmodifiers", "KP_Add")
        if not self.speech.wait_for(lambda said: said.kind == "sayall-end", self.settle.say_all_limit, start=start):
            raise ScreenReaderError(f"say-all did not end within {self.settle.say_all_limit} s")
        self._keep(reading, "say-all", self.speech.settle(start, self.settle.after_key))
        reading.seconds["say-all"] = round(time.monotonic() - began, 2)

    def _press(self, key: str) -> list:
        """Presses `key` and returns what Orca said after it, once it has gone quiet."""
        start = len(self.speech.lines)
        self._xdotool("key", "--clearmodifiers", key)
        return self.speech.settle(start, self.settle.after_key)

    def _keep(self, reading: Reading, tag: str, said: list, url: str = ""):
        reading.lines += [Said(tag, line.text, line.kind) for line in said
                          if line.kind != "sayall-end" and not is_noise(line.text, url)]

    def _focus(self):
        self._xdotool("windowfocus", "--sync", self.window)

    def _xdotool(self, *arguments: str, capture: bool = False, timeout: float = 10) -> str:
        done = subprocess.run(["xdotool", *arguments], env=self.environment, capture_output=True, text=True,
                              timeout=timeout, **self._as_user())
        if done.returncode and not capture:
            raise ScreenReaderError(f"xdotool {' '.join(arguments)}: {done.stderr.strip()}")
        return done.stdout.strip()

    def _spawn(self, command: list, environment: dict, log, as_user: bool = True, **options) -> subprocess.Popen:
        """Starts `command` in a process group of its own, its output in `log` (a file in the folder),
        as the reader's user unless `as_user` is false."""
        output = open(self.folder / log, "wb") if log else None
        self._hand_over()
        process = subprocess.Popen(command, env=environment, stdin=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                                   **({"stdout": output} if output else {}), start_new_session=True,
                                   **(self._as_user() if as_user else {}), **options)
        if output:
            output.close()
        self.processes.append(process)
        return process

    def _as_user(self) -> dict:
        """What runs a process as the reader's user (none: as this process)."""
        return {"user": self.user.pw_uid, "group": self.user.pw_gid, "extra_groups": []} if self.user else {}

    def _hand_over(self):
        """The folder and all in it made the reader's user's, so what runs as it can write there
        (settings, the profile, the speech file are made by this process)."""
        if not self.user:
            return
        for path in [self.folder, *self.folder.rglob("*")]:
            os.chown(path, self.user.pw_uid, self.user.pw_gid, follow_symlinks=False)

    def _log(self, name: str) -> str:
        path = self.folder / name
        return path.read_text(errors="replace")[-600:].strip() if path.exists() else "(no log)"

    def stop(self):
        """Kills the browser, Orca (with SIGKILL: it ignores SIGTERM for seconds), the bus and the
        display, then any process still carrying this reader's token (the AT-SPI bus, the
        browser's helpers), and removes the folder."""
        atexit.unregister(self.stop)
        for process in reversed(self.processes):
            _kill_group(process)
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
            if process.stdout:
                process.stdout.close()
        self.processes = []
        for pid in _carrying(f"FLOWPAGES_ORCA_RUN={self.token}"):
            _kill(pid)
        shutil.rmtree(self.folder, ignore_errors=True)


def _kill_group(process: subprocess.Popen):
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _kill(pid: int):
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _carrying(marker: str) -> list:
    """The processes whose environment holds `marker` (a `NAME=value`)."""
    wanted = marker.encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if wanted in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def main(arguments=None) -> int:
    parser = argparse.ArgumentParser(description="What Orca says on a page: load, headings, say-all, Tab.")
    parser.add_argument("url")
    parser.add_argument("--browser", choices=BROWSERS, default="firefox")
    parser.add_argument("--tabs", type=int, default=10, help="tab stops to go through (one more press is made)")
    parser.add_argument("--headings", type=int, default=3, help="headings to go through (one more press is made)")
    parser.add_argument("--json", action="store_true", help="the reading as JSON")
    options = parser.parse_args(arguments)
    # A SIGTERM ends the run as Ctrl-C does, through stop(): the display, Orca and the browser go too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with ScreenReader(options.browser) as reader:
        reading = reader.read(options.url, options.tabs, options.headings)
    if options.json:
        print(json.dumps(reading.as_json(), indent=1, ensure_ascii=False))
    else:
        print("\n".join(map(str, reading.lines)))
        print(f"seconds: {reading.seconds}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
