"""Finding a Chromium: UI4A_CHROMIUM, then the system's, then Playwright's own, else one line on how to get one."""

from __future__ import annotations

import pytest

from ui4a.checks import browser
from ui4a.checks.browser import ChromiumNotFound, find_chromium


class _Playwright:
    class chromium:  # noqa: N801 - the shape of playwright's object
        executable_path = "/nonexistent/playwright/chrome"


@pytest.fixture
def no_system(monkeypatch):
    monkeypatch.delenv(browser.ENV, raising=False)
    monkeypatch.setattr(browser.shutil, "which", lambda name: None)


def test_the_environment_variable_comes_first(monkeypatch, tmp_path):
    exe = tmp_path / "my-chrome"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    monkeypatch.setenv(browser.ENV, str(exe))
    assert find_chromium() == str(exe)


def test_a_wrong_environment_variable_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv(browser.ENV, str(tmp_path / "nothing"))
    with pytest.raises(ChromiumNotFound, match=r"UI4A_CHROMIUM=.*nothing is not an executable file"):
        find_chromium()


def test_the_system_chromium_next(monkeypatch):
    monkeypatch.delenv(browser.ENV, raising=False)
    monkeypatch.setattr(browser.shutil, "which", lambda name: "/usr/bin/chromium-browser" if name == "chromium-browser" else None)
    assert find_chromium() == "/usr/bin/chromium-browser"


def test_then_playwrights_own(no_system, monkeypatch, tmp_path):
    exe = tmp_path / "chrome"
    exe.write_text("")
    monkeypatch.setattr(_Playwright.chromium, "executable_path", str(exe))
    assert find_chromium(_Playwright()) is None  # launch without a path: Playwright's own


def test_none_found_says_how_to_install_one_in_one_line(no_system):
    with pytest.raises(ChromiumNotFound) as info:
        find_chromium(_Playwright())
    message = str(info.value)
    assert "\n" not in message
    assert "apt-get install chromium" in message and "playwright install chromium" in message
    assert "UI4A_CHROMIUM" in message
