"""The HTML renderer: structure, accessibility, themes, state, and streaming frames."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from ui4a.lang.parser import StreamParser
from ui4a.render.html import render_document, render_source, render_tree, stylesheet
from ui4a.validate import check


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict]]:
    c = _Collect()
    c.feed(html)
    return c.tags


def test_root_carries_theme_and_state():
    html = render_source('<State n=2 name="Ada" /><Text>{name} has {n * 2}</Text>', theme="dark")
    root = tags(html)[0]
    assert root[0] == "div" and root[1]["class"] == "ui4a" and root[1]["data-theme"] == "dark"
    assert json.loads(root[1]["data-ui4a-state"]) == {"n": 2, "name": "Ada"}
    assert "Ada has 4" in html


def test_standalone_document_inlines_only_used_css():
    html = render_source('<Card title="x"><Text>y</Text></Card>', standalone=True)
    assert html.startswith("<!doctype html>") and "Content-Security-Policy" in html
    assert ".ui-card" in html and ".ui-table" not in html
    assert "--ui-bg" in html  # theme tokens
    full = stylesheet()
    assert ".ui-table" in full and '[data-theme="dark"]' in full


def test_every_input_has_a_label_tied_to_it():
    source = """<State a="" b=1 c=false d=5 e="x" />
<Form title="F">
  <TextField label="A" bind={a} />
  <NumberField label="B" bind={b} />
  <Checkbox label="C" bind={c} />
  <Slider label="D" bind={d} min=0 max=10 />
  <Select label="E" bind={e} options=["x", "y"] />
</Form>"""
    html = render_source(source)
    found = tags(html)
    label_for = {a.get("for") for t, a in found if t == "label"}
    controls = [a for t, a in found if t in ("input", "select", "textarea") and a.get("type") != "hidden"]
    assert controls
    for control in controls:
        assert control.get("id") in label_for or control.get("aria-label") or control.get("aria-labelledby"), control


def test_bound_inputs_show_state_and_carry_the_binding():
    html = render_source('<State qty=3 /><NumberField label="Qty" bind={qty} />')
    control = next(a for t, a in tags(html) if t == "input")
    assert control["value"] == "3" and control["data-ui4a-bind"] == "qty"


def test_actions_become_inert_data_attributes():
    html = render_source('<State n=1 /><Button label="Go" action={n = n + 1; send("n is {n}")} />')
    button = next(a for t, a in tags(html) if t == "button")
    assert json.loads(button["data-ui4a-action"]) == 'n = n + 1; send("n is {n}")'
    assert not any(k.startswith("on") for k in button)


def test_images_have_alt_and_charts_have_accessible_names():
    html = render_source('<Image src="https://example.com/a.png" alt="A cat" />'
                         '<BarChart title="Sales" data=[["Jan", 3], ["Feb", 5]] />')
    img = next(a for t, a in tags(html) if t == "img")
    assert img["alt"] == "A cat"
    svg = next(a for t, a in tags(html) if t == "svg")
    assert svg.get("role") == "img" and (svg.get("aria-label") or svg.get("aria-labelledby"))
    assert "Jan" in html and "Feb" in html


def test_code_keeps_its_line_breaks():
    html = render_source("<Code language=\"python\">\n  def f():\n      return 1\n</Code>")
    assert "def f():\n    return 1" in html


def test_inline_components_inside_text():
    report = check('<Text>Read the <Link href="/docs">docs</Link> or ask <Badge>support</Badge>.</Text>')
    assert report.ok, report.format()


def test_streaming_frames_render_at_every_prefix():
    source = ('<Card title="Sales"><Stat label="MRR" value="$1k" delta=2 />'
              '<Table columns=["A", "B"] rows=[["x", 1], ["y", 2]] /><Text>Done</Text></Card>')
    parser = StreamParser()
    frames = []
    for ch in source:
        parser.feed(ch)
        frames.append(str(render_tree(parser.tree(), partial=True)))
    parser.close()
    assert all(f.startswith('<div class="ui4a"') for f in frames)
    # rows appear one by one before the table is complete
    assert any(">x<" in f and ">y<" not in f for f in frames)
    final = render_document(parser.tree())
    assert re.search(r">\s*Done\s*<", final)


def test_partial_frame_with_missing_required_props_shows_children():
    parser = StreamParser()
    parser.feed('<Section><Text>inside</Text>')
    html = str(render_tree(parser.tree(), partial=True))
    assert "ui-pending" in html and "inside" in html
