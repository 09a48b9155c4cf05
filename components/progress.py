"""Progress: a labelled progress bar with its percentage."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from components._shared.numbers import num_text
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Tone


class ProgressProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str = Field(max_length=200, description="What is progressing, e.g. 'Upload'")
    value: Annotated[float, Field(allow_inf_nan=False)] = Field(description="Amount done, from 0 to max (values outside are clamped)")
    max: Annotated[float, Field(gt=0, allow_inf_nan=False)] = Field(default=100, description="The amount that means complete")
    tone: Tone = Field(default="accent", description="Colour of the bar")


def prepare(props: ProgressProps) -> dict[str, Any]:
    value = min(max(props.value, 0.0), props.max)
    pct = value / props.max * 100
    pct_text = f"{pct:.0f}%" if pct >= 1 or pct == 0 else f"{pct:.1f}%"
    of = f"{num_text(value)} of {num_text(props.max)}" if props.max != 100 else ""
    return {"now": num_text(value), "pct": round(pct, 2), "pct_text": pct_text, "of": of,
            "max_text": num_text(props.max)}


TEMPLATE = """<div class="ui-progress" id="{{ uid }}">
<div class="ui-progress-head"><span class="ui-progress-label" id="{{ uid }}-l">{{ props.label }}</span><span class="ui-progress-pct">{% if of %}<span class="ui-progress-of">{{ of }} · </span>{% endif %}{{ pct_text }}</span></div>
<div class="ui-progress-track" role="progressbar" aria-labelledby="{{ uid }}-l" aria-valuemin="0" aria-valuemax="{{ max_text }}" aria-valuenow="{{ now }}" aria-valuetext="{{ pct_text }}">
<div class="ui-progress-bar" style="width: {{ pct }}%; background: var(--ui-{{ props.tone }})"></div>
</div>
</div>
"""

CSS = """
.ui-progress { display: flex; flex-direction: column; gap: 6px; }
.ui-progress-head { display: flex; justify-content: space-between; gap: var(--ui-gap); font-size: 14px; }
.ui-progress-label { font-weight: 500; }
.ui-progress-pct { color: var(--ui-muted); font-variant-numeric: tabular-nums; white-space: nowrap; }
.ui-progress-track { height: 8px; border-radius: 999px; background: var(--ui-surface-2); overflow: hidden; }
.ui-progress-bar { height: 100%; border-radius: 999px; min-width: 0; transition: width .3s ease; }
"""

register(
    Component(
        name="Progress",
        description="A horizontal progress bar with a label and the percentage done.",
        props=ProgressProps,
        template=TEMPLATE,
        category="data",
        children="none",
        css=CSS,
        example='<Progress label="Storage used" value=72 tone="warning" />',
        prepare=prepare,
        tags=("progress", "bar", "percent", "completion", "quota", "loading", "meter"),
    )
)
