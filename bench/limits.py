"""Every input limit against the largest hostile input that reaches it: what is refused, and how fast.

Each row feeds one input, as large as its channel lets it be (a document is cut at 256 KiB
by the parser, a request body at 1 MiB by the server), and prints the verdict — the first
positioned fault — with the wall-clock time of ``ui4a check`` (or the loader) and, for
documents, of rendering too.

    python -m bench.limits
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ui4a.bounded_json import JsonError, loads
from ui4a.hcp import ManifestError
from ui4a.hcp import loads as load_manifest
from ui4a.lang.parser import MAX_BYTES
from ui4a.render.html import RenderError, render_source
from ui4a.urls import UnsafeUrl, check_image_url
from ui4a.validate import check

DOC = MAX_BYTES - 64  # the largest document the parser reads whole
LONG = "y" * 16_000


def _fill(head: str, unit: str, tail: str = "", size: int = DOC) -> str:
    return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail


DOCUMENTS: list[tuple[str, str]] = [
    ("document size", "<Text>" + "x" * (4 * 1024 * 1024) + "</Text>"),
    ("element nesting", _fill("", "<Stack>")),
    ("parentheses in an expression", _fill("<Text>{", "(")),
    ("unary operators", _fill("<Text>{", "!", "1}</Text>")),
    ("accessor chain", _fill('<State a=[1] />\n<Text>{a', "[0]", "}</Text>")),
    ("value nesting", _fill("<Card v=", "[")),
    ("flat + chain (accepted)", _fill("<Text>{", "1 + ", "1}</Text>")),
    ("flat && chain (accepted)", _fill("<Text>{", "1 && ", "1}</Text>")),
    ("references to a 16 KB state", _fill(f'<State a="{LONG}" />\n<Text>{{[', "a, ", "a]}</Text>")),
    ("join() of references", _fill(f'<State a="{LONG}" />\n<Text>{{join([', "a, ", "a])}</Text>")),
    ("many interpolations", _fill(f'<State a="{LONG}" />\n<Stack>', "<Text>{a}</Text>", "</Stack>")),
    ("template of references", _fill(f'<State a="{LONG}" />\n<Text>{{"', "{a}", '"}</Text>')),
    ("elements", _fill("<Stack>", "<Divider />", "</Stack>")),
]

JSON: list[tuple[str, str]] = [
    ("JSON nesting", "[" * (1024 * 1024)),
    ("JSON object nesting", '{"a":' * (1024 * 1024 // 5)),
    ("JSON number", "1" * (1024 * 1024)),
    ("JSON surrogates", '"' + "\\ud800" * (1024 * 1024 // 6 - 1) + '"'),
    ("JSON duplicate key last", "[" + '{"a":1},' * (1024 * 1024 // 8 - 3) + '{"a":1,"a":2}]'),
    ("JSON flat list, bad end", "[" + "1," * (1024 * 1024 // 2 - 1)),
]

MANIFESTS: list[tuple[str, str]] = [
    ("TOML nesting", "[harness]\nname = 'x'\nx = " + "[" * (1024 * 1024 - 40)),
    ("TOML dotted key", "[harness]\nname = 'x'\n" + "a." * (1024 * 1024 // 2 - 20) + "b = 1"),
    ("TOML size", "[harness]\nname = 'x'\n# " + "x" * (2 * 1024 * 1024)),
]


def _time(fn: Callable[[], Any]) -> tuple[str, float]:
    started = time.perf_counter()
    try:
        result = fn()
    except (JsonError, ManifestError, RenderError, UnsafeUrl) as exc:
        verdict = str(exc).splitlines()[0]
    else:
        verdict = result if isinstance(result, str) else "accepted"
    return verdict, time.perf_counter() - started


def _check(source: str) -> str:
    report = check(source)
    return "accepted" if report.ok else report.format("doc").splitlines()[0]


def _render(source: str) -> str:
    html = render_source(source)
    return f"rendered {len(html) / 1024:.0f} KiB"


def main() -> int:
    print(f"{'limit':32s} {'input':>10s}  {'check':>7s} {'render':>7s}  verdict")
    for name, source in DOCUMENTS:
        verdict, checked = _time(lambda s=source: _check(s))
        shown, rendered = _time(lambda s=source: _render(s))
        if verdict == "accepted":
            verdict = shown
        print(f"{name:32s} {len(source) / 1024:8.0f} K  {checked:6.2f}s {rendered:6.2f}s  {verdict[:110]}")
    for name, text in JSON:
        verdict, seconds = _time(lambda t=text: loads(t))
        print(f"{name:32s} {len(text) / 1024:8.0f} K  {seconds:6.2f}s {'':7s}  {verdict[:110]}")
    for name, text in MANIFESTS:
        verdict, seconds = _time(lambda t=text: load_manifest(t))
        print(f"{name:32s} {len(text) / 1024:8.0f} K  {seconds:6.2f}s {'':7s}  {verdict[:110]}")
    url = "/\t\\" * 5000 + "evil.example"
    verdict, seconds = _time(lambda: check_image_url(url))
    print(f"{'URL policy':32s} {len(url) / 1024:8.0f} K  {seconds:6.2f}s {'':7s}  {verdict[:110]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
