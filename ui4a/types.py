"""Prop types that components share: actions, state bindings, safe URLs, tones.

``ActionValue`` and ``Binding`` are how the language's ``{...}`` values reach a
props model: an action prop holds the parsed statements (never executed here,
only described to the renderer); a bind prop holds the name of a state variable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import core_schema

from ui4a.urls import check_image_url, check_url

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


# Every URL prop goes through the one URL policy (ui4a.urls), which also normalises the value.
SafeUrl = Annotated[str, AfterValidator(check_url)]
ImageUrl = Annotated[str, AfterValidator(check_image_url)]
