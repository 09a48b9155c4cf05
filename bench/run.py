"""The UI benchmark: tokens of compact code against three baselines, with renders checked in Chromium.

For every case in ``bench/cases/`` (``--quick``: a fixed 12-case subset spread over the categories):

* **compact** — the case's reference compact code (``ui``);
* **lean HTML** — the case's hand-written ``html_lean``: a careful author's whole document;
* **strict HTML** — the component render as one self-contained document that looks the same:
  the standalone render with its ``<style>`` pruned in Chromium to the rules that match the
  rendered DOM (selector by selector, state pseudo-classes and pseudo-elements stripped before
  matching; ``@media``/``@supports``/``@container`` pruned inside; theme-variable rules kept),
  comments and redundant whitespace dropped from the CSS, the CSP ``<meta>`` dropped. A full-page
  screenshot of it is compared pixel by pixel with the full render's ("same" = under 0.1% of the
  pixels differ);
* **A2UI** — the A2UI v0.9 JSONL of the same UI (``ui4a.a2ui.export``).

Tokens are counted with cl100k_base and o200k_base, with the default model's tokenizer (its
pretrained base's, SmolLM2's) when the base is installed, and with ui4a-tiny's when
``models/ui4a-tiny/tokenizer.json`` exists. The compact render and the lean baseline both
run every check of the case (a baseline that fails its checks is not a fair baseline, and the
report says so); the strict document runs them too. Screenshots go to ``OUT/screens``.

With a model (``--model local|local:PATH|openai:URL|replay|fake``) each request is also sent to
the model and its answer scored: parses, validates, passes the case's checks, output tokens, and
time to the first rendered component — from the start of the turn (routing included) until the
streamed prefix first holds an element, other than ``<State>``, whose props all resolve and
validate (``resolve_props(..., partial=True)`` returns a model: the renderer would draw it with
its own chrome rather than as a pending placeholder). ``fake`` is a ScriptedBackend answering
each request with its reference code, with no delay.

    python -m bench.run [--quick] [--out DIR] [--model SPEC]      # or: ui4a bench [--quick] ...
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import platform
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.cases import load_cases
from ui4a import a2ui
from ui4a import tokens as tok
from ui4a.a2ui import formats
from ui4a.checks.browser import PageWatch, chromium
from ui4a.checks.cases import CATEGORIES, Case
from ui4a.checks.runner import VIEWPORT, run_checks
from ui4a.lang.writer import canonical as compact
from ui4a.render.html import render_source

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "bench" / "results"
MODEL_TOKENIZER = ROOT / "models" / "ui4a-tiny" / "tokenizer.json"
SAME_SHARE = 0.001
"""Two screenshots are "the same" when under 0.1% of their pixels differ."""
QUICK_SIZE = 12
BASELINES = ("html_lean", "html_strict", "a2ui", "a2ui_express", "a2ui_elemental")
SERIES = ("ui", "html_lean", "html_strict", "a2ui", "a2ui_express", "a2ui_elemental")
SERIES_LABELS = {"ui": "compact code", "html_lean": "lean HTML", "html_strict": "strict HTML",
                 "a2ui": "A2UI v0.9 JSON", "a2ui_express": "A2UI Express", "a2ui_elemental": "A2UI Elemental",
                 "html_full": "full render"}
TARGETS = {"html_lean": 0.60, "html_strict": 0.80, "a2ui": 0.50}
"""Minimum median saving of the compact code against each baseline."""
REFERENCE = {"per_ui_compact": 672, "per_ui_html": 1224, "saving": 0.45}
"""Macaron's published figures (48 cases, raw HTML): the number to compare against."""


# ------------------------------------------------------------------ cases and tokenizers


def quick_subset(cases: Sequence[Case], size: int = QUICK_SIZE) -> list[Case]:
    """A fixed subset spread over the categories: round-robin over categories, names sorted."""
    by_cat: dict[str, list[Case]] = {}
    for case in sorted(cases, key=lambda c: c.name):
        by_cat.setdefault(case.category, []).append(case)
    order = [c for c in CATEGORIES if c in by_cat] + sorted(set(by_cat) - set(CATEGORIES))
    picked: list[Case] = []
    rank = 0
    while len(picked) < size and any(rank < len(by_cat[c]) for c in order):
        picked += [by_cat[c][rank] for c in order if rank < len(by_cat[c])][: size - len(picked)]
        rank += 1
    return sorted(picked, key=lambda c: c.name)


def _base_tokenizer_file() -> tuple[str, Path] | None:
    """The default model's base and its tokenizer.json (the base is converted once on first use);
    None when the manifest names no pretrained base or it is not installed."""
    from ui4a import harness
    from ui4a.model.base import BaseError, BaseSpec, materialize

    spec = BaseSpec.parse(harness.current().pretrained() or "")
    if spec is None:
        return None
    try:
        return Path(spec.file).stem.split(".")[0], materialize(spec) / "tokenizer.json"
    except BaseError:
        return None


def _tokenizer_counter(path: Path) -> Callable[[str], int] | None:
    """A counter of a Hugging Face ``tokenizer.json``; None when it is missing or unreadable (skipped,
    as documented)."""
    from tokenizers import Tokenizer

    try:
        hf = Tokenizer.from_file(str(path))
    except Exception:
        return None
    return lambda text: len(hf.encode(text, add_special_tokens=False).ids)


