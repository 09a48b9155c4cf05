"""NumberField: a labelled numeric input with optional bounds, step and unit."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from components._shared.fields import CONTROL_ATTRS, FIELD_CSS, HINT, LABEL, FieldProps, value_text
from components._shared.numbers import unit_goes_first
from ui4a.component import Component
from ui4a.registry import register

Num = Annotated[float, Field(allow_inf_nan=False)] | int


class NumberFieldProps(FieldProps):
    value: Num | None = Field(default=None, description="Initial number when not bound to state")
    min: Num | None = Field(default=None, description="Smallest allowed value")
    max: Num | None = Field(default=None, description="Largest allowed value")
    step: Annotated[float, Field(gt=0, allow_inf_nan=False)] | int | None = Field(
        default=None, description="Increment of the arrows, e.g. 0.5 or 10 (default 1)"
    )
    unit: str | None = Field(default=None, max_length=20, description="Unit shown beside the box, e.g. 'kg' or 'nights' after it, '$' before it")

    @model_validator(mode="after")
    def _bounds(self) -> NumberFieldProps:
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max}); swap them")
        return self


TEMPLATE = (
    '<div class="ui-field ui-number-field">\n'
    + LABEL
    + '\n<div class="ui-number-box">'
    '{% if unit_first %}<span class="ui-number-unit">{{ props.unit }}</span>{% endif %}'
    '<input class="ui-field-input" type="number" inputmode="decimal"'
    ' value="{{ value_text(value_of(props.bind, props.value)) }}"'
    + CONTROL_ATTRS
    + '{% if props.min is not none %} min="{{ value_text(props.min) }}"{% endif %}'
    '{% if props.max is not none %} max="{{ value_text(props.max) }}"{% endif %}'
    '{% if props.step is not none %} step="{{ value_text(props.step) }}"{% endif %}>'
    '{% if props.unit and not unit_first %}<span class="ui-number-unit">{{ props.unit }}</span>{% endif %}'
    "</div>\n"
    + HINT
    + "\n</div>\n"
)

CSS = FIELD_CSS + """
.ui-number-box { display: flex; align-items: center; gap: 8px; }
.ui-number-box .ui-field-input { max-width: 12em; font-variant-numeric: tabular-nums; }
.ui-number-unit { color: var(--ui-muted); font-size: 14px; }
"""

register(
    Component(
        name="NumberField",
        description="A labelled number input with optional min, max, step and a unit beside it.",
        props=NumberFieldProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=CSS,
        example='<State qty=1 /><NumberField label="Quantity" bind={qty} min=1 max=10 unit="items" />',
        prepare=lambda props: {"value_text": value_text, "unit_first": unit_goes_first(props.unit)},
        tags=("number", "numeric", "quantity", "amount", "input", "field", "form"),
    )
)
