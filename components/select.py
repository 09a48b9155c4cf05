"""Select: a labelled drop-down of options."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from components._shared.fields import (
    CONTROL_ATTRS,
    FIELD_CSS,
    HINT,
    LABEL,
    OPTIONS_DESCRIPTION,
    FieldProps,
    OptionList,
    options,
    value_text,
)
from ui4a.component import Component
from ui4a.registry import register


class SelectProps(FieldProps):
    options: OptionList = Field(min_length=1, max_length=200, description=OPTIONS_DESCRIPTION)
    value: Annotated[str, Field(max_length=200)] | int | float | None = Field(
        default=None, description="Value selected at first when not bound to state"
    )
    placeholder: str | None = Field(
        default=None, max_length=200, description="Prompt shown while nothing is chosen, e.g. 'Pick a size'"
    )


def prepare(props: SelectProps) -> dict[str, Any]:
    return {"opts": options(props.options), "value_text": value_text}


TEMPLATE = (
    '<div class="ui-field ui-select">\n'
    + LABEL
    + "\n{% set current = value_text(value_of(props.bind, props.value)) %}"
    '<select class="ui-field-input"' + CONTROL_ATTRS + ">"
    '{% if props.placeholder %}<option value=""{% if current == "" %} selected{% endif %}'
    '{% if props.required %} disabled{% endif %}>{{ props.placeholder }}</option>{% endif %}'
    '{% for o in opts %}<option value="{{ o.value }}"{% if o.value == current %} selected{% endif %}>{{ o.label }}</option>{% endfor %}'
    "</select>\n"
    + HINT
    + "\n</div>\n"
)

CSS = FIELD_CSS + """
.ui-select select { appearance: auto; max-width: 100%; cursor: pointer; }
"""

register(
    Component(
        name="Select",
        description="A labelled drop-down for picking one of several options.",
        props=SelectProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=CSS,
        example='<State size="M" /><Select label="Size" bind={size} options=["S","M","L"] />',
        prepare=prepare,
        tags=("select", "dropdown", "choice", "options", "picker", "input", "form"),
    )
)
