"""The safe expression language: tokenizer, parser and evaluator, all UI4A's own.

Expressions compute props and text from UI state; statements (actions) set
state and talk to the agent. Nothing here ever reaches Python's ``eval`` or a
JavaScript engine: the AST below is the whole language, and the evaluator
refuses anything it does not know, with a positioned error.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ui4a.lang.budget import Budget, Oversize, text_size
from ui4a.lang.errors import ExprError, LineIndex, diagnostic_at

MAX_DEPTH = 32
MAX_STRING = 16 * 1024
MAX_LIST = 10_000
# The tallest tree the parser can make: at most six operator chains (one per precedence
# level) and one more node per nesting level. The evaluator recurses once per tree level.
MAX_TREE_DEPTH = 7 * MAX_DEPTH

# ---------------------------------------------------------------- AST


@dataclass(frozen=True)
class Const:
    value: Any
    pos: int


@dataclass(frozen=True)
class Name:
    id: str
    pos: int


@dataclass(frozen=True)
class Template:
    """A string with ``{expr}`` interpolations: parts are str or expression nodes."""

    parts: tuple
    pos: int


@dataclass(frozen=True)
class Array:
    items: tuple
    pos: int


@dataclass(frozen=True)
class Object:
    pairs: tuple  # ((key, node), ...)
    pos: int


@dataclass(frozen=True)
class Unary:
    op: str
    operand: Any
    pos: int


@dataclass(frozen=True)
class Binary:
    """A run of operators of one precedence level, applied left to right: ``a + b - c``.

    ``rest`` holds ``(op, operand, op_pos)`` triples. A chain is one node however long
    it is, so a thousand ``+`` terms make a wide node, never a deep tree.
    """

    first: Any
    rest: tuple
    pos: int


@dataclass(frozen=True)
class Cond:
    test: Any
    then: Any
    other: Any
    pos: int


@dataclass(frozen=True)
class Member:
    obj: Any
    name: str
    pos: int


@dataclass(frozen=True)
class Index:
    obj: Any
    index: Any
    pos: int


@dataclass(frozen=True)
class Call:
    func: str
    args: tuple
    pos: int


@dataclass(frozen=True)
class Assign:
    target: str
    value: Any
    pos: int


@dataclass(frozen=True)
class Program:
    """Statements separated by ``;`` — an action, or a single expression."""

    statements: tuple
    pos: int

    @property
    def expression(self) -> Any | None:
        """The lone expression, when the program is exactly one non-assignment."""
        if len(self.statements) == 1 and not isinstance(self.statements[0], Assign):
            return self.statements[0]
        return None


# ---------------------------------------------------------------- tokens

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<number>(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<op>==|!=|<=|>=|&&|\|\||[-+*/%!<>?:.,;()\[\]{}=])
  | (?P<bad>.)
    """,
    re.VERBOSE | re.DOTALL,
)
_KEYWORDS = {"true": True, "false": False, "null": None}


@dataclass(frozen=True)
class Token:
    kind: str  # number | ident | string | op | end
    text: str
    pos: int


def tokenize(source: str, base: int, index: LineIndex) -> list[Token]:
    tokens: list[Token] = []
    for m in _TOKEN.finditer(source):  # every character matches some group, "bad" last
        kind = m.lastgroup
        if kind == "ws":
            continue
        if kind == "bad":
            ch = m.group()
            hint = ' (strings need a closing quote)' if ch in "\"'" else ""
            raise _error(index, base + m.start(), f"unexpected character {ch!r} in expression{hint}",
                         "an operator, a value or a name")
        tokens.append(Token(kind, m.group(), base + m.start()))
    tokens.append(Token("end", "", base + len(source)))
    return tokens


def _error(index: LineIndex, offset: int, message: str, expected: str | None = None,
           code: str = "expr") -> ExprError:
    return ExprError(diagnostic_at(index, offset, code, message, expected))


# ---------------------------------------------------------------- strings

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "{": "{",
            "}": "}", "<": "<", ">": ">", "/": "/"}


