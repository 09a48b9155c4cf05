"""BarChart: vertical or horizontal bars, one series or grouped, drawn as inline SVG on the server."""

from __future__ import annotations

import math
from typing import Any

from markupsafe import Markup
from pydantic import Field

from components._shared.charts import (
    CHART_CSS,
    DATA_TABLE,
    FONT,
    LAYOUT_WIDTH,
    LEGEND,
    PLOT_STEPS,
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


class BarChartProps(SeriesChartProps):
    data: PairData | None = data_field('One series as [label, value] pairs, e.g. [["Jan", 12], ["Feb", 15]]')
    labels: list[ChartLabel] | None = labels_field(
        "Category labels for the series form (use with series instead of data)")
    series: list[Series] | None = series_field(
        "Several series drawn as grouped bars: [{name, values}], one value per label")
    title: str | None = Field(default=None, max_length=200, description=TITLE_FIELD_DOC)
    horizontal: bool = Field(default=False, description="Draw bars left-to-right with labels on the left")
    unit: str | None = Field(default=None, max_length=20, description="Unit of the values, e.g. 'k$' or 'ms', shown by the axis")
    height: Height = Field(default=220, description="Chart height in px (horizontal charts grow to fit their bars)")


def _bar_title(label: str, name: str, value: float, unit: str | None, multi: bool) -> Markup:
    who = f"{label} · {name}" if multi else label
    return Markup("<title>{}</title>").format(f"{who}: {with_unit(num_text(value), unit)}")


def _rect(cls: str, x: str, y: str, width: str, height: str, title: Markup) -> Markup:
    return Markup('<rect class="{}" x="{}" y="{}" width="{}" height="{}" rx="2" fill="currentColor">{}</rect>').format(
        cls, x, y, width, height, title)


def _hline(cls: str, y: float) -> Markup:
    return Markup('<line class="{}" x1="0" x2="100%" y1="{}" y2="{}"/>').format(cls, coord(y), coord(y))


def _vline(cls: str, x: str, y1: float, y2: float) -> Markup:
    return Markup('<line class="{}" x1="{}" x2="{}" y1="{}" y2="{}"/>').format(cls, x, x, coord(y1), coord(y2))


def _vertical(labels: list[str], series: list[dict], height: int, unit: str | None) -> tuple[Markup, dict]:
    """Bars up from (or down to) zero; x is a share of the plot width, y is pixels."""
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

    shown = [truncate(lab, 18) for lab in labels]
    widest = max(text_width(s) for s in shown)
    # Rotate long labels when they would not fit side by side in a half-width card.
    rotate = widest > LAYOUT_WIDTH / n - 6
    reach = min(widest, 120) * 0.77  # how far a rotated label reaches left of its anchor
    ml = max(28.0, max(text_width(t) for t in tick_text) + 10, text_width(unit or "") + 10)
    if rotate:  # room for the first label, which shows at every width but the narrowest
        ml = max(ml, reach - PLOT_STEPS[1] / n / 2 + 4)
    mt = 26.0 if unit else 12.0
    mr = 8.0
    mb = (min(widest, 120) * 0.64 + 20) if rotate else 24.0
    plot_h = height - mt - mb
    # Upright labels need their width; rotated ones sit band*sin(40°) apart.
    if rotate:
        label_levels = spread_levels(n, FONT + 3, lambda w: w / n * 0.64)
    else:
        label_levels = spread_levels(n, widest + 6, lambda w: w / n)

    def y(v: float) -> float:
        return mt + (hi - v) / (hi - lo) * plot_h

    out: list[Markup] = []
    for t, text in zip(ticks, tick_text, strict=True):
        ty = y(t)
        out.append(_hline("ui-chart-axis" if t == 0 else "ui-chart-grid", ty))
        out.append(svg_text(-6, ty + 4, text, anchor="end"))
    if unit:
        out.append(svg_text(-6, 12, unit, anchor="end"))

    band = 1 / n
    group = band * (0.72 if k > 1 else 0.64)
    bar_w = group / k
    inset = bar_w * 0.06 if k > 1 else 0.0  # a hairline gap between grouped bars
    value_level = None
    if show_values:
        need = max(18.0, max(text_width(short_num(v), 11) for v in values) + 2)
        value_level = first_level(lambda w: bar_w * w >= need)
    value_cls = level_class(value_level, "ui-chart-value")
    zero = y(max(lo, min(0.0, hi)))
    for i, label in enumerate(labels):
        gx = i * band + (band - group) / 2
        for j, s in enumerate(series):
            v = s["values"][i]
            if v is None:
                continue
            top, bottom = y(max(v, 0.0)), y(min(v, 0.0))
            x = gx + j * bar_w
            out.append(_rect(s["cls"], pct(x + inset), coord(top), pct(bar_w - 2 * inset),
                             coord(max(bottom - top, 0.5)), _bar_title(label, s["name"], v, unit, k > 1)))
            if value_level is not None:
                vy = top - 5 if v >= 0 else bottom + 13
                out.append(svg_text(pct(x + bar_w / 2), vy, short_num(v), cls=value_cls))
        level = label_levels[i]
        if level is None:
            continue
        cx = pct(i * band + band / 2)
        cls = level_class(level, "ui-chart-label")
        if rotate:
            # A rotation centre must be in pixels, so the label sits in a 0×0 box placed at cx.
            ly = mt + plot_h + 12
            out.append(Markup('<svg x="{}" y="{}" width="1" height="1" overflow="visible" class="{}">{}</svg>').format(
                cx, coord(ly), cls, svg_text(0, 0, shown[i], anchor="end", extra=' transform="rotate(-40)"')))
        else:
            out.append(svg_text(cx, mt + plot_h + 17, shown[i], cls=cls))
    out.append(_hline("ui-chart-axis", zero))
    return Markup("").join(out), {"ml": coord(ml), "mr": coord(mr), "height": height}


def _horizontal(labels: list[str], series: list[dict], height: int, unit: str | None) -> tuple[Markup, dict]:
    """Bars right from (or left of) zero; x is a share of the plot width, y is pixels."""
    values = [v for s in series for v in s["values"] if v is not None]
    ticks = nice_ticks(min(0.0, *values), max(0.0, *values), count=7)
    lo, hi = ticks[0], ticks[-1]
    n, k = len(labels), len(series)
    shown = [truncate(lab, 22) for lab in labels]

    label_w = min(max(text_width(s) for s in shown), 150)
    show_values = n * k <= 24
    widest_value = max(text_width(short_num(v), 11) for v in values) + 6 if show_values else 0
    mr = max(14.0, widest_value if max(values) > 0 else 14.0)
    ml = label_w + 12 + (widest_value if min(values) < 0 else 0)
    mt = 8.0
    mb = 36.0 if unit else 24.0
    per_bar = 14 if k > 1 else 20
    band_min = per_bar * k + 10
    height = max(height, math.ceil(mt + mb + n * band_min))
    plot_h = height - mt - mb
    band = plot_h / n

    def x(v: float) -> float:
        return (v - lo) / (hi - lo)

    tick_text = [short_num(t) for t in ticks]
    tick_levels = spread_levels(len(ticks), max(text_width(t) for t in tick_text) + 8,
                                lambda w: w / (len(ticks) - 1))
    out: list[Markup] = []
    for t, text, level in zip(ticks, tick_text, tick_levels, strict=True):
        tx = pct(x(t))
        out.append(_vline("ui-chart-axis" if t == 0 else "ui-chart-grid", tx, mt, mt + plot_h))
        if level is not None:
            out.append(svg_text(tx, mt + plot_h + 16, text, cls=level_class(level, "ui-chart-label")))
    if unit:
        out.append(svg_text(pct(0.5), mt + plot_h + 31, unit))

    group = band * (0.74 if k > 1 else 0.64)
    bar_h = group / k
    zero = x(max(lo, min(0.0, hi)))
    label_x = -(widest_value if min(values) < 0 else 0) - 8
    for i, label in enumerate(labels):
        gy = mt + i * band + (band - group) / 2
        for j, s in enumerate(series):
            v = s["values"][i]
            if v is None:
                continue
            left, right = x(min(v, 0.0)), x(max(v, 0.0))
            yy = gy + j * bar_h
            out.append(_rect(s["cls"], pct(left), coord(yy + 1), pct(right - left), coord(max(bar_h - 2, 1)),
                             _bar_title(label, s["name"], v, unit, k > 1)))
            if show_values:
                # The value sits 4px beyond the bar's end (dx is pixels, x a share).
                vx, dx, anchor = (right, 4, "start") if v >= 0 else (left, -4, "end")
                out.append(svg_text(pct(vx), yy + bar_h / 2 + 4, short_num(v), cls="ui-chart-value",
                                    anchor=anchor, extra=f' dx="{dx}"'))
        out.append(svg_text(label_x, mt + i * band + band / 2 + 4, shown[i], anchor="end"))
    out.append(_vline("ui-chart-axis", pct(zero), mt, mt + plot_h))
    return Markup("").join(out), {"ml": coord(ml), "mr": coord(mr), "height": height}


def prepare(props: BarChartProps) -> dict[str, Any]:
    labels, raw = chart_series(props.data, props.labels, props.series)
    series = series_info([n for n, _ in raw], [v for _, v in raw])
    if not any(v is not None for s in series for v in s["values"]):
        body = svg_text(pct(0.5), props.height / 2, "No data")
        plot = {"ml": 0, "mr": 0, "height": props.height}
    elif props.horizontal:
        body, plot = _horizontal(labels, series, props.height, props.unit)
    else:
        body, plot = _vertical(labels, series, props.height, props.unit)
    return {
        "svg_body": body,
        "plot": {**plot, "kind": "Bar chart"},
        "labels": labels,
        "series": series,
        "table_rows": table_rows(labels, series),
        "summary": summary("Bar chart", props.title, labels, series, props.unit),
    }


TEMPLATE = (
    """<figure class="ui-chart ui-bar-chart" id="{{ uid }}">
{% if props.title %}<figcaption class="ui-chart-title">{{ props.title }}</figcaption>{% endif %}
"""
    + PLOT_SVG
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
