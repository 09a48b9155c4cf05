"""Stat: one headline number (a KPI) with an optional change arrow and hint."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from components._shared.numbers import Num, num_text, with_unit
from ui4a.component import Component
from ui4a.registry import register


class StatProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str = Field(max_length=200, description="What the number measures, e.g. 'Monthly revenue'")
    value: str | Num = Field(description="The headline figure; numbers get thousands separators, strings are shown as written")
    unit: str | None = Field(default=None, max_length=20, description="Unit of the value: '$' and other currency signs go before, others after")
    delta: Num | None = Field(default=None, description="Change since the previous period, e.g. 4.2 or -1.5; shown with an arrow")
    deltaUnit: str = Field(default="%", max_length=20, description="Unit of delta, e.g. '%', 'pts', 'users'")
    downIsGood: bool = Field(default=False, description="Colour a fall green and a rise red (for costs, churn, latency)")
    hint: str | None = Field(default=None, max_length=400, description="Small print under the figure, e.g. 'vs last month'")


def prepare(props: StatProps) -> dict[str, Any]:
    value = props.value if isinstance(props.value, str) else num_text(props.value)
    out: dict[str, Any] = {"value_text": with_unit(value, props.unit), "delta": None}
    if props.delta is not None:
        d = props.delta
        amount = with_unit(num_text(abs(d)), props.deltaUnit)
        if d == 0:
            out["delta"] = {"arrow": "→", "text": amount, "label": f"no change, {amount}", "tone": "neutral"}
        else:
            up = d > 0
            good = up != props.downIsGood
            out["delta"] = {
                "arrow": "▲" if up else "▼",
                "text": amount,
                "label": f"{'up' if up else 'down'} {amount}",
                "tone": "success" if good else "danger",
            }
    return out


TEMPLATE = """<div class="ui-stat" id="{{ uid }}">
<div class="ui-stat-label" id="{{ uid }}-l">{{ props.label }}</div>
<div class="ui-stat-figure">
<span class="ui-stat-value" aria-describedby="{{ uid }}-l">{{ value_text }}</span>
{% if delta %}<span class="ui-stat-delta ui-stat-{{ delta.tone }}" role="img" aria-label="{{ delta.label }}"><span aria-hidden="true">{{ delta.arrow }}</span> {{ delta.text }}</span>{% endif %}
</div>
{% if props.hint %}<div class="ui-stat-hint">{{ props.hint }}</div>{% endif %}
</div>
"""

CSS = """
.ui-stat { display: flex; flex-direction: column; gap: 2px; padding: var(--ui-pad); border: 1px solid var(--ui-border); border-radius: var(--ui-radius); background: var(--ui-bg); min-width: 0; }
.ui-stat-label { color: var(--ui-muted); font-size: 13px; font-weight: 500; }
.ui-stat-figure { display: flex; align-items: baseline; flex-wrap: wrap; gap: 4px 10px; }
.ui-stat-value { font-size: 28px; font-weight: 700; line-height: 1.2; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.ui-stat-delta { font-size: 13px; font-weight: 600; white-space: nowrap; }
.ui-stat-success { color: var(--ui-success); }
.ui-stat-danger { color: var(--ui-danger); }
.ui-stat-neutral { color: var(--ui-neutral); }
.ui-stat-hint { color: var(--ui-muted); font-size: 12px; }
"""

register(
    Component(
        name="Stat",
        description="A single key figure (KPI) with its label, optional unit, change arrow and hint.",
        props=StatProps,
        template=TEMPLATE,
        category="data",
        children="none",
        css=CSS,
        example='<Stat label="Revenue" value=48200 unit="$" delta=4.2 hint="vs last month" />',
        prepare=prepare,
        tags=("stat", "kpi", "metric", "number", "figure", "delta", "dashboard"),
    )
)
