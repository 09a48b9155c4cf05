"""Start and stop the app in production mode from Python (tests, benchmarks, your own CI).

    with AppServer(env={"UI4A_MODEL": "replay"}) as server:
        print(server.url)
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 420.0  # the first production build installs the frontend's packages


class AppServerError(Exception):
    """The server did not come up; the message carries the end of its log."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ping(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/ping", timeout=2) as resp:
            return resp.status == 200
    except OSError:
        return False


class AppServer:
    def __init__(self, port: int | None = None, env: dict[str, str] | None = None,
                 log_path: Path | None = None, timeout: float = START_TIMEOUT) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, **(env or {})}
        self.log_path = log_path or Path(tempfile.mkstemp(prefix="ui4a-app-", suffix=".log")[1])
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None

    def start(self) -> AppServer:
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen([str(ROOT / "scripts" / "serve-app.sh"), str(self.port)], cwd=ROOT,
                                         env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        deadline = time.monotonic() + self.timeout
        while not ping(self.url):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                tail = self.log_path.read_text(errors="replace")[-3000:]
                self.stop()
                raise AppServerError(f"app server did not start (exit {self.proc.poll()}):\n{tail}")
            time.sleep(0.5)
        return self

    def stop(self) -> None:
        """End the server and everything it started (the frontend build runs as children)."""
        if self.proc is None:
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                return
            try:
                self.proc.wait(timeout=20)
                return
            except subprocess.TimeoutExpired:
                continue

    def __enter__(self) -> AppServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
