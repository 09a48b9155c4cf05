"""Prop types that components share: actions, state bindings, safe URLs, tones.

``ActionValue`` and ``Binding`` are how the language's ``{...}`` values reach a
props model: an action prop holds the parsed statements (never executed here,
only described to the renderer); a bind prop holds the name of a state variable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import core_schema

Tone = Literal["neutral", "info", "success", "warning", "danger", "accent"]
Size = Literal["sm", "md", "lg"]


@dataclass(frozen=True)
class ActionValue:
    """A parsed action: ``{count = count + 1; send("Added {count}")}``."""

    source: str
    """The statements as written, without the braces."""
    program: Any
    """The parsed statements (``ui4a.lang.expr.Program``)."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler):
        return core_schema.is_instance_schema(cls)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: GetJsonSchemaHandler):
        return {
            "type": "string",
            "format": "ui4a-action",
            "description": "statements in braces: x = expr; toggle(x); send(\"text {x}\"); submit()",
        }


@dataclass(frozen=True)
class Binding:
    """The state variable an input reads and writes: ``bind={guests}``."""

    name: str

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler):
        return core_schema.is_instance_schema(cls)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: GetJsonSchemaHandler):
        return {
            "type": "string",
            "format": "ui4a-binding",
            "description": "a state variable in braces, e.g. {guests}",
        }


_SAFE_URL = re.compile(r"^(?:https?://|mailto:|tel:|/(?!/)|#|\./|\.\./|[A-Za-z0-9_\-][^:]*$)", re.I)
_SAFE_IMAGE_DATA = re.compile(r"^data:image/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$")
# Browsers ignore these inside a scheme ("java\tscript:"), so they are removed before checking.
_IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]")


def check_url(value: str) -> str:
    probe = _IGNORED_IN_URL.sub("", value)
    if probe.startswith("//"):
        raise ValueError("protocol-relative URLs are not allowed; write https://…")
    if not _SAFE_URL.match(probe):
        raise ValueError(
            "URL must be https://, http://, mailto:, tel:, a relative path or #anchor"
        )
    return value


def check_image_url(value: str) -> str:
    if _SAFE_IMAGE_DATA.match(value):
        return value
    return check_url(value)


SafeUrl = Annotated[str, AfterValidator(check_url)]
ImageUrl = Annotated[str, AfterValidator(check_image_url)]
