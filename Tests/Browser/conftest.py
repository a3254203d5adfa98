"""Fixtures: one flowpages server over a throwaway database, and headless Chromium."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from browser import Browser

REPOSITORY = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """flowpages serve on 127.0.0.1 and a free port, with the repository's Views and Public."""

    def __init__(self, *arguments: str, views: str = str(REPOSITORY / "Views")):
        self.folder = tempfile.mkdtemp(prefix="flowpages-browser-")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        binary = os.environ.get("FLOWPAGES_BIN", str(REPOSITORY / ".build/debug/flowpages"))
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--db", os.path.join(self.folder, "browser.sqlite"),
             "--views", views, "--public", str(REPOSITORY / "Public"), *arguments],
            # A session of its own: a Ctrl-C at the terminal reaches the audit, which stops the server itself.
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/_health", timeout=1)
                return
            except OSError:
                if self.process.poll() is not None or time.time() > deadline:
                    raise RuntimeError(f"flowpages did not start on port {self.port}")
                time.sleep(0.1)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    running = Server()
    yield running
    running.stop()


@pytest.fixture
def browser(server):
    opened = Browser(server.base)
    yield opened
    opened.quit()


def pytest_sessionfinish(session, exitstatus):
    """Writes the gallery's index.html: every audited state, light and dark, side by side."""
    import html
    import json
    gallery = Path(os.environ.get("GALLERY", REPOSITORY / "Tests/Browser/gallery"))
    manifests = sorted(gallery.glob("*.json")) if gallery.exists() else []
    if not manifests:
        return
    sections = []
    for manifest in manifests:
        app = json.loads(manifest.read_text())
        figures = "".join(
            f'<figure><figcaption>{html.escape(name)}</figcaption>'
            f'<img src="{stem}-light.png" alt="{html.escape(name)}, light" width="195" height="422" loading="lazy">'
            f'<img src="{stem}-dark.png" alt="{html.escape(name)}, dark" width="195" height="422" loading="lazy"></figure>'
            for name, stem in app["states"])
        sections.append(f'<section><h2>{html.escape(app["app"])} ({len(app["states"])} states)</h2>{figures}</section>')
    (gallery / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FlowPages screens</title>'
        '<style>body{font:100%/1.4 system-ui,sans-serif;margin:1rem}figure{display:inline-block;margin:0 1rem 1.5rem 0;'
        'vertical-align:top}figcaption{font-weight:600;max-width:400px}img{border:1px solid #8e8e93;margin-right:4px}</style>'
        '</head><body><main><h1>FlowPages: every audited screen at 390 × 844, light and dark</h1>'
        + "".join(sections) + '</main></body></html>')


def pytest_terminal_summary(terminalreporter):
    """What was audited: states, axe runs and what axe and the Nu checker found, per app."""
    from audit import AUDITS
    for audit in AUDITS:
        axe = sum(problem.check.startswith("axe") for problem in audit.problems)
        terminalreporter.write_line(f"audited {audit.app}: {len(audit.states)} states, {audit.axe_runs} axe runs "
                                    f"(light and dark), {axe} axe violations, {getattr(audit, 'nu_errors', 0)} Nu errors, "
                                    f"{len(audit.problems)} problems in all")
