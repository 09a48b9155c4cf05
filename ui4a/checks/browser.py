"""A Chromium for Playwright, found on the machine and launched offline, and a watch on what a page does.

Which Chromium: ``$UI4A_CHROMIUM`` when set, else the system's (``chromium``,
``chromium-browser``, ``google-chrome``), else the one ``playwright install`` put in its
cache. Playwright is imported only when a browser is launched, so the rest of UI4A runs
without it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ENV = "UI4A_CHROMIUM"
SYSTEM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL_HINT = (f"no Chromium found: install one (Debian or Ubuntu: apt-get install chromium; anywhere: "
                f"pip install playwright && python -m playwright install chromium), or set {ENV} to its path")


class ChromiumNotFound(RuntimeError):
    """No Chromium to launch; the message says in one line how to get one."""


def find_chromium(playwright: Any = None) -> str | None:
    """The Chromium executable to launch: a path, or None for Playwright's own (which exists).

    Raises ChromiumNotFound when there is none, or when ``$UI4A_CHROMIUM`` names no executable.
    """
    if chosen := os.environ.get(ENV):
        path = shutil.which(chosen) or chosen
        if not (Path(path).is_file() and os.access(path, os.X_OK)):
            raise ChromiumNotFound(f"{ENV}={chosen} is not an executable file; {INSTALL_HINT}")
        return path
    for name in SYSTEM_NAMES:
        if found := shutil.which(name):
            return found
    if playwright is not None and Path(playwright.chromium.executable_path).is_file():
        return None
    raise ChromiumNotFound(INSTALL_HINT)
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LOCAL_PREFIXES = ("file://", "data:", "about:", "http://127.0.0.1", "http://localhost", "ws://127.0.0.1",
                  "ws://localhost", "blob:")


# A 1x1 grey PNG served in place of remote images that documents point at.
PLACEHOLDER_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa0bd8b3f0000000049454e44ae426082"
)


@dataclass
class PageWatch:
    """Console errors and non-local requests seen by one page.

    With ``stub_images``, remote images (user content such as an avatar URL) are
    answered locally with a placeholder and listed in ``remote_images``; any other
    non-local request is a failure.
    """

    stub_images: bool = False
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    remote_images: list[str] = field(default_factory=list)

    def attach(self, page) -> None:
        page.on("console", lambda msg: msg.type == "error" and self.console_errors.append(msg.text))
        page.on("pageerror", lambda exc: self.console_errors.append(str(exc)))
        page.route("**/*", self._route)

    def _route(self, route) -> None:
        request = route.request
        if request.url.startswith(LOCAL_PREFIXES):
            route.continue_()
        elif self.stub_images and request.resource_type == "image":
            self.remote_images.append(request.url)
            route.fulfill(status=200, content_type="image/png", body=PLACEHOLDER_PNG)
        else:
            self.foreign_requests.append(request.url)
            route.abort()

    def problems(self) -> list[str]:
        """What a clean page must not do, one line each: console errors, then non-local requests."""
        return ([f"console error: {e}" for e in self.console_errors]
                + [f"network request: {u}" for u in self.foreign_requests])

    def assert_clean(self) -> None:
        assert self.foreign_requests == [], f"non-localhost requests: {self.foreign_requests}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"


def launch(playwright: Any) -> Any:
    """A headless Chromium from ``playwright`` (a started sync_playwright()) with the offline flags."""
    return playwright.chromium.launch(executable_path=find_chromium(playwright), args=LAUNCH_ARGS, headless=True)


@contextmanager
def chromium(browser: Any = None) -> Iterator[Any]:
    """``browser`` as it is, or else a Chromium launched for the block and closed after it."""
    if browser is not None:
        yield browser
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise ChromiumNotFound("Playwright is not installed: pip install playwright") from None
    with sync_playwright() as p:
        launched = launch(p)
        try:
            yield launched
        finally:
            launched.close()
