"""TextField: a labelled single-line text input, or a <textarea> when multiline."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from components._shared.fields import CONTROL_ATTRS, FIELD_CSS, HINT, LABEL, FieldProps
from ui4a.component import Component
from ui4a.registry import register


class TextFieldProps(FieldProps):
    placeholder: str | None = Field(default=None, max_length=200, description="Greyed example text shown while empty")
    value: str = Field(default="", max_length=16384, description="Initial text when not bound to state")
    type: Literal["text", "email", "tel", "url", "password", "search"] = Field(
        default="text", description="Kind of text; sets the keyboard and browser checks"
    )
    maxLength: Annotated[int, Field(ge=1, le=16384)] | None = Field(
        default=None, description="Most characters the user may type"
    )
    multiline: bool = Field(default=False, description="Several lines of text (a textarea)")


TEMPLATE = (
    '<div class="ui-field ui-text-field">\n'
    + LABEL
    + "\n{% set current = value_of(props.bind, props.value) %}"
    "{% if current is none %}{% set current = '' %}{% endif %}"
    "{% if props.multiline %}"
    '<textarea class="ui-field-input ui-textarea" rows="4"'
    + CONTROL_ATTRS
    + '{% if props.placeholder %} placeholder="{{ props.placeholder }}"{% endif %}'
    '{% if props.maxLength %} maxlength="{{ props.maxLength }}"{% endif %}>{{ current }}</textarea>'
    "{% else %}"
    '<input class="ui-field-input" type="{{ props.type }}" value="{{ current }}"'
    + CONTROL_ATTRS
    + '{% if props.placeholder %} placeholder="{{ props.placeholder }}"{% endif %}'
    '{% if props.maxLength %} maxlength="{{ props.maxLength }}"{% endif %}'
    '{% if props.type == "email" %} autocomplete="email"{% elif props.type == "tel" %} autocomplete="tel"{% endif %}>'
    "{% endif %}\n"
    + HINT
    + "\n</div>\n"
)

CSS = FIELD_CSS + """
.ui-textarea { resize: vertical; min-height: 88px; line-height: 1.45; }
"""

register(
    Component(
        name="TextField",
        description="A labelled text input (email, password, search…) or a multi-line text area.",
        props=TextFieldProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=CSS,
        example='<State email="" /><TextField label="Email" type="email" bind={email} placeholder="you@example.com" required />',
        tags=("text", "input", "field", "textarea", "email", "password", "search", "form"),
    )
)