def parse_string_body(body: str, base: int, index: LineIndex, depth: int = 0) -> Any:
    """Decode a string literal's body (between the quotes) into Const or Template.

    ``base`` is the absolute offset of the body's first character.
    """
    if len(body) > MAX_STRING:
        raise _error(index, base, f"string is longer than {MAX_STRING} characters", "a shorter string")
    parts: list[Any] = []
    buf: list[str] = []
    i, n = 0, len(body)
    while i < n:
        ch = body[i]
        if ch == "\\":
            if i + 1 >= n:
                raise _error(index, base + i, "a backslash must be followed by a character")
            nxt = body[i + 1]
            if nxt == "u":
                hexdigits = body[i + 2:i + 6]
                if not re.fullmatch(r"[0-9a-fA-F]{4}", hexdigits):
                    raise _error(index, base + i, "\\u must be followed by four hex digits", "\\uXXXX")
                buf.append(chr(int(hexdigits, 16)))
                i += 6
                continue
            if nxt not in _ESCAPES:
                raise _error(index, base + i, f"unknown escape \\{nxt}",
                             "one of \\n \\t \\\\ \\\" \\' \\{ \\} \\uXXXX")
            buf.append(_ESCAPES[nxt])
            i += 2
        elif ch == "{":
            close = _find_interp_end(body, i + 1)
            if close < 0:
                raise _error(index, base + i, "interpolation '{' is not closed in this string",
                             "'}' (or write \\{ for a literal brace)")
            inner = body[i + 1:close]
            if not inner.strip():
                raise _error(index, base + i, "empty interpolation '{}'", "an expression inside { }")
            if buf:
                parts.append("".join(buf))
                buf = []
            parts.append(parse_expression(inner, base + i + 1, index, depth + 1))
            i = close + 1
        elif ch == "}":
            raise _error(index, base + i, "unexpected '}' in string", "\\} for a literal brace")
        else:
            j = i
            while j < n and body[j] not in "\\{}":
                j += 1
            buf.append(body[i:j])
            i = j
    if buf:
        parts.append("".join(buf))
    if all(isinstance(p, str) for p in parts):
        return Const("".join(parts), base - 1)
    return Template(tuple(parts), base - 1)


