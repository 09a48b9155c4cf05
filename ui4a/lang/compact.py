"""The canonical, compact form of a document: no whitespace between tags.

Whitespace between two tags that contains a line break carries no meaning in the
language (as in JSX, the parser drops it), so indentation is only for people.
A model writes the compact form, and the benchmark counts it.
"""

from __future__ import annotations

import re

from ui4a.lang.errors import UI4AError
from ui4a.lang.parser import parse

_BETWEEN_TAGS = re.compile(r">[ \t\r]*\n\s*<")


def compact(source: str) -> str:
    """``source`` with inter-tag line breaks and indentation removed; the same document."""
    candidate = _BETWEEN_TAGS.sub("><", source.strip())
    try:
        if parse(candidate).to_data() != parse(source).to_data():
            return source  # never change meaning to save a token
    except UI4AError:
        return source
    return candidate
