"""Grid: children in equal columns that drop to fewer columns in narrow space."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Size


class GridProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    columns: Annotated[int, Field(ge=1, le=6)] = Field(
        2, description="Columns on a wide screen; fewer are used when a column would be too narrow."
    )
    gap: Size = Field("md", description="Space between cells: sm is tight, lg is airy.")


# Each track is at least 1/N of the width (so at most N columns) and at least 140px
# (so columns drop when the container is narrow); phones always get one column.
_CSS = (
    ".ui-grid{--ui-grid-n:2;--ui-grid-g:var(--ui-gap);display:grid;gap:var(--ui-grid-g);"
    "grid-template-columns:repeat(auto-fill,minmax(max(min(100%,140px),"
    "calc((100% - (var(--ui-grid-n) - 1) * var(--ui-grid-g)) / var(--ui-grid-n))),1fr))}"
    ".ui-grid>*{min-width:0}"
    ".ui-grid--gap-sm{--ui-grid-g:calc(var(--ui-gap) / 2)}"
    ".ui-grid--gap-lg{--ui-grid-g:calc(var(--ui-gap) * 2)}"
    + "".join(f".ui-grid--c{n}{{--ui-grid-n:{n}}}" for n in range(1, 7))
    + "@media (max-width:560px){.ui-grid{grid-template-columns:minmax(0,1fr)}}"
)

register(Component(
    name="Grid",
    description="Arranges its children in equal-width columns, e.g. a row of stat cards.",
    props=GridProps,
    category="layout",
    children="any",
    template=(
        '<div class="ui-grid ui-grid--c{{ props.columns }} ui-grid--gap-{{ props.gap }}">'
        "{{ children }}</div>"
    ),
    css=_CSS,
    example=(
        '<Grid columns=3><Card title="Visits"><Text size="lg" strong>1,204</Text></Card>'
        '<Card title="Sign-ups"><Text size="lg" strong>87</Text></Card>'
        '<Card title="Churn"><Text size="lg" strong>2.1%</Text></Card></Grid>'
    ),
    tags=("columns", "tiles", "dashboard", "responsive"),
))
