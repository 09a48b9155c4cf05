"""Shared helpers for the chart components: data forms, nice ticks, number text, SVG bits."""

from __future__ import annotations

import math
from typing import Annotated

from markupsafe import Markup, escape
from pydantic import BaseModel, ConfigDict, Field

# How many theme colours exist (--ui-chart-1 … --ui-chart-6).
PALETTE = 6
MAX_POINTS = 200
MAX_SERIES = 6
FONT = 12  # px, axis text inside the SVG's user space

Num = Annotated[float, Field(allow_inf_nan=False, ge=-1e15, le=1e15)]
ChartLabel = Annotated[str, Field(max_length=200)] | int | float


class Series(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=100, description="Series name shown in the legend")
    values: list[Num | None] = Field(
        max_length=MAX_POINTS,
        description="One value per entry of labels, in the same order; null leaves a gap",
    )


def label_text(value: str | int | float) -> str:
    """A category label as text: 2024 stays "2024" (no thousands separator)."""
    if isinstance(value, float):
        return num_text(value)
    return str(value)


def num_text(value: float | int | None, digits: int = 2) -> str:
    """A value as readable text with at most ``digits`` decimals: 1234.5 -> "1,234.5"."""
    if value is None:
        return "—"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return f"{value:,}"
    text = f"{value:,.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


CURRENCY_SYMBOLS = frozenset("$€£¥₹₩₽")


def with_unit(text: str, unit: str | None) -> str:
    """A value with its unit: "$12", "12%", "12 ms"."""
    if not unit:
        return text
    if unit in CURRENCY_SYMBOLS:
        return f"-{unit}{text[1:]}" if text.startswith("-") else f"{unit}{text}"
    return f"{text}{unit}" if unit in ("%", "°", "×") else f"{text} {unit}"


def short_num(value: float) -> str:
    """Compact axis text: 1500 -> "1.5k", 2000000 -> "2M", 0.25 -> "0.25"."""
    for size, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= size:
            return num_text(value / size, 1) + suffix
    return num_text(round(value, 6), 3)


def coord(value: float) -> str:
    """An SVG coordinate with one decimal at most."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def text_width(text: str, size: float = FONT) -> float:
    """A rough rendered width of ``text`` in the UI font (no font metrics available)."""
    return len(text) * size * 0.58


def truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi], about ``count`` intervals, steps of 1/2/2.5/5×10^k."""
    if lo > hi:
        lo, hi = hi, lo
    if lo == hi == 0:
        hi = 1.0
    elif lo == hi:
        pad = abs(lo) * 0.1
        lo, hi = lo - pad, hi + pad
    span = hi - lo
    magnitude = 10 ** math.floor(math.log10(span / count))
    step = magnitude
    for mult in (1, 2, 2.5, 5, 10):
        step = mult * magnitude
        if span / step <= count:
            break
    start = math.floor(lo / step + 1e-9) * step
    end = math.ceil(hi / step - 1e-9) * step
    steps = round((end - start) / step)
    return [round(start + i * step, 10) for i in range(steps + 1)]


def chart_series(
    data: list[tuple[str | int | float, float]] | None,
    labels: list[str | int | float] | None,
    series: list[Series] | None,
) -> tuple[list[str], list[tuple[str, list[float | None]]]]:
    """Both data forms as (labels, [(series name, values)]); raises ValueError with a fix."""
    if data is not None and (labels is not None or series is not None):
        raise ValueError(
            "give either data=[[label, value], …] or labels=[…] with series=[{name, values}], not both"
        )
    if data is not None:
        if not data:
            raise ValueError('data is empty; give at least one [label, value] pair, e.g. [["Jan", 12]]')
        return [label_text(k) for k, _ in data], [("Value", [v for _, v in data])]
    if labels is None or series is None:
        raise ValueError(
            'missing data: give data=[["Jan", 12], ["Feb", 15]] or labels=["Jan","Feb"] '
            'with series=[{name:"Sales", values:[12, 15]}]'
        )
    if not labels:
        raise ValueError("labels is empty; give one label per point")
    if not series:
        raise ValueError('series is empty; give at least one {name:"…", values:[…]}')
    for i, s in enumerate(series):
        if len(s.values) != len(labels):
            raise ValueError(
                f"series[{i}] ({s.name!r}) has {len(s.values)} values but labels has "
                f"{len(labels)}; give exactly one value per label (null for a gap)"
            )
    return [label_text(k) for k in labels], [(s.name, list(s.values)) for s in series]


