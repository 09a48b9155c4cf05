"""Where the stream parser stands at the end of the text fed so far: a public, read-only view.

Decoding guards ask "what is being written right now?" (a tag name, a prop's value, a string,
text between elements) to decide which next tokens to allow. :attr:`StreamParser.cursor
<ui4a.lang.parser.StreamParser.cursor>` answers with a :class:`Cursor`, so no caller reads the
parser's own fields. What is still unconsumed (a half-written component or prop name) is not
in it: like a partial tree, the cursor never shows a name before it is complete.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Mode(Enum):
    """What the next character continues."""

    TEXT = "text"  # between elements (a '<' with nothing after it yet is still text)
    TAG_NAME = "tag name"  # after '<': a component name, maybe half-written
    ATTRS = "attrs"  # in an open tag, between props (a prop name may be half-written)
    AFTER_PROP = "after prop"  # a prop name is complete: '=' or the next prop follows
    BEFORE_VALUE = "before value"  # after '=': the value has not started
    STRING = "string"  # in a prop's quoted string
    ARRAY = "array"  # in a prop's literal [array]
    EXPRESSION = "expression"  # in a prop's {expression}
    INTERPOLATION = "interpolation"  # in a {…} in text
    CLOSING_TAG = "closing tag"  # in '</…>'
    ERROR = "error"  # stopped at a syntax fault: nothing more parses

    @property
    def in_tag(self) -> bool:
        """In an open tag after its name, outside any value."""
        return self in (Mode.ATTRS, Mode.AFTER_PROP, Mode.BEFORE_VALUE)

    @property
    def in_value(self) -> bool:
        """In a value: a prop's string, array or expression, or a text's interpolation."""
        return self in (Mode.STRING, Mode.ARRAY, Mode.EXPRESSION, Mode.INTERPOLATION)


@dataclass(frozen=True)
class Cursor:
    """Where the parser stands; fields that do not apply to ``mode`` keep their defaults."""

    mode: Mode
    depth: int = 0
    """How many elements are open."""
    element: str | None = None
    """The innermost open element's name (in TAG_NAME mode, the parent of the tag being named)."""
    props: tuple[str, ...] = ()
    """The props that element has so far, complete ones only."""
    tag_start: int = 0
    """The offset of the ``<`` that began the last tag (opening or closing)."""
    prop: str | None = None
    """The prop being written: set from AFTER_PROP to the end of its value."""
    value: str = ""
    """The value so far as written, from its opening quote, bracket or brace (in value modes)."""
    value_start: int = 0
    """The offset of the value's first character (in value modes)."""
    quote: str = ""
    """The quote of the string the value stands in, if any ('"' or "'"), nested strings included;
    a ``{…}`` inside a string does not end it."""
