"""Values between the renderer and the standalone page's runtime: JSON that keeps Python's types.

Plain JSON loses what the expression language can see: ``5`` and ``5.0`` read alike in
JavaScript, integers past 2**53 lose digits, and ``inf`` is not JSON at all. The runtime
(``runtime.js``) keeps ints as BigInt and floats as Number, so the wire form says which is which:

  null, true, false, text      as JSON
  int                          a JSON integer when |n| <= 2**53, else {"i": "digits"}
  float                        a JSON number with a fraction, else {"f": repr} ("5.0", "inf", "-0.0")
  list                         a JSON array
  dict                         {"d": {key: value, …}}

``key`` is the text both sides compare values by (the runtime writes the same): Python's
``json.dumps`` with ``,``/``:`` separators, non-ASCII kept, ``Infinity`` for inf.
"""

from __future__ import annotations

import json
import math
from typing import Any

SAFE_INT = 2**53


def to_wire(value: Any) -> Any:
    """A Python value of the language as its wire form (see the module docstring)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value if -SAFE_INT <= value <= SAFE_INT else {"i": str(value)}
    if isinstance(value, float):
        return value if math.isfinite(value) and not value.is_integer() else {"f": repr(value)}
    if isinstance(value, list):
        return [to_wire(v) for v in value]
    if isinstance(value, dict):
        return {"d": {str(k): to_wire(v) for k, v in value.items()}}
    raise TypeError(f"no wire form for {type(value).__name__}")


def from_wire(data: Any) -> Any:
    """The inverse of :func:`to_wire`."""
    if isinstance(data, list):
        return [from_wire(v) for v in data]
    if isinstance(data, dict):
        if "i" in data:
            return int(data["i"])
        if "f" in data:
            return float(data["f"])
        return {k: from_wire(v) for k, v in data["d"].items()}
    if isinstance(data, float) and data.is_integer():
        return data  # JSON wrote it with a fraction or exponent: a float
    return data


def key(value: Any) -> str:
    """The text that identifies a value with its types (1, 1.0 and true differ)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def script_json(data: Any) -> str:
    """JSON for a ``<script type="application/json">`` block: no ``<`` can end the element early."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).replace("<", "\\u003c")
