"""Slider: a labelled range input that shows its current value in an <output>."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, model_validator

from components._shared.fields import CONTROL_ATTRS, FIELD_CSS, HINT, LABEL, FieldProps, value_text
from components._shared.numbers import num_text, with_unit
from ui4a.component import Component
from ui4a.registry import register

Num = Annotated[float, Field(allow_inf_nan=False)] | int


class SliderProps(FieldProps):
    min: Num = Field(default=0, description="Value at the left end")
    max: Num = Field(default=100, description="Value at the right end")
    step: Annotated[float, Field(gt=0, allow_inf_nan=False)] | int = Field(default=1, description="Size of one notch, e.g. 0.5 or 5")
    value: Num | None = Field(default=None, description="Initial value when not bound to state (default: min)")
    unit: str | None = Field(default=None, max_length=20, description="Unit shown with the value, e.g. '%' or '$'")

    @model_validator(mode="after")
    def _bounds(self) -> SliderProps:
        if self.min >= self.max:
            raise ValueError(f"min ({self.min}) must be less than max ({self.max})")
        return self


def prepare(props: SliderProps) -> dict[str, Any]:
    def shown(v: Any) -> str:
        return with_unit(num_text(v), props.unit) if isinstance(v, int | float) and not isinstance(v, bool) else str(v)

    return {"value_text": value_text, "shown": shown}


TEMPLATE = (
    '<div class="ui-field ui-slider">\n'
    '<div class="ui-slider-head">' + LABEL
    + "{% set current = value_of(props.bind, props.min if props.value is none else props.value) %}"
    '<output class="ui-slider-value" for="{{ uid }}" id="{{ uid }}-out">{{ shown(current) }}</output></div>\n'
    '<input type="range" class="ui-slider-input" value="{{ value_text(current) }}"'
    ' min="{{ value_text(props.min) }}" max="{{ value_text(props.max) }}" step="{{ value_text(props.step) }}"'
    + CONTROL_ATTRS
    + '{% if props.unit %} aria-valuetext="{{ shown(current) }}"{% endif %}>\n'
    '<div class="ui-slider-scale" aria-hidden="true"><span>{{ shown(props.min) }}</span><span>{{ shown(props.max) }}</span></div>\n'
    + HINT
    + "\n</div>\n"
)

CSS = FIELD_CSS + """
.ui-slider-head { display: flex; justify-content: space-between; align-items: baseline; gap: var(--ui-gap); }
.ui-slider-value { font-weight: 600; font-variant-numeric: tabular-nums; color: var(--ui-accent); }
.ui-slider-input { width: 100%; accent-color: var(--ui-accent); margin: 4px 0 0; cursor: pointer; }
.ui-slider-input:disabled { opacity: .55; cursor: not-allowed; }
.ui-slider-scale { display: flex; justify-content: space-between; font-size: 12px; color: var(--ui-muted); }
"""

register(
    Component(
        name="Slider",
        description="A labelled range slider between min and max that shows its current value.",
        props=SliderProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=CSS,
        example='<State budget=500 /><Slider label="Budget" bind={budget} min=100 max=2000 step=50 unit="$" />',
        prepare=prepare,
        tags=("slider", "range", "scale", "amount", "volume", "input", "form"),
    )
)
