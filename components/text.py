"""Text: a paragraph of body text."""

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Size, Tone


class TextProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tone: Tone | None = Field(
        None, description="Colour the text to signal status, e.g. danger for an error line."
    )
    size: Size = Field("md", description="sm for fine print, lg for a headline number or lead.")
    muted: bool = Field(False, description="Grey, secondary text such as hints or timestamps.")
    strong: bool = Field(False, description="Bold, for a key figure or phrase.")


register(Component(
    name="Text",
    description="A paragraph of text; the text between the tags is the content.",
    props=TextProps,
    category="content",
    children="inline",
    template=(
        '<p class="ui-text ui-text--{{ props.size }}'
        "{% if props.tone %} ui-text--{{ props.tone }}{% endif %}"
        "{% if props.muted %} ui-text--muted{% endif %}"
        '{% if props.strong %} ui-text--strong{% endif %}">{{ children }}</p>'
    ),
    css=(
        ".ui-text{margin:0;overflow-wrap:anywhere}"
        ".ui-text--sm{font-size:.8125rem}.ui-text--lg{font-size:1.25rem;line-height:1.35}"
        ".ui-text--muted{color:var(--ui-muted)}.ui-text--strong{font-weight:650}"
        + "".join(
            f".ui-text--{t}{{color:color-mix(in srgb, var(--ui-{t}) 80%, var(--ui-text))}}"
            for t in ("neutral", "info", "success", "warning", "danger", "accent")
        )
    ),
    example='<Text size="lg" strong>$12,400</Text>',
    tags=("paragraph", "body", "copy", "label", "p"),
))
