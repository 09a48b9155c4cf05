"""The standalone page's script: small, UI4A's own, and unable to reach the network or run text as code;
the page's Content-Security-Policy allows exactly it, by hash."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest

from ui4a.render.html import render_source
from ui4a.render.runtime import compact, script, script_hash

MAX_BYTES = 15 * 1024

FORBIDDEN = ["eval(", "Function(", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "fetch(",
             "XMLHttpRequest", "WebSocket", "EventSource", "import(", "importScripts", "sendBeacon", "setTimeout",
             "setInterval", "createElement", ".src", "'src'", "href", "location", "localStorage", "cookie", "DOMParser",
             "createContextualFragment", "srcdoc"]


def test_the_script_is_small():
    assert len(script().encode("utf-8")) <= MAX_BYTES


@pytest.mark.parametrize("word", FORBIDDEN)
def test_the_script_uses_no_way_to_run_code_or_reach_the_network(word):
    assert word not in script()


def test_the_page_allows_exactly_its_script_by_hash():
    html = render_source("<State n=1 /><Text>{n}</Text>", standalone=True, live=True)
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    digest = base64.b64encode(hashlib.sha256(script().encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp and script_hash() == f"'sha256-{digest}'"
    assert "default-src 'none'" in csp and "unsafe" not in csp.replace("style-src 'unsafe-inline'", "")
    executable = re.findall(r"<script(?![^>]*application/json)[^>]*>", html)
    assert executable == ["<script>"]


def test_a_static_page_has_no_script():
    html = render_source("<State n=1 /><Text>{n}</Text>", standalone=True)
    assert "<script" not in html and "script-src" not in html and "u4x" not in html


def test_compacting_keeps_strings_templates_and_regular_expressions():
    source = "// a comment\nconst a = 'x  y', b = `p ${ q } r`;\nconst c = / +x/g;\nif (a) {\n  f(a - -1);\n}\n"
    assert compact(source) == "const a='x  y',b=`p ${ q } r`,c=/ +x/g;if(a){f(a- -1)}"


@pytest.mark.browser
def test_another_inline_script_is_refused_by_the_policy(browser):
    html = render_source("<Text>hi</Text>", standalone=True, live=True)
    html = html.replace("</body>", "<script>window.__ran = 1</script></body>")
    page = browser.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text))
    page.set_content(html)
    page.wait_for_selector(".ui4a[data-ui4a-live]")
    assert page.evaluate("() => window.__ran") is None
    assert any("Content Security Policy" in e for e in errors)
    page.close()


def test_hostile_state_and_props_stay_data_in_a_live_page():
    from html.parser import HTMLParser

    from tests.test_security import HOSTILE

    class Scripts(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.scripts, self.inside, self.handlers = [], None, []

        def handle_starttag(self, tag, attrs):
            self.handlers += [name for name, _ in attrs if name.startswith("on")]
            if tag == "script":
                self.inside = dict(attrs)
                self.scripts.append([self.inside, ""])

        def handle_endtag(self, tag):
            if tag == "script":
                self.inside = None

        def handle_data(self, data):
            if self.inside is not None:
                self.scripts[-1][1] += data

    for payload in HOSTILE:
        quoted = json.dumps(payload).replace("{", "\\{").replace("}", "\\}")
        source = (f"<State s={quoted} n=1 />\n<Text>{{s}} {{n}}</Text>\n"
                  f'<Badge tone={{n > 1 ? "info" : "neutral"}}>x</Badge>\n<Stat label={{s + n}} value={{n}} />')
        page = Scripts()
        page.feed(render_source(source, standalone=True, live=True))
        assert page.handlers == []
        [(data_attrs, data), (code_attrs, code)] = page.scripts
        assert data_attrs == {"type": "application/json", "id": "ui4a-data"} and code_attrs == {}
        assert json.loads(data)["state"]["d"]["s"] == payload and code == script()
