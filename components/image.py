"""Image: a picture in a <figure>, lazily loaded, with alt text and an optional caption."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import ImageUrl


class ImageProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    src: Annotated[ImageUrl, Field(max_length=16384)] = Field(
        description="Image address: https://, a relative path, or a base64 PNG/JPEG/GIF/WebP data URL."
    )
    alt: Annotated[str, Field(max_length=500)] = Field(
        description="What the image shows, for screen readers; empty only when decorative."
    )
    decorative: bool = Field(
        False, description="The image adds nothing to the content; screen readers skip it."
    )
    width: Annotated[int, Field(ge=1, le=4096)] | None = Field(
        None, description="Intrinsic width in pixels; reserves space before it loads."
    )
    height: Annotated[int, Field(ge=1, le=4096)] | None = Field(
        None, description="Intrinsic height in pixels; reserves space before it loads."
    )
    caption: Annotated[str, Field(max_length=500)] | None = Field(
        None, description="Visible text under the image, e.g. a credit or explanation."
    )

    @model_validator(mode="after")
    def _alt_or_decorative(self) -> "ImageProps":
        if not self.alt.strip() and not self.decorative:
            raise ValueError('alt must describe the image; use alt="" only with decorative=true')
        return self


register(Component(
    name="Image",
    description="Shows a picture with alt text and an optional caption.",
    props=ImageProps,
    category="content",
    children="none",
    template=(
        '<figure class="ui-image">'
        '<img class="ui-image__img" src="{{ props.src }}"'
        ' alt="{{ "" if props.decorative else props.alt }}"'
        "{% if props.width %} width=\"{{ props.width }}\"{% endif %}"
        "{% if props.height %} height=\"{{ props.height }}\"{% endif %}"
        ' loading="lazy" decoding="async">'
        "{% if props.caption %}"
        '<figcaption class="ui-image__caption">{{ props.caption }}</figcaption>{% endif %}'
        "</figure>"
    ),
    css=(
        ".ui-image{margin:0;display:flex;flex-direction:column;gap:6px;min-width:0;"
        "width:fit-content;max-width:100%}"
        ".ui-image__img{display:block;max-width:100%;height:auto;"
        "border-radius:var(--ui-radius);background:var(--ui-surface-2)}"
        ".ui-image__caption{color:var(--ui-muted);font-size:.8125rem}"
    ),
    example=(
        '<Image src="https://example.com/team.jpg" alt="The team at the summer offsite"'
        ' width=640 height=360 caption="Offsite, June" />'
    ),
    tags=("picture", "photo", "img", "figure", "media"),
))
