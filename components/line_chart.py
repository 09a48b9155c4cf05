"""LineChart: one or more series over shared categories, optionally filled, as inline SVG."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup
from pydantic import Field

from components._shared.charts import (
    CHART_CSS,
    DATA_TABLE,
    LEGEND,
    PLOT_SVG,
    TITLE_FIELD_DOC,
    ChartLabel,
    Height,
    PairData,
    Series,
    SeriesChartProps,
    chart_series,
    coord,
    data_field,
    first_level,
    labels_field,
    level_class,
    nice_ticks,
    pct,
    series_field,
    series_info,
    spread_levels,
    summary,
    svg_text,
    table_rows,
    text_width,
    truncate,
)
from components._shared.numbers import num_text, short_num, with_unit
from ui4a.component import Component
from ui4a.registry import register


class LineChartProps(SeriesChartProps):
    data: PairData | None = data_field('One series as [label, value] pairs in x order, e.g. [["Mon", 3], ["Tue", 5]]')
    labels: list[ChartLabel] | None = labels_field("X-axis labels for the series form (use with series instead of data)")
    series: list[Series] | None = series_field("Several lines with a legend: [{name, values}], one value per label")
    title: str | None = Field(default=None, max_length=200, description=TITLE_FIELD_DOC)
    area: bool = Field(default=False, description="Fill the area under each line down to zero")
    unit: str | None = Field(default=None, max_length=20, description="Unit of the values, e.g. '°C' or 'users', shown by the axis")
    height: Height = Field(default=220, description="Chart height in px")


def _segments(points: list[tuple[float, float] | None]) -> list[list[tuple[float, float]]]:
    """Split a polyline at gaps (None)."""
    runs: list[list[tuple[float, float]]] = [[]]
    for p in points:
        if p is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(p)
    return [r for r in runs if r]


# The nested SVG that draws the lines is this many units wide, stretched to the plot width.
LINE_UNITS = 1000


def _plot(labels: list[str], series: list[dict], height: int, unit: str | None, area: bool) -> tuple[Markup, dict]:
    """Lines over the plot; x is a share of the plot width, y is pixels."""
    values = [v for s in series for v in s["values"] if v is not None]
    lo_v, hi_v = min(values), max(values)
    if area:
        lo_v, hi_v = min(0.0, lo_v), max(0.0, hi_v)
    ticks = nice_ticks(lo_v, hi_v)
    lo, hi = ticks[0], ticks[-1]
    tick_text = [short_num(t) for t in ticks]
    n = len(labels)
    shown = [truncate(lab, 14) for lab in labels]

    ml = max(28.0, max(text_width(t) for t in tick_text) + 10, text_width(unit or "") + 10,
             text_width(shown[0]) / 2 + 4)
    mr = max(12.0, text_width(shown[-1]) / 2 + 4)
    mt = 26.0 if unit else 12.0
    mb = 24.0
    plot_h = height - mt - mb

    def x(i: int) -> float:
        return i / (n - 1) if n > 1 else 0.5

    def y(v: float) -> float:
        return mt + (hi - v) / (hi - lo) * plot_h

    out: list[Markup] = []
    for t, text in zip(ticks, tick_text, strict=True):
        ty = y(t)
        out.append(Markup('<line class="{}" x1="0" x2="100%" y1="{}" y2="{}"/>').format(
            "ui-chart-axis" if t == lo else "ui-chart-grid", coord(ty), coord(ty)))
        out.append(svg_text(-6, ty + 4, text, anchor="end"))
    if unit:
        out.append(svg_text(-6, 12, unit, anchor="end"))

    # Label every k-th point, fewer as the plot narrows, so the labels never collide.
    widest = max(text_width(s) for s in shown) + 8
    label_levels = spread_levels(n, widest, lambda w: w / (n - 1) if n > 1 else w)
    for i, level in enumerate(label_levels):
        if level is None:
            continue
        cls = level_class(level, "ui-chart-label")
        out.append(svg_text(pct(x(i)), mt + plot_h + 17, shown[i], cls=cls))
        out.append(Markup('<line class="{0}" x1="{1}" x2="{1}" y1="{2}" y2="{3}"/>').format(
            level_class(level, "ui-chart-axis"), pct(x(i)), coord(mt + plot_h), coord(mt + plot_h + 4)))

    # Lines and areas: a nested SVG scaled on x only; strokes keep their width.
    base = y(min(max(0.0, lo), hi))
    lines: list[Markup] = []
    for s in series:
        pts = [(x(i) * LINE_UNITS, y(v)) if v is not None else None for i, v in enumerate(s["values"])]
        for run in _segments(pts):
            path = " ".join(f"{coord(px)},{coord(py)}" for px, py in run)
            if area:
                poly = f"{coord(run[0][0])},{coord(base)} {path} {coord(run[-1][0])},{coord(base)}"
                lines.append(Markup('<polygon class="{} ui-line-area" points="{}" fill="currentColor"/>').format(s["cls"], poly))
            lines.append(Markup('<polyline class="{} ui-line" points="{}" fill="none" stroke="currentColor" '
                                'vector-effect="non-scaling-stroke"/>').format(s["cls"], path))
    out.append(Markup('<svg width="100%" height="{0}" viewBox="0 0 {1} {0}" preserveAspectRatio="none" '
                      'overflow="visible">{2}</svg>').format(coord(height), LINE_UNITS, Markup("").join(lines)))

    # Dots (with the value as a tooltip), left out where they would crowd each other.
    dot_level = first_level(lambda w: n <= 1 or w / (n - 1) >= 10)
    if dot_level is not None and n <= 120:
        dot_cls = level_class(dot_level, "ui-line-dot")
        for s in series:
            for i, v in enumerate(s["values"]):
                if v is None:
                    continue
                tip = f"{labels[i]}{' · ' + s['name'] if len(series) > 1 else ''}: {with_unit(num_text(v), unit)}"
                out.append(Markup('<circle class="{} {}" cx="{}" cy="{}" r="3.5" fill="currentColor"><title>{}</title></circle>').format(
                    s["cls"], dot_cls, pct(x(i)), coord(y(v)), tip))
    return Markup("").join(out), {"ml": coord(ml), "mr": coord(mr), "height": height}


def prepare(props: LineChartProps) -> dict[str, Any]:
    labels, raw = chart_series(props.data, props.labels, props.series)
    series = series_info([n for n, _ in raw], [v for _, v in raw])
    if any(v is not None for s in series for v in s["values"]):
        body, plot = _plot(labels, series, props.height, props.unit, props.area)
    else:
        body, plot = svg_text(pct(0.5), props.height / 2, "No data"), {"ml": 0, "mr": 0, "height": props.height}
    return {
        "svg_body": body,
        "plot": {**plot, "kind": "Line chart"},
        "labels": labels,
        "series": series,
        "table_rows": table_rows(labels, series),
        "summary": summary("Line chart", props.title, labels, series, props.unit),
    }


TEMPLATE = (
    """<figure class="ui-chart ui-line-chart" id="{{ uid }}">
{% if props.title %}<figcaption class="ui-chart-title">{{ props.title }}</figcaption>{% endif %}
"""
    + PLOT_SVG
    + LEGEND
    + DATA_TABLE
    + "</figure>\n"
)

CSS = CHART_CSS + """
.ui-line { stroke-width: 2.5; stroke-linejoin: round; stroke-linecap: round; }
.ui-line-area { fill-opacity: .14; stroke: none; }
.ui-line-dot { stroke: var(--ui-bg); stroke-width: 1.5; }
"""

register(
    Component(
        name="LineChart",
        description="A line chart of one series ([label, value] pairs) or several named series with a legend; optional area fill.",
        props=LineChartProps,
        template=TEMPLATE,
        category="chart",
        children="none",
        css=CSS,
        example=(
            '<LineChart title="Visitors" labels=["Mon","Tue","Wed","Thu","Fri"] '
            'series=[{name:"Web", values:[120,150,90,180,210]}, {name:"App", values:[80,95,110,100,140]}] />'
        ),
        prepare=prepare,
        tags=("chart", "line", "trend", "time series", "area", "svg"),
    )
)
