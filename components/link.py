"""Link: an inline hyperlink to a safe URL; its text is the element's content."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import SafeUrl


class LinkProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    href: Annotated[SafeUrl, Field(min_length=1, max_length=2048)] = Field(
        description="Where the link goes: https://, mailto:, tel:, a relative path or #anchor."
    )
    external: bool = Field(
        False, description="Open in a new tab, for sites outside the app (marked for screen readers)."
    )


register(Component(
    name="Link",
    description="An inline hyperlink; the text between the tags is the link text.",
    props=LinkProps,
    category="content",
    inline=True,
    children="text",
    template=(
        '<a class="ui-link{% if props.external %} ui-link--external{% endif %}"'
        ' href="{{ props.href }}"'
        '{% if props.external %} target="_blank" rel="noopener noreferrer"{% endif %}>'
        "{{ children }}"
        '{% if props.external %}<span class="ui-sr-only"> (opens in a new tab)</span>{% endif %}'
        "</a>"
    ),
    css=(
        ".ui-link{color:var(--ui-accent);text-decoration:underline;"
        "text-decoration-thickness:1px;text-underline-offset:2px;overflow-wrap:anywhere}"
        ".ui-link:hover{text-decoration-thickness:2px}"
        ".ui-link--external::after{content:\"\\2197\" / \"\";font-size:.8em;margin-left:2px}"
    ),
    example='<Link href="https://example.com/guide" external>Read the setup guide</Link>',
    tags=("anchor", "href", "url", "hyperlink", "a"),
))
