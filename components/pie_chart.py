"""PieChart: shares of a whole as a pie or donut, with a legend of percentages, as inline SVG."""

from __future__ import annotations

import math
from typing import Annotated, Any

from markupsafe import Markup
from pydantic import BaseModel, ConfigDict, Field, model_validator

from components._shared.charts import CHART_CSS, FONT, PALETTE, ChartLabel, coord, svg_text
from components._shared.numbers import Num, label_text, num_text, short_num, with_unit
from ui4a.component import Component
from ui4a.registry import register

MAX_SLICES = 12
# Radii as shares of the pie's side; the SVG is drawn at its real size in pixels
# (viewBox = height), so its text is never scaled up.
R_OUT = 0.48
R_IN = 0.29


class PieChartProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    data: list[tuple[ChartLabel, Num]] = Field(
        min_length=1,
        max_length=MAX_SLICES,
        description='Slices as [label, value] pairs; values must be > 0, e.g. [["Rent", 1200], ["Food", 450]]',
    )
    title: str | None = Field(default=None, max_length=200, description="Heading shown above the chart")
    donut: bool = Field(default=False, description="Draw a ring with the total in the middle")
    unit: str | None = Field(default=None, max_length=20, description="Unit of the values shown in the legend, e.g. '$' or 'h'")
    height: Annotated[int, Field(ge=120, le=480)] = Field(default=220, description="Diameter of the pie in px")

    @model_validator(mode="after")
    def _positive(self) -> PieChartProps:
        for i, (label, value) in enumerate(self.data):
            if value <= 0:
                raise ValueError(
                    f"data[{i}] ({label_text(label)!r}) has value {num_text(value)}; every slice needs a "
                    "value greater than 0 (leave zero slices out; use a BarChart for negative values)"
                )
        return self


def _point(size: float, r: float, angle: float) -> tuple[float, float]:
    c = size / 2
    return c + r * math.sin(angle), c - r * math.cos(angle)


def _slice(size: float, a0: float, a1: float, donut: bool) -> str:
    large = 1 if a1 - a0 > math.pi else 0
    r_out, r_in = R_OUT * size, R_IN * size
    x0, y0 = _point(size, r_out, a0)
    x1, y1 = _point(size, r_out, a1)
    if not donut:
        c = coord(size / 2)
        return (f"M{c},{c} L{coord(x0)},{coord(y0)} "
                f"A{coord(r_out)},{coord(r_out)} 0 {large} 1 {coord(x1)},{coord(y1)} Z")
    u0, v0 = _point(size, r_in, a0)
    u1, v1 = _point(size, r_in, a1)
    return (f"M{coord(x0)},{coord(y0)} A{coord(r_out)},{coord(r_out)} 0 {large} 1 {coord(x1)},{coord(y1)} "
            f"L{coord(u1)},{coord(v1)} A{coord(r_in)},{coord(r_in)} 0 {large} 0 {coord(u0)},{coord(v0)} Z")


def _percent(share: float) -> str:
    pct = share * 100
    if 0 < pct < 0.1:
        return "<0.1%"
    return f"{pct:.0f}%" if pct >= 10 or pct.is_integer() else f"{pct:.1f}%"


