"""The component gallery and its live editor, and parity between the app and headless HTML."""

from __future__ import annotations

import re

import pytest

from tests.conftest import EXAMPLES
from ui4a import registry
from ui4a.render.html import render_source

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_every_component_is_documented_with_a_live_example(page, app_url):
    page.goto(f"{app_url}/components")
    for comp in registry.all_components():
        card = page.locator(f"#component-{comp.name}")
        assert card.count() == 1, comp.name
        assert comp.description in card.inner_text()
        assert card.locator("table.gl-props tbody tr").count() == len(comp.props.model_fields)
        assert card.locator(".ui4a").count() == 1


def test_editor_shows_positioned_errors_and_live_preview(page, app_url):
    page.goto(f"{app_url}/components")
    page.wait_for_selector("#editor-ok")
    editor = page.locator("#editor")
    editor.fill('<Card titel="x">\n  <Txt>hi</Txt>\n</Card>')
    page.wait_for_selector("#editor-errors")
    text = page.inner_text("#editor-errors")
    assert "1:7: <Card> has no prop 'titel'; did you mean 'title'?" in text
    assert "2:3: unknown component <Txt>; did you mean <Text>?" in text
    editor.fill('<Card title="Live"><Text>Preview works</Text></Card>')
    page.wait_for_selector("#editor-ok")
    assert "Preview works" in page.inner_text("#editor-preview")


_CONTROLS = "() => ({buttons: document.querySelectorAll('{root} button').length," \
            " inputs: document.querySelectorAll('{root} input').length," \
            " selects: document.querySelectorAll('{root} select').length," \
            " textareas: document.querySelectorAll('{root} textarea').length," \
            " links: document.querySelectorAll('{root} a').length," \
            " headings: [...document.querySelectorAll('{root} h1, {root} h2, {root} h3, {root} h4')]" \
            ".map(h => h.tagName + ':' + h.innerText.trim())})"


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_app_and_headless_html_render_the_same(page, app_url, tmp_path):
    page.goto(f"{app_url}/examples")
    html_page = page.context.new_page()
    for path in EXAMPLES:
        name = path.stem
        app_root = f"#example-{name} .ui4a"
        app_view = page.evaluate(_CONTROLS.replace("{root}", app_root))
        app_text = _normal(page.inner_text(app_root))
        target = tmp_path / f"{name}.html"
        target.write_text(render_source(path.read_text(), standalone=True))
        html_page.goto(target.as_uri())
        html_view = html_page.evaluate(_CONTROLS.replace("{root}", ".ui4a"))
        html_text = _normal(html_page.inner_text(".ui4a"))
        assert app_view == html_view, name
        assert app_text == html_text, name
    html_page.close()


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("<State a=[1] />\n<Text>{a" + "[0]" * 1000 + "}</Text>", "2:100: expression nested deeper than 32 levels"),
        (f'<State a="{"x" * 16000}" />\n<Text>{{[' + ", ".join(["a"] * 100) + "]}</Text>",
         "2:8: a value's text grows past 256 KiB (the per-value limit of the render budget)"),
        ('<Image src="/\\\\evil.example/x.png" alt="x" />', "1:8: <Image> prop 'src': protocol-relative URLs"),
    ],
)
def test_editor_shows_the_positioned_error_for_hostile_input(page, app_url, source, error):
    page.goto(f"{app_url}/components")
    page.wait_for_selector("#editor-ok")
    page.locator("#editor").fill(source)
    page.wait_for_selector("#editor-errors")
    assert error in page.inner_text("#editor-errors")
    assert page.get_by_text("An error occurred").count() == 0