def _find_interp_end(body: str, start: int) -> int:
    depth, i, quote = 0, start, ""
    while i < len(body):
        ch = body[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            if depth == 0:
                return i
            depth -= 1
        i += 1
    return -1


# ---------------------------------------------------------------- parser


class _Parser:
    """Recursive descent over one token list, one method per precedence level."""

    def __init__(self, tokens: list[Token], index: LineIndex, depth: int) -> None:
        self.tokens = tokens
        self.i = 0
        self.index = index
        self.depth = depth

    # token stream helpers, after jinja's TokenStream
    @property
    def current(self) -> Token:
        return self.tokens[self.i]

    def look(self) -> Token:
        return self.tokens[min(self.i + 1, len(self.tokens) - 1)]

    def next(self) -> Token:
        tok = self.tokens[self.i]
        if tok.kind != "end":
            self.i += 1
        return tok

    def skip_if(self, text: str) -> bool:
        if self.current.kind == "op" and self.current.text == text:
            self.i += 1
            return True
        return False

    def expect(self, text: str, context: str) -> Token:
        tok = self.current
        if tok.kind == "op" and tok.text == text:
            self.i += 1
            return tok
        raise self.fail(tok, f"expected '{text}' {context}, found {_describe(tok)}", f"'{text}'")

    def fail(self, tok: Token, message: str, expected: str | None = None) -> ExprError:
        return _error(self.index, tok.pos, message, expected)

    def enter(self, tok: Token) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _error(self.index, tok.pos, f"expression nested deeper than {MAX_DEPTH} levels",
                         "a flatter expression", code="limit")

    # grammar
    def parse_program(self) -> Program:
        start = self.current.pos
        statements = []
        while self.current.kind != "end":
            statements.append(self.parse_statement())
            if not self.skip_if(";"):
                break
        if self.current.kind != "end":
            raise self.fail(self.current, f"unexpected {_describe(self.current)}",
                            "';' between statements, or an operator")
        if not statements:
            raise self.fail(self.current, "empty expression", "an expression or statement inside { }")
        return Program(tuple(statements), start)

    def parse_statement(self) -> Any:
        tok = self.current
        if tok.kind == "ident" and self.look().kind == "op" and self.look().text == "=":
            if tok.text in _KEYWORDS:
                raise self.fail(tok, f"cannot assign to {tok.text}", "a state name")
            self.i += 2
            return Assign(tok.text, self.parse_expr(), tok.pos)
        return self.parse_expr()

    def parse_expr(self) -> Any:
        tok = self.current
        self.enter(tok)
        test = self.parse_binary()
        if self.skip_if("?"):
            then = self.parse_expr()
            self.expect(":", "in a conditional 'a ? b : c'")
            other = self.parse_expr()
            test = Cond(test, then, other, tok.pos)
        self.depth -= 1
        return test

    # Binding strength of each binary operator: higher binds tighter.
    _LEVEL = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4,
              "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}

    def _level(self) -> int:
        tok = self.current
        return self._LEVEL.get(tok.text, 0) if tok.kind == "op" else 0

    def parse_binary(self) -> Any:
        """Precedence climbing: operands in a loop, so a chain's length costs no recursion
        (the recursion is over the six precedence levels only), one call per operand."""
        return self._climb(self.parse_unary(), 1)

    def _climb(self, first: Any, lowest: int) -> Any:
        """Extend ``first`` with every operator of level ``lowest`` or above: a run of one
        level becomes one Binary; a tighter operator takes the operand before it first."""
        while (level := self._level()) >= lowest:
            rest = []
            while self._level() == level:
                op = self.next()
                operand = self.parse_unary()
                if self._level() > level:
                    operand = self._climb(operand, level + 1)
                rest.append((op.text, operand, op.pos))
            first = Binary(first, tuple(rest), rest[0][2])
        return first

    def parse_unary(self) -> Any:
        tok = self.current
        if tok.kind == "op" and tok.text in ("!", "-"):
            self.next()
            self.enter(tok)
            operand = self.parse_unary()
            self.depth -= 1
            if tok.text == "-" and isinstance(operand, Const) and _is_number(operand.value):
                return Const(-operand.value, tok.pos)
            return Unary(tok.text, operand, tok.pos)
        return self.parse_postfix()

    def parse_postfix(self) -> Any:
        """A value and its accessors; each ``.name``, ``[i]`` or call nests the tree one level,
        so each counts toward MAX_DEPTH like any other nesting."""
        node = self.parse_primary()
        entered = 0
        while True:
            tok = self.current
            if tok.kind != "op" or tok.text not in (".", "[", "("):
                self.depth -= entered
                return node
            self.enter(tok)
            entered += 1
            if self.skip_if("."):
                name = self.next()
                if name.kind != "ident":
                    raise self.fail(name, f"expected a field name after '.', found {_describe(name)}", "a name")
                node = Member(node, name.text, tok.pos)
            elif self.skip_if("["):
                index = self.parse_expr()
                self.expect("]", "to close the index")
                node = Index(node, index, tok.pos)
            else:
                if not isinstance(node, Name):
                    raise self.fail(tok, "only named functions can be called", "a function name before '('")
                self.next()
                args = self.parse_list(")", "function arguments")
                node = Call(node.id, tuple(args), node.pos)

    def parse_list(self, close: str, what: str) -> list[Any]:
        items: list[Any] = []
        while not self.skip_if(close):
            items.append(self.parse_expr())
            if not self.skip_if(","):
                self.expect(close, f"to close the {what}")
                break
        return items

    def parse_primary(self) -> Any:
        tok = self.next()
        if tok.kind == "number":
            return Const(_number(tok.text), tok.pos)
        if tok.kind == "string":
            return parse_string_body(tok.text[1:-1], tok.pos + 1, self.index, self.depth)
        if tok.kind == "ident":
            if tok.text in _KEYWORDS:
                return Const(_KEYWORDS[tok.text], tok.pos)
            return Name(tok.text, tok.pos)
        if tok.kind == "op" and tok.text == "(":
            node = self.parse_expr()
            self.expect(")", "to close '('")
            return node
        if tok.kind == "op" and tok.text == "[":
            self.enter(tok)
            items = self.parse_list("]", "array")
            self.depth -= 1
            return _fold_array(items, tok.pos)
        if tok.kind == "op" and tok.text == "{":
            self.enter(tok)
            node = self.parse_object(tok)
            self.depth -= 1
            return node
        raise self.fail(tok, f"expected a value, found {_describe(tok)}",
                        "a number, string, name, [array], {object} or (expression)")

    def parse_object(self, open_tok: Token, value: Any = None) -> Any:
        parse_value = value or self.parse_expr
        pairs: list[tuple[str, Any]] = []
        seen: set[str] = set()
        while not self.skip_if("}"):
            key_tok = self.next()
            if key_tok.kind == "ident":
                key = key_tok.text
            elif key_tok.kind == "string":
                key_node = parse_string_body(key_tok.text[1:-1], key_tok.pos + 1, self.index, self.depth)
                if not isinstance(key_node, Const):
                    raise self.fail(key_tok, "object keys cannot interpolate", "a plain key")
                key = key_node.value
            else:
                raise self.fail(key_tok, f"expected an object key, found {_describe(key_tok)}",
                                "a name or string followed by ':'")
            if key in seen:
                raise self.fail(key_tok, f"duplicate key {key!r} in object", "each key once")
            seen.add(key)
            self.expect(":", f"after the key {key!r}")
            pairs.append((key, parse_value()))
            if not self.skip_if(","):
                self.expect("}", "to close the object")
                break
        if all(isinstance(v, Const) for _, v in pairs):
            return Const({k: v.value for k, v in pairs}, open_tok.pos)
        return Object(tuple(pairs), open_tok.pos)


    def parse_literal(self) -> Any:
        """The literal grammar only — no operators — which is also much faster for data."""
        tok = self.next()
        kind, text = tok.kind, tok.text
        if kind == "number":
            return Const(_number(text), tok.pos)
        if kind == "string":
            return parse_string_body(text[1:-1], tok.pos + 1, self.index, self.depth)
        if kind == "ident" and text in _KEYWORDS:
            return Const(_KEYWORDS[text], tok.pos)
        if kind == "op":
            if text == "-" and self.current.kind == "number":
                return Const(-_number(self.next().text), tok.pos)
            if text == "[":
                self.enter(tok)
                items = []
                while not self.skip_if("]"):
                    items.append(self.parse_literal())
                    if not self.skip_if(","):
                        self.expect("]", "to close the array")
                        break
                self.depth -= 1
                return _fold_array(items, tok.pos)
            if text == "{":
                self.enter(tok)
                node = self.parse_object(tok, value=self.parse_literal)
                self.depth -= 1
                return node
        raise self.fail(tok, "arrays written without braces may hold only literal values",
                        "a literal, or wrap the whole value in { } to compute it")


def _fold_array(items: list[Any], pos: int) -> Any:
    # Constant arrays become one Const so literal props are plain data.
    if all(isinstance(item, Const) for item in items):
        return Const([item.value for item in items], pos)
    return Array(tuple(items), pos)


def _describe(tok: Token) -> str:
    return "the end of the expression" if tok.kind == "end" else repr(tok.text)


def _number(text: str) -> int | float:
    value = float(text)
    if not math.isfinite(value):
        return value
    if re.fullmatch(r"\d+", text) and len(text) < 16:
        return int(text)
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def parse_program(source: str, base: int, index: LineIndex, depth: int = 0) -> Program:
    """Parse the inside of ``{…}``: one expression, or action statements."""
    return _Parser(tokenize(source, base, index), index, depth).parse_program()


def parse_expression(source: str, base: int, index: LineIndex, depth: int = 0) -> Any:
    program = parse_program(source, base, index, depth)
    expr = program.expression
    if expr is None:
        first = program.statements[0]
        pos = first.pos if len(program.statements) == 1 else program.statements[1].pos
        raise _error(index, pos, "expected a single expression here, not statements",
                     "an expression such as {count * 2}")
    return expr


def parse_literal(source: str, base: int, index: LineIndex) -> Any:
    """Parse a literal value (string, number, keyword, array, object); returns its AST node."""
    parser = _Parser(tokenize(source, base, index), index, 0)
    node = parser.parse_literal()
    if parser.current.kind != "end":
        raise parser.fail(parser.current, f"unexpected {_describe(parser.current)} after the value",
                          "',' between items, or the end of the value")
    return node


# ---------------------------------------------------------------- evaluation

PURE_FUNCTIONS = ("round", "fixed", "min", "max", "abs", "len", "sum", "upper", "lower", "join",
                  "str", "num")
ACTION_FUNCTIONS = ("send", "toggle", "submit")


def children(node: Any) -> list[Any]:
    """The AST nodes directly below ``node``."""
    if isinstance(node, Template):
        return [p for p in node.parts if not isinstance(p, str)]
    if isinstance(node, Array):
        return list(node.items)
    if isinstance(node, Object):
        return [v for _, v in node.pairs]
    if isinstance(node, Unary):
        return [node.operand]
    if isinstance(node, Binary):
        return [node.first, *(operand for _, operand, _ in node.rest)]
    if isinstance(node, Cond):
        return [node.test, node.then, node.other]
    if isinstance(node, Member):
        return [node.obj]
    if isinstance(node, Index):
        return [node.obj, node.index]
    if isinstance(node, Call):
        return list(node.args)
    if isinstance(node, Assign):
        return [node.value]
    if isinstance(node, Program):
        return list(node.statements)
    return []


def walk(node: Any):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(children(n)))


