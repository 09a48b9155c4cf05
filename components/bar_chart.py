"""BarChart: vertical or horizontal bars, one series or grouped, drawn as inline SVG on the server."""

from __future__ import annotations

import math
from typing import Annotated, Any

from markupsafe import Markup
from pydantic import BaseModel, ConfigDict, Field, model_validator

from components._b_svg import (
    CHART_CSS,
    DATA_TABLE,
    FONT,
    LEGEND,
    MAX_POINTS,
    MAX_SERIES,
    ChartLabel,
    Num,
    Series,
    chart_series,
    coord,
    nice_ticks,
    num_text,
    series_info,
    short_num,
    summary,
    svg_text,
    table_rows,
    text_width,
    truncate,
    with_unit,
)
from ui4a.component import Component
from ui4a.registry import register

WIDTH = 600


class BarChartProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    data: list[tuple[ChartLabel, Num]] | None = Field(
        default=None,
        max_length=MAX_POINTS,
        description='One series as [label, value] pairs, e.g. [["Jan", 12], ["Feb", 15]]',
    )
    labels: list[ChartLabel] | None = Field(
        default=None,
        max_length=MAX_POINTS,
        description="Category labels for the series form (use with series instead of data)",
    )
    series: list[Series] | None = Field(
        default=None,
        max_length=MAX_SERIES,
        description="Several series drawn as grouped bars: [{name, values}], one value per label",
    )
    title: str | None = Field(default=None, max_length=200, description="Heading shown above the chart")
    horizontal: bool = Field(default=False, description="Draw bars left-to-right with labels on the left")
    unit: str | None = Field(default=None, max_length=20, description="Unit of the values, e.g. 'k$' or 'ms', shown by the axis")
    height: Annotated[int, Field(ge=120, le=600)] = Field(
        default=220, description="Chart height in px (horizontal charts grow to fit their bars)"
    )

    @model_validator(mode="after")
    def _check_form(self) -> BarChartProps:
        chart_series(self.data, self.labels, self.series)
        return self


def _bar_title(label: str, name: str, value: float, unit: str | None, multi: bool) -> Markup:
    who = f"{label} · {name}" if multi else label
    return Markup("<title>{}: {}</title>").format(who, with_unit(num_text(value), unit))


def _vertical(labels: list[str], series: list[dict], height: int, unit: str | None) -> tuple[Markup, int]:
    values = [v for s in series for v in s["values"] if v is not None]
    n, k = len(labels), len(series)
    lo_v, hi_v = min(0.0, *values), max(0.0, *values)
    show_values = n * k <= 16
    if show_values:  # headroom for the value printed beyond each bar's end
        pad = (hi_v - lo_v) * 0.1
        lo_v, hi_v = lo_v - (pad if lo_v < 0 else 0), hi_v + (pad if hi_v > 0 else 0)
    ticks = nice_ticks(lo_v, hi_v)
    lo, hi = ticks[0], ticks[-1]
    tick_text = [short_num(t) for t in ticks]

    ml = max(28.0, max(text_width(t) for t in tick_text) + 10)
    mt = 26.0 if unit else 12.0
    mr = 8.0
    plot_w = WIDTH - ml - mr
    band = plot_w / n
    shown = [truncate(lab, 18) for lab in labels]
    widest = max(text_width(s) for s in shown)
    rotate = widest > band - 6
    # Rotated labels sit band*sin(40°) apart; keep every k-th so they never overlap.
    every = max(1, math.ceil((FONT + 3) / (band * 0.64))) if rotate else 1
    reach = min(widest, 120) * 0.77  # how far a rotated label reaches left of its anchor
    if rotate and reach - band / 2 > ml:
        ml = reach - band / 2 + 4
        plot_w = WIDTH - ml - mr
        band = plot_w / n
    mb = (min(widest, 120) * 0.64 + 20) if rotate else 24.0
    plot_h = height - mt - mb

    def y(v: float) -> float:
        return mt + (hi - v) / (hi - lo) * plot_h

    out: list[Markup] = []
    for t, text in zip(ticks, tick_text, strict=True):
        ty = y(t)
        cls = "ui-chart-axis" if t == 0 else "ui-chart-grid"
        out.append(Markup('<line class="{}" x1="{}" x2="{}" y1="{}" y2="{}"/>').format(
            cls, coord(ml), coord(WIDTH - mr), coord(ty), coord(ty)))
        out.append(svg_text(ml - 6, ty + 4, text, anchor="end"))
    if unit:
        out.append(svg_text(ml - 6, 12, unit, anchor="end"))

    group = band * (0.72 if k > 1 else 0.64)
    bar_w = group / k
    show_values = show_values and bar_w >= 18
    zero = y(max(lo, min(0.0, hi)))
    for i, label in enumerate(labels):
        gx = ml + i * band + (band - group) / 2
        for j, s in enumerate(series):
            v = s["values"][i]
            if v is None:
                continue
            top, bottom = y(max(v, 0.0)), y(min(v, 0.0))
            x = gx + j * bar_w
            out.append(Markup('<rect class="{}" x="{}" y="{}" width="{}" height="{}" rx="2" fill="currentColor">{}</rect>').format(
                s["cls"], coord(x + 1), coord(top), coord(max(bar_w - 2, 1)), coord(max(bottom - top, 0.5)),
                _bar_title(label, s["name"], v, unit, k > 1)))
            if show_values:
                vy = top - 5 if v >= 0 else bottom + 13
                out.append(svg_text(x + bar_w / 2, vy, short_num(v), cls="ui-chart-value"))
        if i % every:
            continue
        cx = ml + i * band + band / 2
        if rotate:
            ly = mt + plot_h + 12
            out.append(svg_text(cx, ly, shown[i], anchor="end",
                                extra=f' transform="rotate(-40 {coord(cx)} {coord(ly)})"'))
        else:
            out.append(svg_text(cx, mt + plot_h + 17, shown[i]))
    out.append(Markup('<line class="ui-chart-axis" x1="{}" x2="{}" y1="{}" y2="{}"/>').format(
        coord(ml), coord(WIDTH - mr), coord(zero), coord(zero)))
    return Markup("").join(out), height


