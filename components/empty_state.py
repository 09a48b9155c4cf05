"""EmptyState: what to show where content is missing, with an optional next step."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from components._shared.icons import ICONS, SVG_OPEN, SVG_PATHS, IconName
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import ActionValue


class EmptyStateProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description="What is missing, e.g. 'No invoices yet'."
    )
    description: Annotated[str, Field(max_length=1000)] | None = Field(
        None, description="A sentence on why it is empty or what to do next."
    )
    icon: IconName | None = Field(None, description="A large symbol shown above the title.")
    actionLabel: Annotated[str, Field(min_length=1, max_length=100)] | None = Field(
        None, description="Text of the button offering the next step; needs action."
    )
    action: ActionValue | None = Field(
        None, description="What the button does, e.g. {send(\"Create an invoice\")}."
    )

    @model_validator(mode="after")
    def _label_with_action(self) -> "EmptyStateProps":
        if (self.actionLabel is None) != (self.action is None):
            raise ValueError("actionLabel and action must be given together")
        return self


register(Component(
    name="EmptyState",
    description="A placeholder for an empty list or view, with an optional call to action.",
    props=EmptyStateProps,
    category="content",
    children="none",
    template=(
        '<div class="ui-empty">'
        "{% if props.icon %}"
        + SVG_OPEN
        + ' class="ui-empty__icon" width="40" height="40" aria-hidden="true">'
        + SVG_PATHS
        + "</svg>{% endif %}"
        '<p class="ui-empty__title">{{ props.title }}</p>'
        "{% if props.description %}"
        '<p class="ui-empty__description">{{ props.description }}</p>{% endif %}'
        "{% if props.action and props.actionLabel %}"
        '<button type="button" class="ui-empty__action"{{ action_attrs(props.action) }}>'
        "{{ props.actionLabel }}</button>{% endif %}"
        "</div>"
    ),
    prepare=lambda p: {"paths": ICONS[p.icon] if p.icon else ()},
    css=(
        ".ui-empty{display:flex;flex-direction:column;align-items:center;text-align:center;"
        "gap:6px;padding:calc(var(--ui-pad) * 2) var(--ui-pad);color:var(--ui-text);"
        "border:1px dashed var(--ui-border);border-radius:var(--ui-radius)}"
        ".ui-empty__icon{color:var(--ui-muted);margin-bottom:4px}"
        ".ui-empty__title{margin:0;font-weight:650;font-size:1.05rem}"
        ".ui-empty__description{margin:0;color:var(--ui-muted);max-width:42ch}"
        ".ui-empty__action{margin-top:8px;font:inherit;font-weight:600;cursor:pointer;"
        "padding:7px 14px;border-radius:var(--ui-radius-sm);border:1px solid var(--ui-accent);"
        "background:var(--ui-accent);color:var(--ui-accent-text)}"
        ".ui-empty__action:hover{background:color-mix(in srgb, var(--ui-accent) 88%, var(--ui-text))}"
    ),
    example=(
        '<EmptyState icon="file" title="No invoices yet" description="Invoices appear here."'
        ' actionLabel="Create invoice" action={send("Create an invoice")} />'
    ),
    tags=("empty", "placeholder", "zero", "blank", "no results", "onboarding"),
))
