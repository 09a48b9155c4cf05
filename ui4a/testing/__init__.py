"""ui4a.testing: a pytest plugin that renders UIs in headless Chromium and drives them like a person.

Installed with UI4A, it registers itself through the ``pytest11`` entry point (or load it with
``pytest -p ui4a.testing``)::

    def test_booking(render_ui):
        ui = render_ui("examples/restaurant_booking.ui")     # code, a .ui file, or request=… with a model
        ui.fill("Name", "Ada").fill("Phone", "555 0100")
        ui.click("Request booking")
        assert ui.messages[-1].startswith("Book a table for 2")
        assert ui.state["name"] == "Ada"
        ui.role("heading", "Book a table")                  # fails with what is on the page, positioned

page.py    UIPage: find by role and name or by text, fill, click, what was sent, the state
plugin.py  the fixtures (render_ui, ui4a_browser), options and the screenshot of a failing test
"""

from ui4a.testing.page import UIAssertionError, UIPage
from ui4a.testing.plugin import pytest_addoption, pytest_runtest_makereport, render_ui, ui4a_browser

__all__ = ["UIAssertionError", "UIPage", "pytest_addoption", "pytest_runtest_makereport", "render_ui",
           "ui4a_browser"]