def names_in(node: Any) -> list[tuple[str, int]]:
    """Every state name the node reads or writes, with its offset (for the validator)."""
    out: list[tuple[str, int]] = []
    for n in walk(node):
        if isinstance(n, Name):
            out.append((n.id, n.pos))
        elif isinstance(n, Assign):
            out.append((n.target, n.pos))
    return out


def calls_in(node: Any) -> list[Call]:
    return [n for n in walk(node) if isinstance(n, Call)]


class Evaluator:
    """Evaluates expressions against a state dict; every fault is a positioned ExprError.

    It recurses once per level of the tree, and the parser makes trees at most
    ``MAX_TREE_DEPTH`` levels high (operator chains are wide nodes, not deep ones); a
    deeper tree built by hand is refused, never a RecursionError. Every value it makes
    (text, lists, objects) is measured before it is built and charged to ``budget``,
    which the caller shares across one document (``ui4a.lang.budget``).
    """

    def __init__(self, state: dict[str, Any], index: LineIndex | None = None,
                 budget: Budget | None = None) -> None:
        self.state = state
        self.index = index or LineIndex()
        self.budget = budget if budget is not None else Budget()
        self._depth = 0

    def fail(self, node: Any, message: str, expected: str | None = None) -> ExprError:
        return _error(self.index, node.pos, message, expected)

    def eval(self, node: Any) -> Any:
        method = getattr(self, f"_eval_{type(node).__name__}", None)
        if method is None:
            raise self.fail(node, f"{type(node).__name__} is not an expression")
        if self._depth >= MAX_TREE_DEPTH:
            raise self.fail(node, f"expression tree is deeper than {MAX_TREE_DEPTH} levels", "a flatter expression")
        self._depth += 1
        try:
            return method(node)
        finally:
            self._depth -= 1

    def show(self, node: Any) -> Any:
        """Evaluate a value that will be shown (a prop, an interpolation); its text size is charged
        to the budget too, so references to one long value cost what they show."""
        value = self.eval(node)
        self._charge(node, value)
        return value

    def _charge(self, node: Any, value: Any) -> None:
        try:
            self.budget.spend(text_size(value))
        except Oversize as exc:
            raise _error(self.index, node.pos, str(exc), "fewer or shorter values", code="limit") from None

    def _made(self, node: Any, value: Any) -> Any:
        """A value evaluation made: strings stay within MAX_STRING, and its size is charged."""
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise self._too_long(node)
        self._charge(node, value)
        return value

    def _too_long(self, node: Any) -> ExprError:
        return _error(self.index, node.pos, f"text grows past {MAX_STRING} characters (the limit for one string)",
                      "shorter text", code="limit")

    def text(self, node: Any, value: Any) -> str:
        """``to_text(value)``, refused (at ``node``) before it is built if it would pass MAX_STRING."""
        if isinstance(value, list | dict):
            try:
                text_size(value, cap=MAX_STRING)
            except Oversize:
                raise self._too_long(node) from None
        text = to_text(value)
        if len(text) > MAX_STRING:
            raise self._too_long(node)
        return text

    def _eval_Const(self, node: Const) -> Any:
        return node.value

    def _eval_Name(self, node: Name) -> Any:
        if node.id not in self.state:
            raise self.fail(node, f"unknown state '{node.id}'", f"declare it: <State {node.id}=… />")
        return self.state[node.id]

    def _eval_Template(self, node: Template) -> str:
        out: list[str] = []
        size = 0
        for part in node.parts:
            piece = part if isinstance(part, str) else self.text(part, self.eval(part))
            size += len(piece)
            if size > MAX_STRING:
                raise self._too_long(node)
            out.append(piece)
        return self._made(node, "".join(out))

    def _eval_Array(self, node: Array) -> list:
        return self._made(node, [self.eval(i) for i in node.items])

    def _eval_Object(self, node: Object) -> dict:
        return self._made(node, {k: self.eval(v) for k, v in node.pairs})

    def _eval_Unary(self, node: Unary) -> Any:
        value = self.eval(node.operand)
        if node.op == "!":
            return not truthy(value)
        return -self._num(node.operand, value, "'-'")

    def _eval_Cond(self, node: Cond) -> Any:
        return self.eval(node.then) if truthy(self.eval(node.test)) else self.eval(node.other)

    def _eval_Member(self, node: Member) -> Any:
        obj = self.eval(node.obj)
        if isinstance(obj, dict) and node.name in obj:
            return obj[node.name]
        if isinstance(obj, list | str) and node.name == "length":
            return len(obj)
        raise self.fail(node, f"no field '{node.name}' on {type_name(obj)}", "an existing field")

    def _eval_Index(self, node: Index) -> Any:
        obj, key = self.eval(node.obj), self.eval(node.index)
        if isinstance(obj, list | str) and isinstance(key, int) and not isinstance(key, bool):
            if -len(obj) <= key < len(obj):
                return obj[key]
            raise self.fail(node, f"index {key} is out of range for length {len(obj)}")
        if isinstance(obj, dict) and isinstance(key, str) and key in obj:
            return obj[key]
        raise self.fail(node, f"cannot index {type_name(obj)} with {preview(key)!r}")

    def _eval_Binary(self, node: Binary) -> Any:
        """A chain, left to right in a loop: ``a && b && c`` stops at the first falsy value."""
        value, left_pos = self.eval(node.first), node.first.pos
        for op, operand, pos in node.rest:
            if op == "&&":
                if not truthy(value):
                    return value
                value = self.eval(operand)
            elif op == "||":
                if truthy(value):
                    return value
                value = self.eval(operand)
            else:
                value = self._apply(op, _At(pos), value, _At(left_pos), self.eval(operand), operand)
            left_pos = pos
        return value

    def _apply(self, op: str, at: _At, left: Any, left_at: _At, right: Any, operand: Any) -> Any:
        if op == "==":
            return left == right
        if op == "!=":
            return left != right
        if op == "+" and (isinstance(left, str) or isinstance(right, str)):
            return self._made(at, self.text(at, left) + self.text(at, right))
        if op in ("<", "<=", ">", ">=") and isinstance(left, str) and isinstance(right, str):
            return _compare(op, left, right)
        a = self._num(left_at, left, f"'{op}'")
        b = self._num(operand, right, f"'{op}'")
        if op in ("<", "<=", ">", ">="):
            return _compare(op, a, b)
        if op == "+":
            return self._finite(at, op, a + b)
        if op == "-":
            return self._finite(at, op, a - b)
        if op == "*":
            return self._finite(at, op, a * b)
        if b == 0:
            raise self.fail(at, f"division by zero in '{op}'", "a non-zero divisor")
        if op == "%" and isinstance(a, float) and math.isinf(a):  # math.fmod refuses it; the result is not a number
            return self._finite(at, op, math.nan)
        return self._finite(at, op, a / b if op == "/" else math.fmod(a, b))

    def _finite(self, at: Any, op: str, value: int | float) -> int | float:
        if isinstance(value, float):
            if not math.isfinite(value):
                raise self.fail(at, f"'{op}' gives a number too large to show")
            return round(value, 12)  # keeps 0.1 + 0.2 readable
        if abs(value) > 10**18:
            raise self.fail(at, f"'{op}' gives a number too large to show")
        return value

    def _num(self, node: Any, value: Any, where: str) -> int | float:
        if _is_number(value):
            return value
        raise self.fail(node, f"{where} needs a number, got {type_name(value)} {preview(value)!r}",
                        "a number (use num(x) to convert text)")

    def _eval_Call(self, node: Call) -> Any:
        if node.func in ACTION_FUNCTIONS:
            raise self.fail(node, f"{node.func}() is an action; use it only in an action prop such as action={{…}}")
        fn = getattr(self, f"_fn_{node.func}", None)
        if fn is None:
            raise self.fail(node, f"unknown function '{node.func}'",
                            "one of " + ", ".join(PURE_FUNCTIONS))
        return fn(node, [self.eval(a) for a in node.args])

    def _arity(self, node: Call, args: list, low: int, high: int) -> None:
        if not low <= len(args) <= high:
            want = str(low) if low == high else f"{low} to {high}"
            raise self.fail(node, f"{node.func}() takes {want} arguments, got {len(args)}")

    def _digits(self, node: Call, value: Any) -> int:
        """A count of decimals as an int, clamped first so that inf is a count like any other."""
        return int(max(-1, min(self._num(node, value, f"{node.func}()"), 11)))

    def _fn_round(self, node: Call, args: list) -> Any:
        self._arity(node, args, 1, 2)
        digits = self._digits(node, args[1]) if len(args) == 2 else 0
        value = round(self._num(node, args[0], "round()"), max(0, min(digits, 10)))
        if digits > 0 or isinstance(value, int):
            return value
        if not math.isfinite(value):
            raise self.fail(node, "round() needs a finite number", "a number")
        return int(value)

    def _fn_fixed(self, node: Call, args: list) -> str:
        self._arity(node, args, 2, 2)
        digits = max(0, min(self._digits(node, args[1]), 10))
        return f"{self._num(node, args[0], 'fixed()'):.{digits}f}"

    def _fn_min(self, node: Call, args: list) -> Any:
        values = self._numbers(node, args)
        return min(values)

    def _fn_max(self, node: Call, args: list) -> Any:
        values = self._numbers(node, args)
        return max(values)

    def _numbers(self, node: Call, args: list) -> list:
        if len(args) == 1 and isinstance(args[0], list):
            args = args[0]
        if not args:
            raise self.fail(node, f"{node.func}() needs at least one number")
        return [self._num(node, a, f"{node.func}()") for a in args]

    def _fn_abs(self, node: Call, args: list) -> Any:
        self._arity(node, args, 1, 1)
        return abs(self._num(node, args[0], "abs()"))

    def _fn_len(self, node: Call, args: list) -> int:
        self._arity(node, args, 1, 1)
        if isinstance(args[0], list | str | dict):
            return len(args[0])
        raise self.fail(node, f"len() needs text or a list, got {type_name(args[0])}")

    def _fn_sum(self, node: Call, args: list) -> Any:
        self._arity(node, args, 1, 1)
        if not isinstance(args[0], list):
            raise self.fail(node, f"sum() needs a list, got {type_name(args[0])}")
        # Booleans count as 1 and 0, so sum([mon, tue, wed]) counts the days ticked. Added left to
        # right in a loop (the built-in sum() compensates float error from Python 3.12 on), and
        # bounded like '+', so every Python and the standalone page's runtime agree.
        total: int | float = 0
        for v in args[0]:
            total = total + (int(v) if isinstance(v, bool) else self._num(node, v, "sum()"))
        return self._finite(node, "sum()", total)

    def _fn_upper(self, node: Call, args: list) -> str:
        self._arity(node, args, 1, 1)
        return self._made(node, self.text(node, args[0]).upper())

    def _fn_lower(self, node: Call, args: list) -> str:
        self._arity(node, args, 1, 1)
        return self._made(node, self.text(node, args[0]).lower())

    def _fn_join(self, node: Call, args: list) -> str:
        self._arity(node, args, 1, 2)
        if not isinstance(args[0], list):
            raise self.fail(node, f"join() needs a list, got {type_name(args[0])}")
        sep = self.text(node, args[1]) if len(args) == 2 else ", "
        out: list[str] = []
        size = 0
        for i, item in enumerate(args[0]):
            piece = (sep if i else "") + self.text(node, item)
            size += len(piece)
            if size > MAX_STRING:
                raise self._too_long(node)
            out.append(piece)
        return self._made(node, "".join(out))

    def _fn_str(self, node: Call, args: list) -> str:
        self._arity(node, args, 1, 1)
        return self._made(node, self.text(node, args[0]))

    def _fn_num(self, node: Call, args: list) -> Any:
        self._arity(node, args, 1, 1)
        value = args[0]
        if _is_number(value):
            return value
        try:
            return _number(self.text(node, value).strip())
        except ValueError:
            return 0

    # ---- actions: return the effects instead of performing them

    def run(self, program: Program) -> list[tuple[str, Any]]:
        """Apply an action program to ``self.state``; returns its effects in order.

        Effects are ("set", (name, value)), ("send", text) and ("submit", None).
        """
        effects: list[tuple[str, Any]] = []
        for stmt in program.statements:
            if isinstance(stmt, Assign):
                if stmt.target not in self.state:
                    raise self.fail(stmt, f"unknown state '{stmt.target}'",
                                    f"declare it: <State {stmt.target}=… />")
                value = self.eval(stmt.value)
                self.state[stmt.target] = value
                effects.append(("set", (stmt.target, value)))
            elif isinstance(stmt, Call) and stmt.func == "toggle":
                if len(stmt.args) != 1 or not isinstance(stmt.args[0], Name):
                    raise self.fail(stmt, "toggle() takes one state name, e.g. toggle(open)")
                name = stmt.args[0].id
                value = not truthy(self.eval(stmt.args[0]))
                self.state[name] = value
                effects.append(("set", (name, value)))
            elif isinstance(stmt, Call) and stmt.func == "send":
                self._arity(stmt, list(stmt.args), 1, 1)
                effects.append(("send", self.text(stmt, self.eval(stmt.args[0]))))
            elif isinstance(stmt, Call) and stmt.func == "submit":
                self._arity(stmt, list(stmt.args), 0, 0)
                effects.append(("submit", None))
            else:
                raise self.fail(stmt, "an action statement must set state or call send(), toggle() or submit()",
                                'name = expr; toggle(name); send("text"); submit()')
        return effects


