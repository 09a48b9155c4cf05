"""A2UI dynamic values (literals, data paths, function calls) → compact-code values.

A value becomes a literal, an ``Expr`` (``{contactName}``, ``{fixed(price, 2)}``) or a
``Raw`` template string (``"Hi {name}"``). What has no UI4A equivalent returns
``None`` with the reason, and the caller warns with the component's id.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ui4a.lang import writer
from ui4a.lang.writer import Expr, Raw

Reader = Callable[[str], str]
"""A data path (absolute or relative) → the expression that reads it."""

CURRENCY = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "CNY": "¥"}
_FORMAT_PART = re.compile(r"(?<!\\)\$\{([^{}]*)\}")


class Unsupported(Exception):
    """A value with no UI4A form; the message says what was lost."""


def is_path(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("path"), str) and set(value) <= {"path"}


def is_call(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("call"), str)


def convert(value: Any, read: Reader) -> Any:
    """A prop value: literal, ``Expr`` or ``Raw``; raises :class:`Unsupported`."""
    if is_path(value):
        return Expr(read(value["path"]))
    if is_call(value):
        return call(value, read)
    if isinstance(value, dict) and set(value) >= {"path"}:
        raise Unsupported(f"a binding with extra fields {sorted(set(value) - {'path'})}")
    return value


def expression(value: Any, read: Reader) -> str:
    """Any value as expression source (for use inside a bigger expression)."""
    v = convert(value, read)
    if isinstance(v, Expr):
        return str(v)
    if isinstance(v, Raw):
        return str(v)
    return writer.value(v)


def parts(value: Any, read: Reader) -> list[str | Expr]:
    """Text as literal parts and ``Expr`` parts: for content between tags or a template."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return [writer.number(value)]
    if is_call(value) and value["call"] == "formatString":
        return format_string(_arg(value, "value"), read)
    if is_call(value) and value["call"] == "ui4aFormat":
        raise Unsupported("ui4aFormat")  # handled by the caller as written UI4A text
    v = convert(value, read)
    if isinstance(v, Expr | Raw):
        return [Expr(v)]
    if v is None or isinstance(v, bool):
        return [writer.value(v)]
    raise Unsupported(f"a {type(v).__name__} shown as text")


def format_string(template: Any, read: Reader) -> list[str | Expr]:
    """``"Hi ${/name}, ${formatNumber(…)}"`` → ["Hi ", Expr("name"), …]."""
    if not isinstance(template, str):
        raise Unsupported("formatString without a string value")
    out: list[str | Expr] = []
    pos = 0
    for m in _FORMAT_PART.finditer(template):
        if m.start() > pos:
            out.append(template[pos:m.start()].replace("\\${", "${"))
        inner = m.group(1).strip()
        if re.fullmatch(r"/?[^()\s:,]+", inner):
            out.append(Expr(read(inner)))
        else:
            raise Unsupported(f"formatString expression ${{{inner}}}")
        pos = m.end()
    if pos < len(template):
        out.append(template[pos:].replace("\\${", "${"))
    return out


def call(value: dict, read: Reader) -> Any:
    """A function call → an expression, where UI4A's language can say it."""
    name = value["call"]
    args = value.get("args") if isinstance(value.get("args"), dict) else {}

    def arg(key: str) -> str:
        if key not in args:
            raise Unsupported(f"{name} without {key}")
        return expression(args[key], read)

    if name == "formatString":
        return Raw(writer.template(format_string(args.get("value"), read)))
    if name == "ui4aExpr":
        return Expr(_arg(value, "expr"))
    if name == "ui4aFormat":
        return Raw('"' + _arg(value, "value").replace('"', '\\"') + '"')
    if name == "formatNumber":
        digits = args.get("decimals", args.get("maxFractionDigits"))
        return Expr(f"fixed({arg('value')}, {int(digits)})" if isinstance(digits, int) else arg("value"))
    if name == "formatCurrency":
        code = args.get("currency", "USD")
        symbol = CURRENCY.get(code, f"{code} ") if isinstance(code, str) else "$"
        return Expr(f"{writer.string(symbol)} + fixed({arg('value')}, 2)")
    if name == "formatDate":
        return Expr(arg("value"))
    if name == "pluralize":
        one = args.get("one", "")
        other = args.get("other", one)
        return Expr(f"{arg('value')} == 1 ? {expression(one, read)} : {expression(other, read)}")
    if name in ("and", "or"):
        items = args.get("values")
        if not isinstance(items, list) or not items:
            raise Unsupported(f"{name} without values")
        op = " && " if name == "and" else " || "
        return Expr(op.join(f"({expression(v, read)})" for v in items))
    if name == "not":
        return Expr(f"!({arg('value')})")
    raise Unsupported(f"the function {name}()")


def _arg(value: dict, key: str) -> str:
    args = value.get("args")
    v = args.get(key) if isinstance(args, dict) else None
    if not isinstance(v, str) or not v.strip():
        raise Unsupported(f"{value.get('call')} without args.{key}")
    return v
