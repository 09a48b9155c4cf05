"""Modal: a dialog over the page, opened by a trigger button, with no JavaScript.

It is a <details>: the <summary> is the trigger button. While open, the summary's
``::before`` becomes a full-screen backdrop and its ``::after`` a close button drawn in
the dialog's corner; both are parts of the summary, so clicking either closes it, and
the summary itself (focused after opening) closes it with Enter or Space. The dialog
and the close button are both placed against the viewport, so the button's offset is
computed from the same width formula as the dialog.
"""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register


class ModalProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description="Heading of the dialog; also its accessible name."
    )
    trigger: Annotated[str, Field(min_length=1, max_length=100)] = Field(
        "Open", description="Label of the button that opens the dialog."
    )
    open: bool = Field(False, description="Render the dialog already open.")


# Dialog width: min(560px, 100% - 32px) of the viewport; the close button sits 44px in
# from its right edge and 12px below its top.
_CSS = (
    ".ui-modal__trigger{display:inline-flex;align-items:center;"
    "gap:6px;padding:8px 14px;border-radius:var(--ui-radius-sm);cursor:pointer;"
    "background:var(--ui-accent);color:var(--ui-accent-text);font-weight:600;"
    "list-style:none;user-select:none}"
    ".ui-modal__trigger::-webkit-details-marker{display:none}"
    ".ui-modal__trigger:hover{background:color-mix(in srgb, var(--ui-accent) 88%, var(--ui-text))}"
    ".ui-modal[open]>.ui-modal__trigger::before{content:\"\";position:fixed;inset:0;"
    "z-index:1000;background:rgba(10,12,16,.5);cursor:default}"
    ".ui-modal[open]>.ui-modal__trigger::after{content:\"\\00d7\" / \"\";position:fixed;"
    "z-index:1002;top:calc(12vh + 12px);left:calc(50% + min(280px, 50% - 16px) - 44px);"
    "width:32px;height:32px;display:grid;place-items:center;border-radius:50%;"
    "font-size:22px;line-height:1;color:var(--ui-muted);background:var(--ui-surface-2)}"
    ".ui-modal[open]>.ui-modal__trigger:focus-visible::after{outline:2px solid var(--ui-focus)}"
    ".ui-modal__dialog{position:fixed;z-index:1001;top:12vh;left:0;right:0;margin:0 auto;"
    "width:min(560px, calc(100% - 32px));max-height:76vh;"
    "overflow:auto;display:flex;flex-direction:column;gap:var(--ui-gap);"
    "padding:var(--ui-pad);"
    "background:var(--ui-bg);color:var(--ui-text);border:1px solid var(--ui-border);"
    "border-radius:var(--ui-radius);box-shadow:0 12px 40px rgba(0,0,0,.3)}"
    ".ui-modal__title{margin:0;padding-right:40px;font-size:1.2rem;line-height:1.4;"
    "font-weight:600}"
)

register(Component(
    name="Modal",
    description="A dialog that opens over the page when its trigger button is pressed.",
    props=ModalProps,
    category="layout",
    children="any",
    template=(
        '<details class="ui-modal"{% if props.open %} open{% endif %}>'
        '<summary class="ui-modal__trigger">{{ props.trigger }}</summary>'
        '<div class="ui-modal__dialog" role="dialog" aria-modal="true"'
        ' aria-labelledby="{{ uid }}-title">'
        '<h2 class="ui-modal__title" id="{{ uid }}-title">{{ props.title }}</h2>'
        "{{ children }}</div></details>"
    ),
    css=_CSS,
    example=(
        '<Modal title="Delete project?" trigger="Delete">'
        "<Text>This removes all 12 files.</Text></Modal>"
    ),
    tags=("dialog", "popup", "overlay", "lightbox", "confirm"),
))
