"""Form: groups inputs and a submit button; submitting runs onSubmit or sends the values."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from components._shared.fields import BUTTON_CSS
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import ActionValue


class FormProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str | None = Field(default=None, max_length=200, description="Heading at the top of the form")
    submitLabel: str = Field(default="Submit", max_length=200, description="Text on the submit button")
    onSubmit: ActionValue | None = Field(
        default=None,
        description='What submitting does, e.g. {send("Booked for {guests}")}; when absent the field values are sent to the agent',
    )
    id: str | None = Field(
        default=None,
        pattern=r"^[a-zA-Z][a-zA-Z0-9_-]{0,39}$",
        description="Stable DOM id for the form, when something must refer to it",
    )


TEMPLATE = """<form class="ui-form" id="{{ uid }}" data-ui4a-form{{ action_attrs(props.onSubmit) }}{% if props.title %} aria-labelledby="{{ uid }}-t"{% endif %}>
{% if props.title %}<h3 class="ui-form-title" id="{{ uid }}-t">{{ props.title }}</h3>{% endif %}
<div class="ui-form-body">{{ children }}</div>
<div class="ui-form-actions"><button type="submit" class="ui-button ui-button-primary">{{ props.submitLabel }}</button></div>
</form>
"""

CSS = BUTTON_CSS + """
.ui-form { display: flex; flex-direction: column; gap: var(--ui-gap); margin: 0; }
.ui-form-title { margin: 0; font-size: 17px; font-weight: 600; }
.ui-form-body { display: flex; flex-direction: column; gap: var(--ui-gap); }
.ui-form-actions { display: flex; gap: 8px; flex-wrap: wrap; }
"""

register(
    Component(
        name="Form",
        description="A form around input components with a submit button; submitting runs onSubmit or sends the field values.",
        props=FormProps,
        template=TEMPLATE,
        category="input",
        children="any",
        css=CSS,
        example=(
            '<Form title="Contact us" submitLabel="Send">'
            '<TextField label="Name" name="name" required />'
            '<TextField label="Message" name="message" multiline />'
            "</Form>"
        ),
        tags=("form", "submit", "fields", "inputs", "contact", "signup"),
    )
)