def truthy(value: Any) -> bool:
    return value not in (None, False, 0, "", [], {}) and value == value


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if _is_number(value):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def to_text(value: Any) -> str:
    """How a value reads as text: lists joined with ", ", objects as "key: value" pairs.

    Built with an explicit stack, so a deep value cannot exhaust Python's; callers that
    take values from a document bound their size first (``Evaluator.text``, ``text_size``).
    """
    if not isinstance(value, list | dict):
        return _scalar_text(value)
    out: list[str] = []
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Piece):
            out.append(item)
        elif isinstance(item, list):
            parts: list[Any] = []
            for i, v in enumerate(item):
                parts += [_Piece(", "), v] if i else [v]
            stack.extend(reversed(parts))
        elif isinstance(item, dict):
            parts = []
            for i, (k, v) in enumerate(item.items()):
                parts += [_Piece(f"{', ' if i else ''}{k}: "), v]
            stack.extend(reversed(parts))
        else:
            out.append(_scalar_text(item))
    return "".join(out)


class _Piece(str):
    """Literal output (a separator or a key) while :func:`to_text` flattens a value."""


def _scalar_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return repr(round(value, 10))
    return str(value)


def preview(value: Any, limit: int = 60) -> str:
    """A value's text for an error message: short, and never built when the value is large."""
    try:
        text_size(value, cap=limit)
    except Oversize:
        return f"({type_name(value)} too long to show)"
    return to_text(value)


@dataclass(frozen=True)
class _At:
    """A position where there is no node of its own (an operator in a chain)."""

    pos: int


def _compare(op: str, a: Any, b: Any) -> bool:
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
