"""RadioGroup: one choice among a few options, shown all at once as radio buttons."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from components._shared.fields import (
    FIELD_CSS,
    OPTIONS_DESCRIPTION,
    FieldProps,
    OptionList,
    options,
    value_text,
)
from ui4a.component import Component
from ui4a.registry import register


class RadioGroupProps(FieldProps):
    options: OptionList = Field(min_length=1, max_length=50, description=OPTIONS_DESCRIPTION)
    value: Annotated[str, Field(max_length=200)] | int | float | None = Field(
        default=None, description="Value chosen at first when not bound to state"
    )
    inline: bool = Field(default=False, description="Put the options side by side instead of stacked")


def prepare(props: RadioGroupProps) -> dict[str, Any]:
    return {"opts": options(props.options), "value_text": value_text}


TEMPLATE = """{% set current = value_text(value_of(props.bind, props.value)) %}
{% set field_name = props.name or (props.bind.name if props.bind else props.label|field_key) %}
<fieldset class="ui-field ui-radio-group" id="{{ uid }}"{% if props.hint %} aria-describedby="{{ uid }}-hint"{% endif %}{% if props.disabled %} disabled{% endif %}{{ bind_attrs(props.bind) }}>
<legend class="ui-field-label">{{ props.label }}{% if props.required %}<span class="ui-field-req" aria-hidden="true"> *</span>{% endif %}</legend>
{% if props.hint %}<p class="ui-field-hint" id="{{ uid }}-hint">{{ props.hint }}</p>{% endif %}
<div class="ui-radio-options{% if props.inline %} ui-radio-inline{% endif %}">
{% for o in opts %}
<label class="ui-field-check" for="{{ uid }}-{{ loop.index }}"><input type="radio" id="{{ uid }}-{{ loop.index }}" name="{{ field_name }}" value="{{ o.value }}"{% if o.value == current %} checked{% endif %}{% if props.required %} required{% endif %}><span class="ui-field-label">{{ o.label }}</span></label>
{% endfor %}
</div>
</fieldset>
"""

CSS = FIELD_CSS + """
.ui-radio-group { border: 0; margin: 0; padding: 0; }
.ui-radio-group > legend { padding: 0; margin-bottom: 4px; }
.ui-radio-options { display: flex; flex-direction: column; gap: 6px; }
.ui-radio-inline { flex-direction: row; flex-wrap: wrap; gap: 6px 18px; }
.ui-radio-group .ui-field-check { cursor: pointer; }
.ui-radio-group[disabled] .ui-field-check { opacity: .55; cursor: not-allowed; }
"""

register(
    Component(
        name="RadioGroup",
        description="A labelled group of radio buttons for picking exactly one of a few visible options.",
        props=RadioGroupProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=CSS,
        example='<State plan="pro" /><RadioGroup label="Plan" bind={plan} options=[{label:"Free", value:"free"}, {label:"Pro", value:"pro"}] />',
        prepare=prepare,
        tags=("radio", "choice", "options", "single choice", "fieldset", "input", "form"),
    )
)
