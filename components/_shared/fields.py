"""Shared pieces of the input components: common props, option lists, label/hint markup, CSS."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from ui4a.types import Binding

FieldName = Annotated[str, Field(pattern=r"^[a-zA-Z][a-zA-Z0-9_]{0,39}$")]


class FieldProps(BaseModel):
    """Props every form control shares; each input's props model extends this one."""

    model_config = ConfigDict(extra="forbid")

    label: str = Field(max_length=200, description="Visible label of the control")
    bind: Binding | None = Field(
        default=None, description="State variable the control shows and writes, e.g. {qty}"
    )
    name: FieldName | None = Field(
        default=None,
        description="Key of this field in the submitted form values (default: the bound variable, else the label in camelCase)",
    )
    hint: str | None = Field(default=None, max_length=400, description="Help text shown under the control")
    required: bool = Field(default=False, description="The form cannot be submitted while this is empty")
    disabled: bool = Field(default=False, description="Show the control but do not let the user change it")


class Option(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str = Field(max_length=200, description="Text the user sees")
    value: Annotated[str, Field(max_length=200)] | int | float = Field(description="Value stored when chosen")


OptionList = list[Annotated[str, Field(max_length=200)] | Option]
OPTIONS_DESCRIPTION = 'Choices as strings, or {label, value} objects, e.g. ["Small", "Large"]'


def options(items: OptionList) -> list[dict[str, str]]:
    """Both option forms as [{label, value}] with the value as text (how HTML compares it)."""
    out = []
    for item in items:
        if isinstance(item, str):
            out.append({"label": item, "value": item})
        else:
            out.append({"label": item.label, "value": _text(item.value)})
    return out


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def value_text(value: Any) -> str:
    """A state value as an HTML value attribute would hold it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return _text(value)


# Template fragments (plain jinja source, concatenated into each input's template).
NAME_ATTR = (
    "{% set field_name = props.name or (props.bind.name if props.bind else props.label|field_key) %}"
    '{% if field_name %} name="{{ field_name }}"{% endif %}'
)
LABEL = (
    '<label class="ui-field-label" for="{{ uid }}">{{ props.label }}'
    '{% if props.required %}<span class="ui-field-req" aria-hidden="true"> *</span>{% endif %}</label>'
)
HINT = '{% if props.hint %}<p class="ui-field-hint" id="{{ uid }}-hint">{{ props.hint }}</p>{% endif %}'
# id, name, required, disabled, aria-describedby and the binding, for the control element.
CONTROL_ATTRS = (
    ' id="{{ uid }}"' + NAME_ATTR + "{% if props.required %} required{% endif %}"
    "{% if props.disabled %} disabled{% endif %}"
    '{% if props.hint %} aria-describedby="{{ uid }}-hint"{% endif %}'
    "{{ bind_attrs(props.bind) }}"
)

# Single-line controls share one height (a date input, a select and a text input differ
# by up to 5px otherwise), and fields in a Row line up at the top rather than the
# Row's default centre, so labels and boxes align even when one field has a hint.
FIELD_CSS = """
.ui-field { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.ui-field-label { font-size: 14px; font-weight: 600; color: var(--ui-text); }
.ui-field-req { color: var(--ui-danger); }
.ui-field-hint { margin: 0; font-size: 13px; color: var(--ui-muted); }
.ui-field-input { font: inherit; color: var(--ui-text); background: var(--ui-bg); border: 1px solid var(--ui-border); border-radius: var(--ui-radius-sm); padding: 7px 10px; min-height: 36px; width: 100%; }
.ui-field-input:not(textarea) { height: 38px; padding-top: 0; padding-bottom: 0; }
.ui-row--a-center > .ui-field { align-self: flex-start; }
.ui-field-input:hover:not(:disabled) { border-color: var(--ui-muted); }
.ui-field-input:focus-visible { outline: 2px solid var(--ui-focus); outline-offset: 0; border-color: var(--ui-accent); }
.ui-field-input:disabled, .ui-field-check input:disabled { opacity: .55; cursor: not-allowed; }
.ui4a[data-theme="dark"] .ui-field-input, .ui4a[data-theme="dark"] .ui-field-check input { color-scheme: dark; }
.ui-field-input::placeholder { color: var(--ui-muted); opacity: .8; }
.ui-field-check { display: flex; flex-direction: row; align-items: flex-start; gap: 8px; }
.ui-field-check .ui-field-label { font-weight: 500; }
.ui-field-check input { accent-color: var(--ui-accent); width: 18px; height: 18px; margin: 2px 0 0; flex: none; }
.ui-field-check .ui-field-text { display: flex; flex-direction: column; gap: 2px; }
"""

BUTTON_CSS = """
.ui-button { font: inherit; font-size: 14px; font-weight: 600; display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-height: 36px; padding: 7px 16px; border-radius: var(--ui-radius-sm); border: 1px solid transparent; cursor: pointer; align-self: flex-start; line-height: 1.2; }
.ui-button-primary { background: var(--ui-accent); color: var(--ui-accent-text); }
.ui-button-secondary { background: var(--ui-surface); color: var(--ui-text); border-color: var(--ui-border); }
.ui-button-ghost { background: transparent; color: var(--ui-accent); }
.ui-button-danger { background: var(--ui-danger); color: #fff; }
.ui-button:hover:not(:disabled) { filter: brightness(1.08); }
.ui-button-secondary:hover:not(:disabled), .ui-button-ghost:hover:not(:disabled) { background: var(--ui-surface-2); filter: none; }
.ui-button:focus-visible { outline: 2px solid var(--ui-focus); outline-offset: 2px; }
.ui-button:disabled { opacity: .5; cursor: not-allowed; }
"""