def tokenizers() -> dict[str, Callable[[str], int]]:
    """Counters by name: cl100k_base, o200k_base and, when they are there, the default model's base
    (SmolLM2's) and ui4a-tiny's."""
    out: dict[str, Callable[[str], int]] = {
        name: (lambda text, _n=name: tok.count(text, _n)) for name in tok.DEFAULT_ENCODINGS}
    base = _base_tokenizer_file()
    for name, path in ([base] if base else []) + [("ui4a-tiny", MODEL_TOKENIZER)]:
        counter = _tokenizer_counter(path)
        if counter is not None:
            out[name] = counter
    return out


class Progress:
    """``[#####.....] 12/48 name`` on stderr; redrawn in place on a terminal, one line per step elsewhere."""

    def __init__(self, total: int, label: str = "", stream=None, width: int = 30) -> None:
        self.total, self.label, self.width, self.done = total, label, width, 0
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def step(self, name: str) -> None:
        self.done += 1
        filled = round(self.width * self.done / max(self.total, 1))
        line = f"{self.label}[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} {name}"
        if self.tty:
            self.stream.write("\r\x1b[2K" + line + ("\n" if self.done == self.total else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


# ------------------------------------------------------------------ strict HTML

# Pseudo-classes that depend on state or interaction (stripped before matching, so a rule for
# :hover or :checked is kept when its element is on the page), and pseudo-elements.
_STATE_PSEUDO = frozenset(
    "hover focus focus-visible focus-within active visited link any-link checked disabled enabled "
    "indeterminate placeholder-shown invalid valid in-range out-of-range required optional read-only "
    "read-write target open closed autofill default user-invalid user-valid popover-open modal "
    "before after first-line first-letter marker selection placeholder backdrop".split())
_GROUP_AT = ("@media", "@supports", "@container", "@layer", "@scope")
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_STYLE = re.compile(r"<style>(.*?)</style>", re.S)
_CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>')


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split on ``sep`` outside parentheses, brackets and strings."""
    parts, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def strip_pseudo(selector: str) -> str:
    """The selector without state pseudo-classes and pseudo-elements, for ``querySelector``.

    ``.a:hover::before`` → ``.a``; ``.ui4a :focus-visible`` → ``.ui4a *``; a ``:not(…)`` whose
    argument held a stripped pseudo is dropped whole (which only widens the match).
    """
    out: list[str] = []
    i, n = 0, len(selector)
    while i < n:
        ch = selector[i]
        if ch in "\"'":
            j = selector.index(ch, i + 1) + 1 if ch in selector[i + 1:] else n
            out.append(selector[i:j])
            i = j
            continue
        if ch == "[":
            j = selector.find("]", i)
            j = n if j < 0 else j + 1
            out.append(selector[i:j])
            i = j
            continue
        if ch != ":":
            out.append(ch)
            i += 1
            continue
        element = selector.startswith("::", i)
        j = i + (2 if element else 1)
        m = re.match(r"-?[A-Za-z][\w-]*", selector[j:])
        name = m.group(0) if m else ""
        j += len(name)
        arg = None
        if j < n and selector[j] == "(":
            depth, k = 0, j
            while k < n:
                depth += selector[k] == "("
                depth -= selector[k] == ")"
                k += 1
                if depth == 0:
                    break
            arg, j = selector[j + 1:k - 1], k
        lname = name.lower()
        if element or lname in _STATE_PSEUDO or lname.startswith("-webkit-") or lname.startswith("-moz-"):
            i = j
            continue
        if arg is not None and lname in ("not", "is", "where", "has"):
            inner = [strip_pseudo(a) for a in split_top(arg)]
            changed = inner != [a.strip() for a in split_top(arg)]
            if lname == "not" and changed:
                i = j  # :not(:checked) — drop it, which only widens the match
                continue
            inner = [a for a in inner if a and a != "*"] or (["*"] if lname != "has" else [])
            if inner:
                out.append(f":{name}({', '.join(inner)})")
            i = j
            continue
        out.append(selector[i:j])
        i = j
    s = re.sub(r"\s+", " ", "".join(out))
    s = re.sub(r"\s*([>+~])\s*", r"\1", s).lstrip()
    s = re.sub(r"(^|[ >+~])(?=[>+~ ]|$)", r"\1*", s)
    return s or "*"


def parse_css(css: str) -> list[tuple]:
    """Top-level items: ("style", selector, body), ("group", prelude, items) or ("at", prelude, body)."""
    items: list[tuple] = []
    pos, n = 0, len(css)
    while pos < n:
        brace = css.find("{", pos)
        if brace < 0:
            break
        prelude = css[pos:brace].strip()
        depth, k = 0, brace
        while k < n:
            depth += css[k] == "{"
            depth -= css[k] == "}"
            k += 1
            if depth == 0:
                break
        inner = css[brace + 1:k - 1]
        if prelude.startswith(_GROUP_AT):
            items.append(("group", prelude, parse_css(inner)))
        elif prelude.startswith("@"):
            items.append(("at", prelude, inner.strip()))
        else:
            items.append(("style", prelude, inner.strip()))
        pos = k
    return items


def _is_theme_rule(selector: str, body: str) -> bool:
    return (".ui4a" in selector or "[data-theme" in selector) and bool(re.search(r"(^|[;{\s])--", body))


def _selectors(items: list[tuple]) -> list[str]:
    out: list[str] = []
    for kind, prelude, body in items:
        if kind == "style":
            out += [strip_pseudo(s) for s in split_top(prelude)]
        elif kind == "group":
            out += _selectors(body)
    return out


def prune_css(css: str, matches: Callable[[list[str]], list[bool | None]]) -> str:
    """Keep only the rules whose (stripped) selectors match; ``matches`` asks the browser.

    ``matches`` gets the stripped selectors and answers True/False each (None = the browser
    could not parse it: the selector is kept). The result is minified.
    """
    items = parse_css(_CSS_COMMENT.sub("", css))
    wanted = sorted(set(_selectors(items)))
    answer = dict(zip(wanted, matches(wanted), strict=True))

    def keep(items: list[tuple]) -> list[str]:
        kept: list[str] = []
        for kind, prelude, body in items:
            if kind == "style":
                if _is_theme_rule(prelude, body):
                    kept.append(f"{_min_sel(prelude)}{{{_min_body(body)}}}")
                    continue
                parts = [s for s in split_top(prelude) if answer.get(strip_pseudo(s)) is not False]
                if parts:
                    kept.append(f"{','.join(_min_sel(p) for p in parts)}{{{_min_body(body)}}}")
            elif kind == "group":
                inner = keep(body)
                if inner:
                    kept.append(f"{_min_sel(prelude)}{{{''.join(inner)}}}")
            else:
                kept.append(("at", prelude, body))  # decided below, once every style rule is known
        return kept

    kept = keep(items)
    text = "".join(k for k in kept if isinstance(k, str))
    out = []
    for k in kept:
        if isinstance(k, str):
            out.append(k)
            continue
        _, prelude, body = k
        name = prelude.split(None, 1)[1].strip() if " " in prelude else ""
        if prelude.startswith("@keyframes") and not re.search(rf"\b{re.escape(name)}\b", text):
            continue  # an animation nothing uses
        out.append(f"{_min_sel(prelude)}{{{_min_body(body)}}}")
    return "\n".join(out)


def _min_sel(selector: str) -> str:
    s = re.sub(r"\s+", " ", selector.strip())
    return re.sub(r"\s*,\s*", ",", s)


def _min_body(body: str) -> str:
    s = re.sub(r"\s+", " ", body.strip())
    s = re.sub(r"\s*([{};])\s*", r"\1", s)
    s = re.sub(r"\s*:\s*", ":", s) if "url(" not in s else s
    s = re.sub(r",\s+", ",", s)
    return s.rstrip(";")


_MATCH_JS = """sels => sels.map(s => { try { return document.querySelector(s) !== null } catch (e) { return null } })"""


def strict_html(page, html: str) -> str:
    """The standalone render with its stylesheet pruned to the rules the rendered DOM uses.

    Loads ``html`` into ``page`` and asks Chromium which selectors match the DOM; leaves the page
    showing ``html``.
    """
    page.set_content(html, wait_until="load")
    m = _STYLE.search(html)
    if m is None:
        return html
    css = prune_css(m.group(1), lambda sels: page.evaluate(_MATCH_JS, sels))
    out = html[:m.start()] + "<style>" + css + "</style>" + html[m.end():]
    return _CSP_META.sub("", out)


def compare_png(a: bytes, b: bytes) -> dict[str, Any]:
    """Pixel comparison of two PNGs: max abs difference (0-255), share of differing pixels, same."""
    from matplotlib import image as mpimg

    x = mpimg.imread(io.BytesIO(a), format="png")
    y = mpimg.imread(io.BytesIO(b), format="png")
    if x.shape != y.shape:
        return {"same": False, "max_abs_diff": 255, "diff_share": 1.0,
                "size": [list(x.shape[:2]), list(y.shape[:2])]}
    channels = min(x.shape[2], 3) if x.ndim == 3 else 1
    d = abs(x[..., :channels].astype("float64") - y[..., :channels].astype("float64"))
    d = d.max(axis=2) if d.ndim == 3 else d
    share = float((d > 0).mean())
    return {"same": share < SAME_SHARE, "max_abs_diff": int(round(float(d.max()) * 255)),
            "diff_share": round(share, 6), "size": list(x.shape[:2])}


def _screenshot(page, html: str, path: Path) -> bytes:
    page.set_content(html, wait_until="load")
    data = page.screenshot(full_page=True, animations="disabled", caret="hide")
    path.write_bytes(data)
    return data


# ------------------------------------------------------------------ one case


def savings(counts: dict[str, int]) -> dict[str, float]:
    return {b: round(tok.saving(counts["ui"], counts[b]), 4) for b in BASELINES}


def run_case(browser, case: Case, screens: Path, counters: dict[str, Callable[[str], int]]) -> dict:
    full = render_source(case.ui, standalone=True)
    messages = a2ui.export(case.ui)
    jsonl = a2ui.to_jsonl(messages)
    page = browser.new_page(viewport=VIEWPORT)
    watch = PageWatch(stub_images=True)
    watch.attach(page)
    try:
        strict = strict_html(page, full)
        shot_ui = _screenshot(page, full, screens / f"{case.name}-ui.png")
        shot_strict = _screenshot(page, strict, screens / f"{case.name}-strict.png")
        _screenshot(page, case.html_lean, screens / f"{case.name}-lean.png")
    finally:
        page.close()
    compare = compare_png(shot_ui, shot_strict)
    fails = {label: run_checks(browser, html, case.checks)
             for label, html in (("ui", full), ("html_lean", case.html_lean), ("html_strict", strict))}
    # Compact code is counted in its canonical form (no indentation between tags, as a model
    # writes it); the indented reference is counted too, as "ui_as_written".
    texts = {"ui": compact(case.ui), "ui_as_written": case.ui, "html_lean": case.html_lean,
             "html_strict": strict, "a2ui": jsonl, "a2ui_express": formats.express(messages),
             "a2ui_elemental": formats.elemental(messages), "html_full": full}
    counts = {name: {k: count(v) for k, v in texts.items()} for name, count in counters.items()}
    return {
        "name": case.name, "category": case.category, "checks": len(case.checks),
        "interactive": case.interactive,
        "ui_pass": not fails["ui"], "lean_pass": not fails["html_lean"], "strict_pass": not fails["html_strict"],
        "failures": {k: v for k, v in fails.items() if v},
        "strict_vs_full": compare,
        "bytes": {k: len(v.encode()) for k, v in texts.items()},
        "tokens": counts,
        "savings": {name: savings(c) for name, c in counts.items()},
        "screens": {k: f"screens/{case.name}-{k}.png" for k in ("ui", "lean", "strict")},
    }


# ------------------------------------------------------------------ summary


def _stats(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 4), "mean": round(statistics.fmean(values), 4),
            "min": round(min(values), 4), "max": round(max(values), 4)}


def summarize(rows: list[dict], counters: Sequence[str]) -> dict:
    n = len(rows)
    per_tok: dict[str, Any] = {}
    for name in counters:
        totals = {s: sum(r["tokens"][name][s] for r in rows) for s in (*SERIES, "html_full", "ui_as_written")}
        entry: dict[str, Any] = {
            "per_ui_mean": {s: round(totals[s] / n, 1) for s in totals},
            "per_ui_median": {s: statistics.median(r["tokens"][name][s] for r in rows) for s in totals},
            "totals": totals,
        }
        for b in BASELINES:
            st = _stats([r["savings"][name][b] for r in rows])
            entry[f"median_savings_vs_{b}"] = st["median"]
            entry[f"mean_savings_vs_{b}"] = st["mean"]
            entry[f"total_savings_vs_{b}"] = round(tok.saving(totals["ui"], totals[b]), 4)
            entry[f"savings_vs_{b}"] = st
        entry["median_savings_vs_html_lean_as_written"] = round(statistics.median(
            tok.saving(r["tokens"][name]["ui_as_written"], r["tokens"][name]["html_lean"]) for r in rows), 4)
        entry["targets"] = {b: {"target": t, "value": entry[f"median_savings_vs_{b}"],
                                "met": entry[f"median_savings_vs_{b}"] >= t} for b, t in TARGETS.items()}
        per_tok[name] = entry
    main = per_tok["cl100k_base"]
    checks_total = sum(r["checks"] for r in rows)
    summary = {
        "cases": n,
        "checks_total": checks_total,
        "checks_pass_rate": round(sum(r["ui_pass"] for r in rows) / n, 4),
        "lean_checks_pass_rate": round(sum(r["lean_pass"] for r in rows) / n, 4),
        "strict_checks_pass_rate": round(sum(r["strict_pass"] for r in rows) / n, 4),
        "strict_same_rate": round(sum(r["strict_vs_full"]["same"] for r in rows) / n, 4),
        "median_savings_vs_html_lean": main["median_savings_vs_html_lean"],
        "median_savings_vs_html_strict": main["median_savings_vs_html_strict"],
        "median_savings_vs_a2ui": main["median_savings_vs_a2ui"],
        "median_savings_vs_a2ui_express": main["median_savings_vs_a2ui_express"],
        "median_savings_vs_a2ui_elemental": main["median_savings_vs_a2ui_elemental"],
        "median_savings_vs_html_lean_as_written": main["median_savings_vs_html_lean_as_written"],
        "mean_savings_vs_html_lean": main["mean_savings_vs_html_lean"],
        "mean_savings_vs_html_strict": main["mean_savings_vs_html_strict"],
        "mean_savings_vs_a2ui": main["mean_savings_vs_a2ui"],
        "targets": main["targets"],
        "targets_met": all(t["met"] for t in main["targets"].values()),
        "tokenizers": per_tok,
        "failing_ui": [r["name"] for r in rows if not r["ui_pass"]],
        "failing_lean": [r["name"] for r in rows if not r["lean_pass"]],
        "strict_not_same": [r["name"] for r in rows if not r["strict_vs_full"]["same"]],
    }
    return summary


# ------------------------------------------------------------------ model mode


def _fake_backend(cases: Sequence[Case]):
    from ui4a.model.backends.scripted import ScriptedBackend

    return ScriptedBackend({c.request: c.ui for c in cases}, rate=0)


def has_rendered_component(doc) -> bool:
    """Whether a partial tree holds an element (not <State>) whose props resolve and validate."""
    from ui4a import registry
    from ui4a.validate import STATE_TAG, declared_state, resolve_props

    try:
        state = declared_state(doc)
        for el, _ in doc.walk():
            comp = registry.get(el.name) if el.name != STATE_TAG else None
            if comp is not None and resolve_props(el, comp, state, doc.index, partial=True)[0] is not None:
                return True
    except Exception:  # a half-written prop value that cannot be evaluated yet is simply not ready
        return False
    return False


async def _generate(backend, request: str) -> dict[str, Any]:
    from ui4a.lang.parser import StreamParser
    from ui4a.model.backends.base import Message

    messages = [Message("user", request)]
    start = time.perf_counter()
    route = backend.route(messages)
    routed = time.perf_counter()
    parser = StreamParser()
    pieces: list[str] = []
    first_token = first_component = None
    async for piece in backend.stream(messages, route):
        now = time.perf_counter()
        if first_token is None:
            first_token = now - start
        pieces.append(piece)
        parser.feed(piece)
        if first_component is None and parser.ok and has_rendered_component(parser.tree()):
            first_component = time.perf_counter() - start
    parser.close()
    text, mended = "".join(pieces), []
    if route.adapter == "ui" and getattr(backend, "constrained", False):
        from ui4a.mend import mend

        fixed = mend(text)  # as every turn of a constrained source is (ui4a.model.turn)
        text, mended = fixed.source, fixed.dropped
    return {"adapter": route.adapter, "route_s": round(routed - start, 4), "mended": mended,
            "first_token_s": None if first_token is None else round(first_token, 4),
            "first_component_s": None if first_component is None else round(first_component, 4),
            "total_s": round(time.perf_counter() - start, 4), "text": text,
            "stream_parse_ok": parser.ok}


def make_backend(spec: str, cases: Sequence[Case]):
    """The model source for ``spec``; "fake" answers each case's request with its reference code."""
    from ui4a.model.backends.factory import from_spec

    return _fake_backend(cases) if spec == "fake" else from_spec(spec)


def run_model(cases: Sequence[Case], spec: str, browser, progress: bool = True, backend=None) -> dict:
    """Send each case's request to the model source ``spec`` and score its answer."""
    from ui4a.validate import check

    backend = backend if backend is not None else make_backend(spec, cases)
    bar = Progress(len(cases), "model ") if progress else None
    rows = []
    with ThreadPoolExecutor(1) as pool:  # its own event loop, away from Playwright's
        for case in cases:
            try:
                gen = pool.submit(asyncio.run, _generate(backend, case.request)).result()
                error = ""
            except Exception as exc:  # a backend that cannot answer scores zero for this case
                gen = {"adapter": None, "text": "", "stream_parse_ok": False, "first_component_s": None,
                       "first_token_s": None, "route_s": None, "total_s": None, "mended": []}
                error = f"{type(exc).__name__}: {exc}"
            text = gen.pop("text")
            report = check(text) if text.strip() else None
            schema_valid = bool(report and report.ok)
            failures: list[str] = []
            if schema_valid:
                try:
                    failures = run_checks(browser, render_source(text, standalone=True), case.checks)
                except Exception as exc:
                    failures = [f"render failed: {exc}"]
            passed = len(case.checks) - min(len(case.checks), len(failures)) if schema_valid else 0
            row = {"name": case.name, "category": case.category, **gen,
                   "parse_valid": gen["stream_parse_ok"] and bool(text.strip()),
                   "schema_valid": schema_valid, "checks_pass": schema_valid and not failures,
                   "checks_passed": passed, "checks_total": len(case.checks),
                   "failures": failures, "output_tokens": tok.count(text),
                   "errors": [d.message for d in report.diagnostics][:5] if report else [],
                   "exact_match": text.strip() == case.ui.strip()}
            if error:
                row["backend_error"] = error
            rows.append(row)
            if bar:
                bar.step(case.name)
    n = len(rows)
    ttfc = [r["first_component_s"] for r in rows if r["first_component_s"] is not None]
    outs = [r["output_tokens"] for r in rows]
    return {
        "spec": spec, "backend": getattr(backend, "label", type(backend).__name__), "cases": n,
        "routed_ui_rate": round(sum(r["adapter"] == "ui" for r in rows) / n, 4),
        "parse_valid_rate": round(sum(r["parse_valid"] for r in rows) / n, 4),
        "schema_valid_rate": round(sum(r["schema_valid"] for r in rows) / n, 4),
        "checks_pass_rate": round(sum(r["checks_pass"] for r in rows) / n, 4),
        "check_share": round(sum(r["checks_passed"] for r in rows) / max(1, sum(r["checks_total"] for r in rows)), 4),
        "mended_rate": round(sum(bool(r["mended"]) for r in rows) / n, 4),
        "by_category": {cat: {"cases": len(group), "checks_pass_rate": round(sum(r["checks_pass"] for r in group) / len(group), 4),
                              "check_share": round(sum(r["checks_passed"] for r in group)
                                                   / max(1, sum(r["checks_total"] for r in group)), 4)}
                        for cat in sorted({r["category"] for r in rows})
                        for group in [[r for r in rows if r["category"] == cat]]},
        "exact_match_rate": round(sum(r["exact_match"] for r in rows) / n, 4),
        "backend_errors": sorted({r["backend_error"] for r in rows if "backend_error" in r})[:5],
        "median_output_tokens": statistics.median(outs) if outs else 0,
        "mean_output_tokens": round(statistics.fmean(outs), 1) if outs else 0,
        "median_first_component_s": round(statistics.median(ttfc), 4) if ttfc else None,
        "first_component_definition": "seconds from the start of the turn (routing included) until the "
                                      "streamed prefix holds an element other than <State> whose props "
                                      "all resolve and validate",
        "per_case": rows,
    }


# ------------------------------------------------------------------ reports


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def write_markdown(report: dict, path: Path) -> None:
    s = report["summary"]
    lines = [
        "# UI4A token benchmark", "",
        f"{s['cases']} cases{' (quick subset)' if report['quick'] else ''}, {s['checks_total']} checks, "
        f"run {report['started']} in {report['seconds']:.0f} s on {report['platform']}.", "",
        "## Method", "",
        "- **compact**: the case's reference compact code in canonical form (`ui4a.lang.writer.canonical`: no "
        "line breaks or indentation between tags, which the language ignores, as JSX does — the form a "
        "model writes); the indented reference is reported too. **lean HTML**: the case's hand-written "
        "`html_lean` document. **strict HTML**: the standalone component render with its stylesheet "
        "pruned in Chromium to the rules matching the rendered DOM (state pseudo-classes and "
        "pseudo-elements stripped before matching, theme-variable rules kept), CSS comments and "
        "whitespace removed; a full-page screenshot must match the full render (< 0.1% of pixels "
        "differ). **A2UI**: the A2UI v0.9 JSONL of the same UI (`ui4a a2ui`); **A2UI Express** and "
        "**A2UI Elemental**: A2UI's own compact inference formats, written from that same JSON by the "
        "official SDK's decompilers (`a2ui-agent-sdk`; `ui4a.a2ui.formats`).",
        "- Saving = 1 − compact/baseline tokens, per case; medians over cases (means and totals too).",
        "- Every compact render, every lean baseline and every strict document runs all of the case's "
        "checks in Chromium (offline); screenshots are in `screens/`.",
        f"- Reference: Macaron reports ~{REFERENCE['per_ui_compact']} vs ~{REFERENCE['per_ui_html']} "
        f"tokens per UI against raw HTML (~{REFERENCE['saving']:.0%} fewer) on 48 cases.", "",
        "## Correctness", "",
        f"- compact renders passing all checks: {_pct(s['checks_pass_rate'])}"
        + (f" — FAILING: {', '.join(s['failing_ui'])}" if s["failing_ui"] else ""),
        *([f"- the same cases rendered by the live Reflex app (streamed into the playground) passing all checks: "
           f"{_pct(s['app_checks_pass_rate'])}" + (f" — FAILING: {', '.join(s['failing_app'])}"
                                                   if s["failing_app"] else "")] if "app_checks_pass_rate" in s else []),
        f"- lean HTML baselines passing all checks: {_pct(s['lean_checks_pass_rate'])}"
        + (f" — not a fair baseline for: {', '.join(s['failing_lean'])}" if s["failing_lean"] else ""),
        f"- strict HTML passing all checks: {_pct(s['strict_checks_pass_rate'])}; "
        f"looks the same as the full render: {_pct(s['strict_same_rate'])}"
        + (f" — DIFFERS: {', '.join(s['strict_not_same'])}" if s["strict_not_same"] else ""), "",
        "## Savings", "",
    ]
    for name, t in s["tokenizers"].items():
        m = t["per_ui_mean"]
        lines += [f"### {name}", "",
                  f"Mean tokens per UI: compact {m['ui']:.0f}, lean HTML {m['html_lean']:.0f}, strict HTML "
                  f"{m['html_strict']:.0f}, A2UI {m['a2ui']:.0f}, A2UI Express {m['a2ui_express']:.0f}, "
                  f"A2UI Elemental {m['a2ui_elemental']:.0f} (unpruned full render {m['html_full']:.0f}; "
                  f"compact as written, indented: {m['ui_as_written']:.0f}, median saving vs lean HTML "
                  f"{_pct(t['median_savings_vs_html_lean_as_written'])}).",
                  "", "| baseline | median saving | mean | total | target | |", "|---|---|---|---|---|---|"]
        for b in BASELINES:
            tg = t["targets"].get(b)
            verdict = (f"≥ {tg['target']:.0%} | {'met' if tg['met'] else '**MISSED**'}" if tg else
                       "— | " + ("ahead" if t[f"median_savings_vs_{b}"] > 0 else "**UI4A is not ahead**"))
            lines.append(f"| {SERIES_LABELS[b]} | {_pct(t[f'median_savings_vs_{b}'])} | "
                         f"{_pct(t[f'mean_savings_vs_{b}'])} | {_pct(t[f'total_savings_vs_{b}'])} | {verdict} |")
        behind = [f"{SERIES_LABELS[b]} in {sum(1 for r in report['cases'] if r['savings'][name][b] <= 0)} of "
                  f"{len(report['cases'])} cases" for b in ("a2ui_express", "a2ui_elemental")
                  if any(r["savings"][name][b] <= 0 for r in report["cases"])]
        if behind:
            lines.append("")
            lines.append("Where UI4A is not ahead (compact code as long as or longer than): " + "; ".join(behind) + ".")
        lines.append("")
    missed = [f"{SERIES_LABELS[b]} ({_pct(v['value'])} < {v['target']:.0%})"
              for b, v in s["targets"].items() if not v["met"]]
    lines += ["**Targets (cl100k_base): " + ("all met.**" if not missed else f"MISSED: {'; '.join(missed)}.**"),
              ""]
    if "model" in report:
        mo = report["model"]
        lines += ["## Model", "", f"Source `{mo['spec']}` ({mo['backend']}), {mo['cases']} requests.", "",
                  "| routed ui | parses | validates | checks passed (share) | cases with every check | exact | "
                  "median output tokens | median first component |", "|---|---|---|---|---|---|---|---|",
                  f"| {_pct(mo['routed_ui_rate'])} | {_pct(mo['parse_valid_rate'])} | "
                  f"{_pct(mo['schema_valid_rate'])} | {_pct(mo['check_share'])} | {_pct(mo['checks_pass_rate'])} | "
                  f"{_pct(mo['exact_match_rate'])} | {mo['median_output_tokens']} | "
                  + (f"{mo['median_first_component_s'] * 1000:.1f} ms |"
                     if mo["median_first_component_s"] is not None else "— |"),
                  "", f"First component: {mo['first_component_definition']}. Mended answers (a constrained "
                  f"source's faulty parts dropped, as every turn does): {_pct(mo['mended_rate'])}.", "",
                  "| category | cases | checks passed (share) | cases with every check |", "|---|---|---|---|"]
        lines += [f"| {cat} | {c['cases']} | {_pct(c['check_share'])} | {_pct(c['checks_pass_rate'])} |"
                  for cat, c in mo["by_category"].items()] + [""]
        lines += [f"- backend error: {e}" for e in mo["backend_errors"]] + ([""] if mo["backend_errors"] else [])
    lines += ["## Per case (cl100k_base tokens)", "",
              "| case | category | compact | lean | strict | A2UI | Express | Elemental | vs lean | vs strict | "
              "vs A2UI | vs Express | vs Elemental | checks | lean checks | strict same |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in report["cases"]:
        c, sv = r["tokens"]["cl100k_base"], r["savings"]["cl100k_base"]
        cmp_ = r["strict_vs_full"]
        lines.append(f"| {r['name']} | {r['category']} | {c['ui']} | {c['html_lean']} | {c['html_strict']} | "
                     f"{c['a2ui']} | {c['a2ui_express']} | {c['a2ui_elemental']} | {_pct(sv['html_lean'])} | "
                     f"{_pct(sv['html_strict'])} | {_pct(sv['a2ui'])} | {_pct(sv['a2ui_express'])} | "
                     f"{_pct(sv['a2ui_elemental'])} | "
                     f"{'pass' if r['ui_pass'] else 'FAIL'} | {'pass' if r['lean_pass'] else 'FAIL'} | "
                     f"{'yes' if cmp_['same'] else 'NO'} ({cmp_['diff_share'] * 100:.2f}%) |")
    lines.append("")
    fails = [(r["name"], r["failures"]) for r in report["cases"] if r["failures"]]
    if fails:
        lines += ["## Check failures", ""]
        for name, f in fails:
            for label, msgs in f.items():
                lines += [f"- {name} ({label}): {m}" for m in msgs]
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def write_chart(report: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = report["cases"]
    names = [r["name"] for r in rows]
    width = 0.8 / len(SERIES)
    fig, ax = plt.subplots(figsize=(16, 7), dpi=100)
    colors = {"ui": "#2b8a3e", "html_lean": "#e67700", "html_strict": "#c92a2a", "a2ui": "#3b5bdb",
              "a2ui_express": "#7048e8", "a2ui_elemental": "#1098ad"}
    for i, s in enumerate(SERIES):
        xs = [k + (i - (len(SERIES) - 1) / 2) * width for k in range(len(rows))]
        ax.bar(xs, [r["tokens"]["cl100k_base"][s] for r in rows], width, label=SERIES_LABELS[s], color=colors[s])
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels(names, rotation=70, ha="right", fontsize=8 if len(rows) > 20 else 10)
    ax.set_xlim(-0.6, len(rows) - 0.4)
    ax.set_ylabel("output tokens (cl100k_base)")
    s = report["summary"]
    ax.set_title(f"Tokens per UI, {s['cases']} cases — median saving of compact code: "
                 f"{_pct(s['median_savings_vs_html_lean'])} vs lean HTML, "
                 f"{_pct(s['median_savings_vs_html_strict'])} vs strict HTML, "
                 f"{_pct(s['median_savings_vs_a2ui'])} vs A2UI JSON")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


# ------------------------------------------------------------------ entry points


def run_benchmark(out: str | Path = DEFAULT_OUT, quick: bool = False, model: str | None = None,
                  names: Sequence[str] | None = None, browser=None, progress: bool = True,
                  app: bool = False, app_url: str | None = None) -> dict:
    """Run the benchmark, write OUT/report.json, report.md, tokens.png and screens/; return the report.

    ``browser`` is an existing Playwright browser (e.g. the test session's); without one a
    Chromium is launched for the run. ``app`` also renders every case in the live Reflex app
    (a server is started, or ``app_url`` names one whose scripted source knows the cases).
    """
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    t0 = time.perf_counter()
    out = Path(out)
    screens = out / "screens"
    screens.mkdir(parents=True, exist_ok=True)
    cases = load_cases(names)
    if quick:
        cases = quick_subset(cases)
    counters = tokenizers()
    backend = make_backend(model, cases) if model else None  # a misconfigured model fails before any work
    bar = Progress(len(cases)) if progress else None
    rows = []
    with chromium(browser) as b:
        for case in cases:
            rows.append(run_case(b, case, screens, counters))
            if bar:
                bar.step(case.name)
        report: dict[str, Any] = {"suite": "ui", "quick": quick, "started": started,
                                  "platform": f"{platform.system()} {platform.machine()}, "
                                              f"Python {platform.python_version()}",
                                  "tokenizers": list(counters), "targets": TARGETS, "reference": REFERENCE,
                                  "summary": summarize(rows, list(counters)), "cases": rows}
        if app or app_url:
            from bench.app_mode import check_in_app, run_in_app

            failures = (check_in_app(b, app_url, cases, screens) if app_url else run_in_app(b, cases, screens))
            for row in rows:
                row["app_pass"] = not failures[row["name"]]
                if failures[row["name"]]:
                    row["failures"]["app"] = failures[row["name"]]
            report["summary"]["app_checks_pass_rate"] = round(
                sum(not f for f in failures.values()) / len(cases), 4)
            report["summary"]["failing_app"] = [n for n, f in failures.items() if f]
        if model:
            report["model"] = run_model(cases, model, b, progress=progress, backend=backend)
    report["seconds"] = round(time.perf_counter() - t0, 1)
    (out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    write_markdown(report, out / "report.md")
    write_chart(report, out / "tokens.png")
    return report


def format_summary(report: dict) -> str:
    s = report["summary"]
    w = max(14, *(len(name) + 2 for name in s["tokenizers"]))
    lines = [f"{s['cases']} cases in {report['seconds']:.0f} s; compact checks pass {_pct(s['checks_pass_rate'])}, "
             f"lean {_pct(s['lean_checks_pass_rate'])}, strict {_pct(s['strict_checks_pass_rate'])}; "
             f"strict looks the same {_pct(s['strict_same_rate'])}",
             f"{'tokenizer':<{w}}{'compact':>9}{'lean':>7}{'strict':>8}{'a2ui':>7}{'express':>9}{'elemental':>11}"
             f"{'vs lean':>10}{'vs strict':>11}{'vs a2ui':>9}{'vs expr':>9}{'vs elem':>9}"
             "   (mean tokens per UI; median savings)"]
    for name, t in s["tokenizers"].items():
        m = t["per_ui_mean"]
        lines.append(f"{name:<{w}}{m['ui']:>9.0f}{m['html_lean']:>7.0f}{m['html_strict']:>8.0f}{m['a2ui']:>7.0f}"
                     f"{m['a2ui_express']:>9.0f}{m['a2ui_elemental']:>11.0f}"
                     f"{_pct(t['median_savings_vs_html_lean']):>10}{_pct(t['median_savings_vs_html_strict']):>11}"
                     f"{_pct(t['median_savings_vs_a2ui']):>9}{_pct(t['median_savings_vs_a2ui_express']):>9}"
                     f"{_pct(t['median_savings_vs_a2ui_elemental']):>9}")
    for b, v in s["targets"].items():
        lines.append(f"target vs {SERIES_LABELS[b]}: median {_pct(v['value'])} "
                     f"{'meets' if v['met'] else 'MISSES'} >= {v['target']:.0%}")
    if "model" in report:
        mo = report["model"]
        ttfc = mo["median_first_component_s"]
        lines.append(f"model {mo['spec']}: parses {_pct(mo['parse_valid_rate'])}, validates "
                     f"{_pct(mo['schema_valid_rate'])}, checks passed {_pct(mo['check_share'])} (target 60%), "
                     f"cases with every check {_pct(mo['checks_pass_rate'])} (target 30%), routed ui "
                     f"{_pct(mo['routed_ui_rate'])}, median "
                     f"{mo['median_output_tokens']} output tokens, first component "
                     + (f"{ttfc * 1000:.1f} ms" if ttfc is not None else "never"))
    return "\n".join(lines)


def exit_code(report: dict) -> int:
    """1 when a reference case fails its checks or the strict baseline does not look the same."""
    s = report["summary"]
    return 1 if s["failing_ui"] or s["strict_not_same"] or s.get("failing_app") else 0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help=f"a fixed {QUICK_SIZE}-case subset")
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    ap.add_argument("--model", help="also score a model: local[:PATH], openai:URL, replay or fake")
    ap.add_argument("names", nargs="*", help="only these cases")
    args = ap.parse_args(argv)
    report = run_benchmark(args.out, quick=args.quick, model=args.model, names=args.names or None)
    print(format_summary(report))
    print(f"wrote {Path(args.out) / 'report.json'}, report.md, tokens.png, screens/")
    return exit_code(report)


if __name__ == "__main__":
    sys.exit(main())
