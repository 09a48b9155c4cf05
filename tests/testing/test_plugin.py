"""The ui4a.testing pytest plugin, run by pytest in a process of its own (``-p ui4a.testing``, as the
``pytest11`` entry point loads it once UI4A is installed): render code, a file or a model's answer,
drive it, read what it sent and its state; a failure says what is on the page; a user's own
component package (a ``ui4a.components`` entry point) renders like the built-in ones."""

from __future__ import annotations

import json
import tomllib

import pytest

from tests.conftest import ROOT

pytest_plugins = ["pytester"]
pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOOKING = '''
from pathlib import Path

UI = """<State guests=2 name="" />
<Form title="Book a table" submitLabel="Book" onSubmit={send("Table for {guests}, {name}")}>
  <NumberField label="Guests" bind={guests} min=1 max=12 />
  <TextField label="Name" bind={name} required />
  <Text>Party of {guests}</Text>
</Form>"""


def test_code(render_ui):
    ui = render_ui(UI)
    ui.role("heading", "Book a table")
    ui.fill("Guests", 4).fill("Name", "Ada")
    ui.text("Party of 4")
    assert ui.state == {"guests": 4, "name": "Ada"}
    ui.click("Book")
    assert ui.messages == ["Table for 4, Ada"]
    assert ui.sent[0]["values"] == {"guests": "4", "name": "Ada"}
    assert ui.errors == []


def test_file(render_ui, tmp_path):
    (tmp_path / "booking.ui").write_text(UI)
    ui = render_ui(tmp_path / "booking.ui", state={"guests": 7})
    assert ui.has_text("Party of 7")


def test_model(render_ui):
    ui = render_ui(request="book a table please", model="scripted:" + str(Path(__file__).parent / "script.json"))
    ui.role("spinbutton", "Guests")


def test_missing_button(render_ui):
    render_ui(UI).click("Book now")
'''


@pytest.fixture
def run(pytester, monkeypatch):
    """pytest in a subprocess, in the pytester's directory, loading the plugin by name."""
    monkeypatch.setenv("PYTHONPATH", f"{pytester.path}:{ROOT}")

    def go(*args: str):
        return pytester.runpytest_subprocess("-p", "ui4a.testing", "-p", "no:cacheprovider", *args, timeout=300)
    return go


def test_pyproject_registers_the_plugin():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["pytest11"] == {"ui4a.testing": "ui4a.testing"}


def test_render_drive_and_read_a_ui(pytester, run):
    pytester.makepyfile(test_booking=BOOKING)
    ui = BOOKING.split('UI = """')[1].split('"""')[0]
    (pytester.path / "script.json").write_text(json.dumps({"book a table": ui, "__rate__": 4000}))
    result = run("--ui4a-artifacts", str(pytester.path / "shots"))
    result.assert_outcomes(passed=3, failed=1)
    out = result.stdout.str()
    assert "expected a button, link or text named 'Book now'" in out
    assert 'button "Book"' in out and 'spinbutton "Guests" = "2"' in out and "text: Book a table" in out
    shots = sorted(p.name for p in (pytester.path / "shots").iterdir())
    assert shots == ["test_booking.py_test_missing_button.png"]


PACKAGE = '''
from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register


class PriceTagProps(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: float = Field(description="The price")
    currency: str = Field(default="€", max_length=3, description="Its currency sign")


register(Component(
    name="PriceTag", description="A price with its currency.", props=PriceTagProps,
    template='<span class="price-tag" role="status">{{ props.currency }}{{ props.amount|number(2) }}</span>',
    css=".price-tag{font-weight:700}", example="<PriceTag amount=5 />"))
'''

USES_PACKAGE = '''
def test_price(render_ui):
    ui = render_ui('<State n=2 /><PriceTag amount={n * 4.5} /><Button label="More" action={n = n + 1} />')
    assert ui.role("status").inner_text() == "€9.00"
    ui.click("More")
    assert ui.role("status").inner_text() == "€13.50"
'''


def test_a_users_component_package_renders(pytester, run):
    package = pytester.mkpydir("shop_components")
    (package / "__init__.py").write_text(PACKAGE)
    info = pytester.mkdir("shop_components-0.1.dist-info")
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: shop-components\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[ui4a.components]\nshop = shop_components\n")
    pytester.makepyfile(test_shop=USES_PACKAGE)
    run().assert_outcomes(passed=1)


def test_installed_and_named_with_p_it_loads_once(pytester, run):
    """As after an install: the entry point is there, and -p names the plugin too."""
    info = pytester.mkdir("ui4a_plugin-0.1.dist-info")
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ui4a-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[pytest11]\nui4a.testing = ui4a.testing\n")
    pytester.makepyfile(test_once='def test_ok(render_ui):\n    assert render_ui("<Text>hi</Text>").has_text("hi")\n')
    run().assert_outcomes(passed=1)
