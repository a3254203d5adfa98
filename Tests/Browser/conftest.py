"""Fixtures: one flowpages server over a throwaway database, and headless Chromium."""
import os
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
# The pass under test lives in AuditPass/, shipped beside the binary; the suite imports it from there.
sys.path.insert(0, str(REPOSITORY / "AuditPass"))
FLOWPAGES_BIN = os.environ.get("FLOWPAGES_BIN", str(REPOSITORY / ".build/debug/flowpages"))

import server  # noqa: E402
from browser import Browser  # noqa: E402


class Server(server.Server):
    """flowpages serve on 127.0.0.1 and a free port, with the repository's Views and Public (the
    binary FLOWPAGES_BIN names, else the debug build's)."""

    def __init__(self, *arguments: str, views: str = str(REPOSITORY / "Views"), environment: dict = None, port: int = None):
        super().__init__(FLOWPAGES_BIN, *arguments, views=views, public=str(REPOSITORY / "Public"), environment=environment, port=port)


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
