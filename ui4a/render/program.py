"""Expression trees as JSON for the standalone page's runtime.

The runtime does not parse the language: the one parser is ``ui4a.lang.expr``. It receives
the parsed tree of every expression and action, each node an array that starts with its kind
and its offset in the document (errors point there):

  ["c", pos, value]                 constant (a wire value, ``ui4a.render.wire``)
  ["n", pos, name]                  state name
  ["t", pos, part, …]               template: text parts are strings, the rest are nodes
  ["a", pos, item, …]               array
  ["o", pos, [key, node], …]        object
  ["u", pos, op, operand]           unary ! or -
  ["b", pos, first, [op, node, op_pos], …]   a chain of one precedence level
  ["?", pos, test, then, other]     conditional
  [".", pos, obj, name]             member
  ["[", pos, obj, index]            index
  ["f", pos, func, arg, …]          call
  ["=", pos, name, value]           assignment (actions)
  ["p", pos, statement, …]          program (actions)
"""

from __future__ import annotations

from typing import Any

from ui4a.lang import expr as ex
from ui4a.render.wire import to_wire


def encode(node: Any) -> list:
    """A parsed expression or program as the runtime's JSON tree."""
    if isinstance(node, ex.Const):
        return ["c", node.pos, to_wire(node.value)]
    if isinstance(node, ex.Name):
        return ["n", node.pos, node.id]
    if isinstance(node, ex.Template):
        return ["t", node.pos, *(p if isinstance(p, str) else encode(p) for p in node.parts)]
    if isinstance(node, ex.Array):
        return ["a", node.pos, *(encode(i) for i in node.items)]
    if isinstance(node, ex.Object):
        return ["o", node.pos, *([k, encode(v)] for k, v in node.pairs)]
    if isinstance(node, ex.Unary):
        return ["u", node.pos, node.op, encode(node.operand)]
    if isinstance(node, ex.Binary):
        return ["b", node.pos, encode(node.first), *([op, encode(v), pos] for op, v, pos in node.rest)]
    if isinstance(node, ex.Cond):
        return ["?", node.pos, encode(node.test), encode(node.then), encode(node.other)]
    if isinstance(node, ex.Member):
        return [".", node.pos, encode(node.obj), node.name]
    if isinstance(node, ex.Index):
        return ["[", node.pos, encode(node.obj), encode(node.index)]
    if isinstance(node, ex.Call):
        return ["f", node.pos, node.func, *(encode(a) for a in node.args)]
    if isinstance(node, ex.Assign):
        return ["=", node.pos, node.target, encode(node.value)]
    if isinstance(node, ex.Program):
        return ["p", node.pos, *(encode(s) for s in node.statements)]
    raise TypeError(f"{type(node).__name__} is not an expression node")
