"""A `flowpages serve` of the pass's own: 127.0.0.1, a free port, a throwaway database."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`binary serve` on 127.0.0.1 and a free port over a database in a folder of its own,
    removed by `stop()`; `environment` is added to this process's for the server."""

    def __init__(self, binary: str, *arguments: str, views: str, public: str, environment: dict = None, port: int = None):
        self.folder = tempfile.mkdtemp(prefix="flowpages-server-")
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--db", os.path.join(self.folder, "flowpages.sqlite"),
             "--views", views, "--public", public, *arguments],
            env={**os.environ, **(environment or {})},
            # A session of its own: a Ctrl-C at the terminal reaches the pass, which stops the server itself.
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/_health", timeout=1)
                return
            except OSError:
                if self.process.poll() is not None or time.time() > deadline:
                    raise RuntimeError(f"flowpages did not start on port {self.port} ({binary})")
                time.sleep(0.1)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)
