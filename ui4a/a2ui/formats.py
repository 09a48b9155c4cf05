"""A2UI's own compact inference formats, written by the official SDK's decompilers.

Express (a DSL of ``name = Component(args)`` lines) and Elemental (HTML-like
elements) are the formats A2UI's SDK gives models to write instead of JSON; the
benchmark counts them beside UI4A's compact code, from the same exported messages.
"""

from __future__ import annotations

from a2ui.inference_formats import to_message_models
from a2ui.inference_formats.experimental.elemental import ElementalDecompiler
from a2ui.inference_formats.express import ExpressDecompiler

from ui4a.a2ui.catalog import catalog


def express(messages: list[dict], version: str = "0.9") -> str:
    """The messages in A2UI Express."""
    return ExpressDecompiler([catalog(version)]).decompile(to_message_models(messages))


def elemental(messages: list[dict], version: str = "0.9") -> str:
    """The messages in A2UI Elemental."""
    return ElementalDecompiler([catalog(version)]).decompile(to_message_models(messages))