def series_info(names: list[str], values: list[list[float | None]]) -> list[dict]:
    """Per-series template data: name, colour class and values."""
    return [
        {"name": n, "cls": f"ui-s{i % PALETTE + 1}", "values": v}
        for i, (n, v) in enumerate(zip(names, values, strict=True))
    ]


def summary(kind: str, title: str | None, labels: list[str], series: list[dict], unit: str | None) -> str:
    """A one-sentence aria-label: what the chart shows and its extremes."""
    head = f"{kind}: {title}." if title else f"{kind}."
    parts = [head]
    if len(series) > 1:
        parts.append(f"{len(series)} series ({', '.join(s['name'] for s in series)}) over {len(labels)} points.")
    else:
        parts.append(f"{len(labels)} point{'s' if len(labels) != 1 else ''}.")
    for s in series[:3]:
        pts = [(v, k) for k, v in zip(labels, s["values"], strict=True) if v is not None]
        if not pts:
            continue
        lo, hi = min(pts), max(pts)
        text = f"lowest {with_unit(num_text(lo[0]), unit)} ({lo[1]}), highest {with_unit(num_text(hi[0]), unit)} ({hi[1]})."
        parts.append(f"{s['name']}: {text}" if len(series) > 1 else text[0].upper() + text[1:])
    return " ".join(parts)


def svg_text(x: float, y: float, text: str, cls: str = "ui-chart-label", anchor: str = "middle",
             extra: str = "") -> Markup:
    return Markup('<text x="{}" y="{}" class="{}" text-anchor="{}"{}>{}</text>').format(
        coord(x), coord(y), cls, anchor, Markup(extra), escape(text)
    )


# Rules shared by every chart (each chart's css includes them, since a document's
# stylesheet only carries the components it uses).
CHART_CSS = """
.ui-chart { margin: 0; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.ui-chart-title { font-weight: 600; font-size: 15px; color: var(--ui-text); }
.ui-chart svg { display: block; width: 100%; height: auto; overflow: visible; font-family: var(--ui-font); }
.ui-chart-label { font-size: 12px; fill: var(--ui-muted); }
.ui-chart-value { font-size: 11px; fill: var(--ui-text); }
.ui-chart-grid { stroke: var(--ui-border); stroke-width: 1; shape-rendering: crispEdges; vector-effect: non-scaling-stroke; }
.ui-chart-axis { stroke: var(--ui-muted); stroke-width: 1; shape-rendering: crispEdges; vector-effect: non-scaling-stroke; }
.ui-chart .ui-s1 { color: var(--ui-chart-1); } .ui-chart .ui-s2 { color: var(--ui-chart-2); }
.ui-chart .ui-s3 { color: var(--ui-chart-3); } .ui-chart .ui-s4 { color: var(--ui-chart-4); }
.ui-chart .ui-s5 { color: var(--ui-chart-5); } .ui-chart .ui-s6 { color: var(--ui-chart-6); }
.ui-chart-legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; padding: 0; list-style: none; font-size: 13px; color: var(--ui-text); }
.ui-chart-legend li { display: inline-flex; align-items: center; gap: 6px; }
.ui-chart-swatch { width: 10px; height: 10px; border-radius: 2px; background: currentColor; flex: none; }
.ui-chart-legend .ui-chart-key { color: var(--ui-text); }
.ui-chart-legend .ui-chart-num { color: var(--ui-muted); font-variant-numeric: tabular-nums; }
"""

# The visually hidden table that carries the values for screen readers and tests;
# expects ``table_rows`` (from :func:`table_rows`) and ``series`` in the context.
DATA_TABLE = """
<table class="ui-sr-only">
{% if props.title %}<caption>{{ props.title }}</caption>{% endif %}
<thead><tr><th scope="col">Label</th>{% for s in series %}<th scope="col">{{ s.name }}{% if props.unit %} ({{ props.unit }}){% endif %}</th>{% endfor %}</tr></thead>
<tbody>
{% for label, cells in table_rows %}
<tr><th scope="row">{{ label }}</th>{% for cell in cells %}<td>{{ cell }}</td>{% endfor %}</tr>
{% endfor %}
</tbody>
</table>
"""

LEGEND = """
{% if series|length > 1 %}
<ul class="ui-chart-legend" aria-hidden="true">
{% for s in series %}<li class="{{ s.cls }}"><span class="ui-chart-swatch"></span><span class="ui-chart-key">{{ s.name }}</span></li>{% endfor %}
</ul>
{% endif %}
"""


def table_rows(labels: list[str], series: list[dict]) -> list[tuple[str, list[str]]]:
    return [(k, [num_text(s["values"][i]) for s in series]) for i, k in enumerate(labels)]
