"""Code: source code or a command, as a block or inline, in a monospace font."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register


class CodeProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    language: Annotated[str, Field(pattern=r"^[a-z0-9+#-]{1,20}$")] | None = Field(
        None, description="Language name shown as a label and set as a class, e.g. python, sql, c++."
    )
    block: bool = Field(
        True, description="A scrollable block of its own; false puts it inline inside text."
    )


register(Component(
    name="Code",
    description="Code or a command in a monospace font; the text between the tags is the code.",
    props=CodeProps,
    category="content",
    children="text",
    keep_whitespace=True,
    template=(
        "{% if props.block %}"
        '<pre class="ui-code"{% if props.language %} data-language="{{ props.language }}"'
        "{% endif %}><code"
        '{% if props.language %} class="language-{{ props.language }}"{% endif %}>'
        "{{ children }}</code></pre>"
        '{% else %}<code class="ui-code-inline">{{ children }}</code>{% endif %}'
    ),
    css=(
        ".ui-code{margin:0;position:relative;padding:12px var(--ui-pad);overflow:auto;"
        "font-family:var(--ui-mono);font-size:.8125rem;line-height:1.55;tab-size:4;"
        "background:var(--ui-surface-2);border:1px solid var(--ui-border);"
        "border-radius:var(--ui-radius);white-space:pre}"
        ".ui-code>code{font:inherit}"
        ".ui-code[data-language]{padding-top:26px}"
        ".ui-code[data-language]::before{content:attr(data-language);position:absolute;"
        "top:5px;right:10px;font-family:var(--ui-font);font-size:.6875rem;"
        "color:var(--ui-muted);text-transform:uppercase;letter-spacing:.04em}"
        ".ui-code-inline{font-family:var(--ui-mono);font-size:.875em;padding:1px 5px;"
        "background:var(--ui-surface-2);border-radius:var(--ui-radius-sm)}"
    ),
    example='<Code language="bash">pip install ui4a</Code>',
    tags=("source", "snippet", "pre", "monospace", "command", "terminal"),
))
