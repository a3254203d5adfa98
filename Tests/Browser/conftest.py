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

    def __init__(self, *arguments: str):
        self.folder = tempfile.mkdtemp(prefix="flowpages-browser-")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        binary = os.environ.get("FLOWPAGES_BIN", str(REPOSITORY / ".build/debug/flowpages"))
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--db", os.path.join(self.folder, "browser.sqlite"),
             "--views", str(REPOSITORY / "Views"), "--public", str(REPOSITORY / "Public"), *arguments],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
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
