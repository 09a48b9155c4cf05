"""The A2UI corpus (``tests/fixtures/a2ui/``): documents written from the specification's
message types and basic catalog, imported, validated and rendered in Chromium; every
text, label, button label and data-model value of the source must be on the page.
Malformed documents (``malformed/``) fail with a positioned error in bounded time.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ui4a import a2ui
from ui4a.a2ui.load import load
from ui4a.a2ui.surfaces import read_surfaces
from ui4a.a2ui.versions import markdown_heading
from ui4a.render.html import render_source
from ui4a.validate import check

CORPUS = Path(__file__).resolve().parent / "fixtures" / "a2ui"
DOCUMENTS = sorted(p for p in CORPUS.iterdir() if p.is_file())
MALFORMED = sorted((CORPUS / "malformed").iterdir())
BASIC = {"Text", "Image", "Icon", "Video", "AudioPlayer", "Row", "Column", "List", "Card", "Tabs", "Modal",
         "Divider", "Button", "TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput"}
MESSAGES = {"createSurface", "updateComponents", "updateDataModel", "deleteSurface"}


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def expected_strings(text: str) -> set[str]:
    """Literal texts and labels of the live surfaces' components, and their data values."""
    loaded = load(text)
    out: set[str] = set()
    for surface in read_surfaces(loaded.messages, []):
        for comp in surface.components.values():
            f = comp.fields
            for key in ("text", "label", "description"):
                v = f.get(key)
                if isinstance(v, str) and v and not (comp.type == "Image" and key == "description"):
                    md = markdown_heading(v)
                    out.add(md[1] if md else v)
            for tab in f.get("tabs", []) if isinstance(f.get("tabs"), list) else []:
                if isinstance(tab.get("title"), str):
                    out.add(tab["title"])
        out.update(_leaves(surface.data))
    return out


def _leaves(data: Any) -> set[str]:
    out: set[str] = set()
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str) and v:
            out.add(v)
        elif isinstance(v, int | float) and not isinstance(v, bool):
            out.add(str(v))
    return out


def test_the_corpus_covers_every_basic_component_and_message_type():
    assert len(DOCUMENTS) >= 20
    types: set[str] = set()
    kinds: set[str] = set()
    for path in DOCUMENTS:
        for _, msg in load(_read(path)).messages:
            kinds.update(k for k in msg if k in MESSAGES)
            for key in ("createSurface", "updateComponents"):
                for comp in (msg.get(key) or {}).get("components", []):
                    types.add(comp["component"])
    assert BASIC <= types, BASIC - types
    assert kinds == MESSAGES


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_each_document_imports_to_valid_code(path):
    result = a2ui.import_document(_read(path))
    assert check(result.code).ok, result.code
    for w in result.warnings:
        assert w.line >= 1 and w.message


@pytest.mark.browser
@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_every_text_label_and_value_is_on_the_page(browser, path):
    text = _read(path)
    html = render_source(a2ui.import_document(text).code, standalone=True)
    page = browser.new_page()
    try:
        page.set_content(html)
        shown = page.evaluate(
            "() => document.body.textContent + '\\n' + [...document.querySelectorAll('input, textarea, select')]"
            ".map(e => e.value).join('\\n') + '\\n' + [...document.querySelectorAll('img')].map(e => e.alt).join('\\n')"
        )
    finally:
        page.close()
    missing = sorted(s for s in expected_strings(text) if s not in shown)
    assert not missing, missing


@pytest.mark.parametrize("path", MALFORMED, ids=lambda p: p.name)
def test_malformed_documents_fail_positioned_and_fast(path):
    text = path.read_text(encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(a2ui.A2UIError) as info:
        a2ui.import_document(text)
    assert time.perf_counter() - start < 2.0
    assert info.value.line is not None and info.value.col is not None, str(info.value)


def test_strict_makes_warnings_errors():
    text = _read(CORPUS / "media.jsonl")
    assert a2ui.import_document(text).warnings
    with pytest.raises(a2ui.A2UIError, match="UI4A has no video player"):
        a2ui.import_document(text, strict=True)


def test_deleted_surfaces_are_not_shown():
    code = a2ui.import_document(_read(CORPUS / "several_surfaces.jsonl")).code
    assert "First surface stays" in code and "Third surface stays" in code
    assert "deleted" not in code
