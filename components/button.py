"""Button: a real <button> that runs an action (set state, send a message, submit a form)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from components._shared.fields import BUTTON_CSS
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import ActionValue


class ButtonProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str = Field(max_length=200, description="Text on the button")
    action: ActionValue | None = Field(
        default=None, description='What a click does, e.g. {send("Book it")} or {count = count + 1}'
    )
    variant: Literal["primary", "secondary", "ghost", "danger"] = Field(
        default="primary", description="Visual weight: primary for the main action, danger for destructive ones"
    )
    type: Literal["button", "submit"] = Field(
        default="button", description="submit makes it send the enclosing Form"
    )
    disabled: bool = Field(default=False, description="Show the button but ignore clicks")


TEMPLATE = """<button type="{{ props.type }}" class="ui-button ui-button-{{ props.variant }}" id="{{ uid }}"{% if props.disabled %} disabled{% endif %}{{ action_attrs(props.action) }}>{{ props.label }}</button>
"""

register(
    Component(
        name="Button",
        description="A clickable button that runs an action: set state, send a message to the agent, or submit a form.",
        props=ButtonProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=BUTTON_CSS,
        example='<State n=0 /><Button label="Add one" action={n = n + 1} /><Button label="Done" variant="secondary" action={send("I added {n}")} />',
        tags=("button", "action", "click", "submit", "cta"),
    )
)
