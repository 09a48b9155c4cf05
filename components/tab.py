"""Tab: one labelled panel of a Tabs group (only meaningful as a child of Tabs)."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register

# The parent Tabs splits its rendered children on this marker and puts the group's
# ``name`` (and ``checked`` on the selected tab) in its place. It holds raw quotes, which
# escaped text can never contain, so only this template can produce it. Kept in sync
# with components/tabs.py, which imports it.
TAB_SLOT = ' data-ui4a-tab-slot=""'


class TabProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: Annotated[str, Field(min_length=1, max_length=100)] = Field(
        description="Text on the tab button the user clicks to show this panel."
    )


# Three siblings, no wrapper: a visually hidden radio (the focusable control), its
# label (the visible tab) and the panel. Tabs' CSS orders labels before panels.
register(Component(
    name="Tab",
    description="One panel of a Tabs group, shown when its label is chosen.",
    props=TabProps,
    category="layout",
    children="any",
    template=(
        '<input class="ui-tabs__radio ui-sr-only" type="radio" id="{{ uid }}"'
        ' aria-controls="{{ uid }}-panel"' + TAB_SLOT + ">"
        '<label class="ui-tabs__tab" for="{{ uid }}" id="{{ uid }}-tab">{{ props.label }}</label>'
        '<div class="ui-tabs__panel" id="{{ uid }}-panel" role="tabpanel"'
        ' aria-labelledby="{{ uid }}-tab">{{ children }}</div>'
    ),
    example=(
        '<Tabs><Tab label="Overview"><Text>All good.</Text></Tab>'
        '<Tab label="Logs"><Text>No errors.</Text></Tab></Tabs>'
    ),
    tags=("tabs", "panel", "pane"),
))
