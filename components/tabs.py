"""Tabs: panels behind a row of tab labels, switchable without JavaScript.

How it works in static HTML: each Tab renders a visually hidden radio, its label and
its panel as three siblings. Tabs, a wrapping flex container, puts every label first
(``order: 0``) and every panel below at full width (``order: 1``); a panel is shown
only when the radio right before its label is ``:checked``. Radios give the group
keyboard behaviour for free (Tab to focus, arrow keys to switch) and report their
checked state truthfully; ARIA ``tab`` roles are not put on them because
``aria-selected`` could not follow the checked state without script. Panels carry
``role="tabpanel"`` labelled by their tab.

Radio names must be unique per group but a Tab cannot see its parent: Tab leaves a
marker (``TAB_SLOT``) in its radio tag, and Tabs replaces each marker in its
already-rendered children with ``name="<its uid>"`` (plus ``checked`` on the selected
one). Nested Tabs have replaced their own markers before the outer Tabs renders.
"""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from components.tab import TAB_SLOT
from ui4a.component import Component
from ui4a.registry import register


class TabsProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    selected: Annotated[int, Field(ge=0, le=49)] = Field(
        0, description="Zero-based index of the tab shown first; out of range shows the first."
    )


_TEMPLATE = (
    "{% set parts = children.split(slot) %}"
    "{% set n = parts|length - 1 %}"
    "{% set sel = props.selected if props.selected < n else 0 %}"
    '<div class="ui-tabs">{{ parts[0] }}'
    '{% for part in parts[1:] %} name="{{ uid }}"{% if loop.index0 == sel %} checked{% endif %}'
    "{{ part }}{% endfor %}</div>"
)

register(Component(
    name="Tabs",
    description="Shows one of several Tab panels at a time, chosen by clicking its label.",
    props=TabsProps,
    category="layout",
    children=("Tab",),
    template=_TEMPLATE,
    prepare=lambda props: {"slot": TAB_SLOT},
    css=(
        ".ui-tabs{position:relative;display:flex;flex-wrap:wrap;align-items:flex-end;min-width:0}"
        ".ui-tabs>.ui-tabs__tab{order:0;padding:8px 14px;cursor:pointer;color:var(--ui-muted);"
        "font-weight:500;border-bottom:2px solid transparent;margin-bottom:-1px;"
        "border-radius:var(--ui-radius-sm) var(--ui-radius-sm) 0 0;user-select:none}"
        ".ui-tabs>.ui-tabs__tab:hover{color:var(--ui-text);background:var(--ui-surface-2)}"
        ".ui-tabs>.ui-tabs__radio:checked+.ui-tabs__tab{color:var(--ui-accent);"
        "border-bottom-color:var(--ui-accent)}"
        ".ui-tabs>.ui-tabs__radio:focus-visible+.ui-tabs__tab{outline:2px solid var(--ui-focus);"
        "outline-offset:-2px}"
        ".ui-tabs>.ui-tabs__panel{order:1;flex:0 0 100%;min-width:0;display:none;"
        "flex-direction:column;gap:var(--ui-gap);padding-top:var(--ui-pad);"
        "border-top:1px solid var(--ui-border)}"
        ".ui-tabs>.ui-tabs__radio:checked+.ui-tabs__tab+.ui-tabs__panel{display:flex}"
    ),
    example=(
        '<Tabs selected=1><Tab label="Daily"><Text>12 orders today.</Text></Tab>'
        '<Tab label="Weekly"><Text>81 orders this week.</Text></Tab></Tabs>'
    ),
    tags=("tabs", "switcher", "panels", "navigation", "segmented"),
))
