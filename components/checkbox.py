"""Checkbox: a labelled on/off tick box."""

from __future__ import annotations

from pydantic import Field

from components._shared.fields import CONTROL_ATTRS, FIELD_CSS, HINT, FieldProps
from ui4a.component import Component
from ui4a.registry import register


class CheckboxProps(FieldProps):
    checked: bool = Field(default=False, description="Ticked at first when not bound to state")


TEMPLATE = (
    '<div class="ui-field ui-field-check ui-checkbox">'
    '<input type="checkbox" value="true"' + CONTROL_ATTRS
    + "{% if value_of(props.bind, props.checked) %} checked{% endif %}>"
    '<div class="ui-field-text"><label class="ui-field-label" for="{{ uid }}">{{ props.label }}'
    '{% if props.required %}<span class="ui-field-req" aria-hidden="true"> *</span>{% endif %}</label>'
    + HINT
    + "</div></div>\n"
)

register(
    Component(
        name="Checkbox",
        description="A labelled tick box for a yes/no choice or agreeing to terms.",
        props=CheckboxProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=FIELD_CSS,
        example='<State agree=false /><Checkbox label="I accept the terms" bind={agree} required />',
        tags=("checkbox", "tick", "boolean", "agree", "toggle", "input", "form"),
    )
)