def _horizontal(labels: list[str], series: list[dict], height: int, unit: str | None) -> tuple[Markup, int]:
    values = [v for s in series for v in s["values"] if v is not None]
    ticks = nice_ticks(min(0.0, *values), max(0.0, *values), count=7)
    lo, hi = ticks[0], ticks[-1]
    n, k = len(labels), len(series)
    shown = [truncate(lab, 22) for lab in labels]

    ml = min(max(text_width(s) for s in shown), 150) + 12
    show_values = n * k <= 24
    widest_value = max(text_width(short_num(v), 11) for v in values) + 6 if show_values else 0
    mr = max(14.0, widest_value if max(values) > 0 else 14.0)
    ml += widest_value if min(values) < 0 else 0
    mt = 8.0
    mb = 36.0 if unit else 24.0
    per_bar = 14 if k > 1 else 20
    band_min = per_bar * k + 10
    height = max(height, math.ceil(mt + mb + n * band_min))
    plot_w = WIDTH - ml - mr
    plot_h = height - mt - mb
    band = plot_h / n

    def x(v: float) -> float:
        return ml + (v - lo) / (hi - lo) * plot_w

    out: list[Markup] = []
    for t in ticks:
        tx = x(t)
        cls = "ui-chart-axis" if t == 0 else "ui-chart-grid"
        out.append(Markup('<line class="{}" x1="{}" x2="{}" y1="{}" y2="{}"/>').format(
            cls, coord(tx), coord(tx), coord(mt), coord(mt + plot_h)))
        out.append(svg_text(tx, mt + plot_h + 16, short_num(t)))
    if unit:
        out.append(svg_text(ml + plot_w / 2, mt + plot_h + 31, unit))

    group = band * (0.74 if k > 1 else 0.64)
    bar_h = group / k
    zero = x(max(lo, min(0.0, hi)))
    label_x = ml - (widest_value if min(values) < 0 else 0) - 8
    for i, label in enumerate(labels):
        gy = mt + i * band + (band - group) / 2
        for j, s in enumerate(series):
            v = s["values"][i]
            if v is None:
                continue
            left, right = x(min(v, 0.0)), x(max(v, 0.0))
            yy = gy + j * bar_h
            out.append(Markup('<rect class="{}" x="{}" y="{}" width="{}" height="{}" rx="2" fill="currentColor">{}</rect>').format(
                s["cls"], coord(left), coord(yy + 1), coord(max(right - left, 0.5)), coord(max(bar_h - 2, 1)),
                _bar_title(label, s["name"], v, unit, k > 1)))
            if show_values:
                vx, anchor = (right + 4, "start") if v >= 0 else (left - 4, "end")
                out.append(svg_text(vx, yy + bar_h / 2 + 4, short_num(v), cls="ui-chart-value", anchor=anchor))
        out.append(svg_text(label_x, mt + i * band + band / 2 + 4, shown[i], anchor="end"))
    out.append(Markup('<line class="ui-chart-axis" x1="{}" x2="{}" y1="{}" y2="{}"/>').format(
        coord(zero), coord(zero), coord(mt), coord(mt + plot_h)))
    return Markup("").join(out), height


def prepare(props: BarChartProps) -> dict[str, Any]:
    labels, raw = chart_series(props.data, props.labels, props.series)
    series = series_info([n for n, _ in raw], [v for _, v in raw])
    if not any(v is not None for s in series for v in s["values"]):
        body, height = Markup(svg_text(WIDTH / 2, props.height / 2, "No data")), props.height
    elif props.horizontal:
        body, height = _horizontal(labels, series, props.height, props.unit)
    else:
        body, height = _vertical(labels, series, props.height, props.unit)
    return {
        "svg_body": body,
        "svg_height": height,
        "svg_width": WIDTH,
        "labels": labels,
        "series": series,
        "table_rows": table_rows(labels, series),
        "summary": summary("Bar chart", props.title, labels, series, props.unit),
    }


TEMPLATE = (
    """<figure class="ui-chart ui-bar-chart" id="{{ uid }}">
{% if props.title %}<figcaption class="ui-chart-title">{{ props.title }}</figcaption>{% endif %}
<svg viewBox="0 0 {{ svg_width }} {{ svg_height }}" role="img" aria-label="{{ summary }}" preserveAspectRatio="xMidYMid meet">
<title>{{ props.title or "Bar chart" }}</title>
<desc>{{ summary }}</desc>
{{ svg_body }}
</svg>
"""
    + LEGEND
    + DATA_TABLE
    + "</figure>\n"
)

register(
    Component(
        name="BarChart",
        description="A bar chart of one series ([label, value] pairs) or several grouped series; vertical or horizontal.",
        props=BarChartProps,
        template=TEMPLATE,
        category="chart",
        children="none",
        css=CHART_CSS,
        example='<BarChart title="Sales" unit="k$" data=[["Jan",12],["Feb",15],["Mar",9],["Apr",-3]] />',
        prepare=prepare,
        tags=("chart", "bar", "column", "histogram", "compare", "svg"),
    )
)
