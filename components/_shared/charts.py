"""What the chart components share: data forms, nice ticks, label levels, SVG and CSS fragments.

How charts keep their text size: a bar or line chart is drawn in CSS pixels, not in a
scaled viewBox. Its SVG fills a box whose side paddings hold the axis labels; inside,
y positions are pixels and x positions are percentages of the plot width, so the plot
stretches with its container while text, strokes and dots keep their size. What cannot
be stretched (a line's path) sits in a nested SVG scaled on x only, with strokes that
do not scale.

Since the server does not know the final width, labels that would collide in a narrow
chart get a *level*: level k is shown only where the plot is at least ``PLOT_STEPS[k]``
pixels wide (a CSS container query on the plot box).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Annotated, Any

from markupsafe import Markup, escape
from pydantic import BaseModel, ConfigDict, Field, model_validator

from components._shared.numbers import Num, label_text, num_text, with_unit

# How many theme colours exist (--ui-chart-1 … --ui-chart-6).
PALETTE = 6
MAX_POINTS = 200
MAX_SERIES = 6
FONT = 12  # px, axis text
# Plot widths (px) from which label level 0, 1, 2, 3, 4 shows: beside a long label column,
# a phone, a half-width card, a wide card, a full-width chart.
PLOT_STEPS = (120, 200, 340, 520, 760)
# Plot width at which one-off layout choices are made (e.g. rotating long bar labels).
LAYOUT_WIDTH = 340

ChartLabel = Annotated[str, Field(max_length=200)] | int | float


class Series(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=100, description="Series name shown in the legend")
    values: list[Num | None] = Field(
        max_length=MAX_POINTS,
        description="One value per entry of labels, in the same order; null leaves a gap",
    )


def coord(value: float) -> str:
    """An SVG coordinate with one decimal at most."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def pct(share: float) -> str:
    """A share of the plot width as an SVG length: 0.25 -> "25%"."""
    text = f"{share * 100:.2f}".rstrip("0").rstrip(".")
    return ("0" if text in ("-0", "") else text) + "%"


def first_level(fits: Callable[[float], bool]) -> int | None:
    """The lowest level whose plot width satisfies ``fits``; None when even the widest fails."""
    for level, width in enumerate(PLOT_STEPS):
        if fits(width):
            return level
    return None


def level_class(level: int | None, cls: str) -> str:
    """``cls`` plus the class that hides it below its level's width ("" level 0)."""
    return cls if not level else f"{cls} ui-chart-w{level}"


def spread_levels(n: int, need: float, spacing: Callable[[float], float]) -> list[int | None]:
    """Levels for n evenly spaced labels, each ``need`` px wide, ``spacing(plot_width)`` px apart.

    Every k-th label shows at each width, with k growing as the plot narrows; each k
    is a multiple of the next wider one, so a label once shown stays shown as the
    chart widens. None: the label never fits (only happens with very many points).
    """
    everies: list[int] = []
    for width in reversed(PLOT_STEPS):
        gap = spacing(width)
        every = max(1, math.ceil(need / gap)) if gap > 0 else 1
        if everies:
            wider = everies[-1]
            every = max(wider, math.ceil(every / wider) * wider)
        everies.append(every)
    everies.reverse()  # index = level
    levels: list[int | None] = []
    for i in range(n):
        levels.append(next((lv for lv, every in enumerate(everies) if i % every == 0), None))
    return levels


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


class SeriesChartProps(BaseModel):
    """What BarChart and LineChart share: one series as ``data``, or ``labels`` with ``series``.

    The fields themselves stay in each chart's class (through the ``*_field`` helpers) so that
    each keeps its own wording and prop order in the catalog prompt.
    """

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="after")
    def _check_form(self) -> SeriesChartProps:
        chart_series(self.data, self.labels, self.series)  # type: ignore[attr-defined]
        return self


PairData = list[tuple[ChartLabel, Num]]


def data_field(description: str) -> Any:
    return Field(default=None, max_length=MAX_POINTS, description=description)


def labels_field(description: str) -> Any:
    return Field(default=None, max_length=MAX_POINTS, description=description)


def series_field(description: str) -> Any:
    return Field(default=None, max_length=MAX_SERIES, description=description)


TITLE_FIELD_DOC = "Heading shown above the chart"
Height = Annotated[int, Field(ge=120, le=600)]


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


def svg_text(x: float | str, y: float, text: str, cls: str = "ui-chart-label", anchor: str = "middle",
             extra: str = "") -> Markup:
    """A text element; ``x`` is pixels, or a ready length such as ``pct(0.5)``."""
    return Markup('<text x="{}" y="{}" class="{}" text-anchor="{}"{}>{}</text>').format(
        x if isinstance(x, str) else coord(x), coord(y), cls, anchor, Markup(extra), escape(text)
    )


# Rules shared by every chart (each chart's css includes them, since a document's
# stylesheet only carries the components it uses).
CHART_CSS = """
.ui-chart { margin: 0; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.ui-chart-title { font-weight: 600; font-size: 15px; color: var(--ui-text); }
.ui-chart svg { display: block; overflow: visible; font-family: var(--ui-font); }
.ui-chart-plot { container: ui-chart-plot / inline-size; contain-intrinsic-inline-size: 280px; min-width: 0; }
.ui-chart-plot > svg { width: 100%; }
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
""" + "".join(
    f"@container ui-chart-plot (width < {w}px) {{ .ui-chart-w{lv} {{ display: none; }} }}\n"
    for lv, w in enumerate(PLOT_STEPS) if lv
)

# The plot box and its pixel-unit SVG (see the module docstring); expects ``plot``
# ({ml, mr, height, kind}) and ``svg_body`` in the context.
PLOT_SVG = """<div class="ui-chart-plot" style="padding: 0 {{ plot.mr }}px 0 {{ plot.ml }}px">
<svg class="ui-chart-svg" width="100%" height="{{ plot.height }}" role="img" aria-label="{{ summary }}">
<title>{{ props.title or plot.kind }}</title>
<desc>{{ summary }}</desc>
{{ svg_body }}
</svg>
</div>
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