def prepare(props: PieChartProps) -> dict[str, Any]:
    total = sum(v for _, v in props.data)
    size = props.height
    slices: list[dict[str, Any]] = []
    out: list[Markup] = []
    angle = 0.0
    for i, (raw_label, value) in enumerate(props.data):
        label = label_text(raw_label)
        share = value / total
        cls = f"ui-s{i % PALETTE + 1}" + (" ui-pie-alt" if i >= PALETTE else "")
        tip = f"{label}: {with_unit(num_text(value), props.unit)} ({_percent(share)})"
        if len(props.data) == 1:
            c = coord(size / 2)
            if props.donut:
                shape = Markup('<circle class="{}" cx="{}" cy="{}" r="{}" fill="none" stroke="currentColor" stroke-width="{}"><title>{}</title></circle>').format(
                    cls, c, c, coord((R_OUT + R_IN) / 2 * size), coord((R_OUT - R_IN) * size), tip)
            else:
                shape = Markup('<circle class="{}" cx="{}" cy="{}" r="{}" fill="currentColor"><title>{}</title></circle>').format(
                    cls, c, c, coord(R_OUT * size), tip)
        else:
            a1 = angle + share * 2 * math.pi
            shape = Markup('<path class="{} ui-pie-slice" d="{}" fill="currentColor"><title>{}</title></path>').format(
                cls, _slice(size, angle, a1, props.donut), tip)
            angle = a1
        out.append(shape)
        slices.append({"label": label, "value": with_unit(num_text(value), props.unit), "percent": _percent(share), "cls": cls})
    total_text = with_unit(num_text(total), props.unit)
    if props.donut:
        center = total_text if len(total_text) <= 7 else with_unit(short_num(total), props.unit)
        # The total fills most of the hole: 26px in a 220px donut, smaller in a small one.
        font = max(FONT, min(26.0, 1.6 * R_IN * size / max(len(center), 4) / 0.58))
        style = f' style="font-size: {coord(font)}px"'
        out.append(svg_text(size / 2, size / 2 + font * 0.15, center, cls="ui-pie-total", extra=style))
        out.append(svg_text(size / 2, size / 2 + font * 0.15 + 18, "total", cls="ui-chart-label"))
    listed = ", ".join(f"{s['label']} {s['value']} ({s['percent']})" for s in slices)
    head = f"{'Donut' if props.donut else 'Pie'} chart: {props.title}." if props.title else f"{'Donut' if props.donut else 'Pie'} chart."
    return {
        "svg_body": Markup("").join(out),
        "size": size,
        "slices": slices,
        "total_text": total_text,
        "summary": f"{head} Total {total_text}: {listed}.",
    }


TEMPLATE = """<figure class="ui-chart ui-pie-chart" id="{{ uid }}">
{% if props.title %}<figcaption class="ui-chart-title">{{ props.title }}</figcaption>{% endif %}
<div class="ui-pie-body">
<svg viewBox="0 0 {{ size }} {{ size }}" width="{{ size }}" height="{{ size }}" role="img" aria-label="{{ summary }}">
<title>{{ props.title or "Pie chart" }}</title>
<desc>{{ summary }}</desc>
{{ svg_body }}
</svg>
<table class="ui-pie-legend">
{% if props.title %}<caption class="ui-sr-only">{{ props.title }}</caption>{% endif %}
<thead class="ui-sr-only"><tr><th scope="col">Label</th><th scope="col">Value</th><th scope="col">Share</th></tr></thead>
<tbody>
{% for s in slices %}
<tr><th scope="row"><span class="ui-chart-swatch {{ s.cls }}"></span>{{ s.label }}</th><td class="ui-chart-num">{{ s.value }}</td><td class="ui-chart-num">{{ s.percent }}</td></tr>
{% endfor %}
</tbody>
</table>
</div>
</figure>
"""

CSS = CHART_CSS + """
.ui-pie-body { display: flex; flex-wrap: wrap; align-items: center; gap: var(--ui-gap) calc(var(--ui-gap) * 2); }
.ui-pie-chart svg { flex: none; max-width: 100%; height: auto; }
.ui-pie-slice { stroke: var(--ui-bg); stroke-width: 1.5; stroke-linejoin: round; }
.ui-pie-alt { opacity: .55; }
.ui-pie-total { font-size: 26px; font-weight: 600; fill: var(--ui-text); }
.ui-pie-legend { flex: 0 1 auto; min-width: 160px; border-collapse: collapse; font-size: 13px; }
.ui-pie-legend th { text-align: left; font-weight: 400; color: var(--ui-text); padding: 3px 12px 3px 0; }
.ui-pie-legend th .ui-chart-swatch { display: inline-block; margin-right: 8px; vertical-align: -1px; }
.ui-pie-legend td { text-align: right; padding: 3px 0 3px 12px; color: var(--ui-muted); font-variant-numeric: tabular-nums; white-space: nowrap; }
"""

register(
    Component(
        name="PieChart",
        description="A pie or donut chart of parts of a whole, with a legend of values and percentages.",
        props=PieChartProps,
        template=TEMPLATE,
        category="chart",
        children="none",
        css=CSS,
        example='<PieChart title="Budget" donut unit="$" data=[["Rent",1200],["Food",450],["Travel",300]] />',
        prepare=prepare,
        tags=("chart", "pie", "donut", "share", "proportion", "breakdown", "svg"),
    )
)
