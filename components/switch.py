"""Switch: an on/off toggle; a real checkbox with role="switch", styled as a track."""

from __future__ import annotations

from pydantic import Field

from components._shared.fields import CONTROL_ATTRS, FIELD_CSS, HINT, FieldProps
from ui4a.component import Component
from ui4a.registry import register


class SwitchProps(FieldProps):
    checked: bool = Field(default=False, description="On at first when not bound to state")


TEMPLATE = (
    '<div class="ui-field ui-field-check ui-switch">'
    '<input type="checkbox" role="switch" value="true"' + CONTROL_ATTRS
    + "{% if value_of(props.bind, props.checked) %} checked{% endif %}>"
    '<div class="ui-field-text"><label class="ui-field-label" for="{{ uid }}">{{ props.label }}</label>'
    + HINT
    + "</div></div>\n"
)

CSS = FIELD_CSS + """
.ui-switch input[role="switch"] { appearance: none; -webkit-appearance: none; width: 36px; height: 20px; margin: 1px 0 0; border-radius: 999px; background: var(--ui-border); position: relative; cursor: pointer; transition: background .15s; }
.ui-switch input[role="switch"]::before { content: ""; position: absolute; top: 2px; left: 2px; width: 16px; height: 16px; border-radius: 50%; background: var(--ui-bg); box-shadow: var(--ui-shadow); transition: transform .15s; }
.ui-switch input[role="switch"]:checked { background: var(--ui-accent); }
.ui-switch input[role="switch"]:checked::before { transform: translateX(16px); }
.ui-switch input[role="switch"]:focus-visible { outline: 2px solid var(--ui-focus); outline-offset: 2px; }
"""

register(
    Component(
        name="Switch",
        description="A labelled on/off switch for a setting that applies at once.",
        props=SwitchProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=CSS,
        example='<State dark=false /><Switch label="Dark mode" bind={dark} />',
        tags=("switch", "toggle", "on off", "setting", "boolean", "input"),
    )
)
