"""``ui4a new-component``: write a new, working component module from a name.

The file it writes is a complete component — a props model, a template, CSS, an
example and one ``register(...)`` call — so dropping it into a package that the
registry imports (the built-in ``components`` package imports every module in its
folder) puts it in the catalog prompt, the validator, the renderer and the test
table with no other edit. Before anything is written the generated code is run
once (a dry run: registered, its example checked and rendered, then unregistered),
and the file is written atomically, so a failure never leaves half a file.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shlex
import sys
import types
from pathlib import Path
from typing import get_args

from ui4a import atomic, registry
from ui4a.component import CATEGORIES
from ui4a.lang import writer
from ui4a.types import Tone

CHILD_POLICIES = ("none", "text", "inline", "any")


class ScaffoldError(Exception):
    """The component cannot be scaffolded; the message is one line, fit for a user."""


# ------------------------------------------------------------------ names


def snake_name(name: str) -> str:
    """``PriceTag`` -> ``price_tag``, ``KPIBox`` -> ``kpi_box`` (the module's file name)."""
    return _split(name, "_")


def kebab_name(name: str) -> str:
    """``PriceTag`` -> ``price-tag`` (the CSS class after ``ui-``)."""
    return _split(name, "-")


def _split(name: str, sep: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", sep, name).lower()


def default_directory() -> Path:
    """The folder of the built-in ``components`` package."""
    package = importlib.import_module("components")
    return Path(package.__file__).resolve().parent  # type: ignore[arg-type]


def check_name(name: str) -> None:
    """Raise :class:`ScaffoldError` unless ``name`` is a free, valid component name."""
    if not isinstance(name, str) or not registry.NAME_RE.match(name):
        raise ScaffoldError(
            f"component name {name!r} must be PascalCase: a capital letter, then ASCII "
            "letters or digits, 2-40 characters in all (e.g. 'PriceTag')"
        )
    if name in registry.RESERVED_NAMES:
        raise ScaffoldError(f"component name {name!r} is reserved by the language; choose another")


def _registered_file(name: str) -> tuple[bool, Path | None]:
    """Whether ``name`` is registered, and the file that defines it (when known)."""
    try:
        comp = registry.get(name)
    except Exception as exc:  # a broken component module elsewhere; say so, in one line
        raise ScaffoldError(f"cannot load the registered components to check the name: "
                            f"{type(exc).__name__}: {_first_line(exc)}") from exc
    if comp is None:
        return False, None
    module = sys.modules.get(comp.props.__module__)
    file = getattr(module, "__file__", None)
    return True, Path(file).resolve() if file else None


# ------------------------------------------------------------------ the generated module


def example_for(name: str, children: str = "none") -> str:
    """The starter example in compact code: a valid document that uses the component."""
    words = kebab_name(name).replace("-", " ")
    props = [("title", words[:1].upper() + words[1:]), ("subtitle", "Updated today"), ("tone", "info")]
    content = {
        "none": [],
        "text": [writer.text("Everything is on track.")],
        "inline": [writer.text("Everything is on track.")],
        "any": [writer.element("Text", children=[writer.text("Everything is on track.")])],
    }[children]
    return writer.element(name, props, content)


def render_module(name: str, category: str = "content", children: str = "none") -> str:
    """The source of the component module for ``name`` (not written anywhere)."""
    kebab = kebab_name(name)
    cls = f"ui-{kebab}"
    tags = tuple(dict.fromkeys(kebab.split("-")))
    tags_src = ", ".join(_q(t) for t in tags) + ("," if len(tags) == 1 else "")

    content = {
        "none": ".",
        "text": "; its content is plain text.",
        "inline": "; its content is text and inline components.",
        "any": "; it can hold any other components.",
    }[children]
    description = f"{name}: a titled block with an optional subtitle and an edge coloured by tone{content}"

    body_tag = "div" if children == "any" else "p"
    body = (
        f'{{% if children %}}<{body_tag} class="{cls}__body">{{{{ children }}}}</{body_tag}>{{% endif %}}\n'
        if children != "none" else ""
    )
    template = (
        f'<div class="{cls} {cls}--{{{{ props.tone }}}}" id="{{{{ uid }}}}" role="group" '
        f'aria-labelledby="{{{{ uid }}}}-title">\n'
        f'<h3 class="{cls}__title" id="{{{{ uid }}}}-title">{{{{ props.title }}}}</h3>\n'
        f'{{% if props.subtitle %}}<p class="{cls}__subtitle">{{{{ props.subtitle }}}}</p>{{% endif %}}\n'
        f"{body}"
        "</div>\n"
    )

    var = f"--{cls}-tone"
    css_lines = [
        f".{cls} {{ display: flex; flex-direction: column; gap: 4px; padding: var(--ui-pad); "
        f"border: 1px solid var(--ui-border); border-left: 4px solid var({var}); "
        "border-radius: var(--ui-radius); background: var(--ui-surface); color: var(--ui-text); min-width: 0; }",
        f".{cls}__title {{ margin: 0; font-size: 1rem; font-weight: 600; line-height: 1.3; }}",
        f".{cls}__subtitle {{ margin: 0; color: var(--ui-muted); font-size: .875rem; }}",
    ]
    if children == "any":
        css_lines.append(f".{cls}__body {{ display: flex; flex-direction: column; "
                         "gap: var(--ui-gap); min-width: 0; }")
    elif children != "none":
        css_lines.append(f".{cls}__body {{ margin: 0; }}")
    css_lines += [f".{cls}--{tone} {{ {var}: var(--ui-{tone}); }}" for tone in get_args(Tone)]

    example = example_for(name, children)

    children_doc = {
        "none": "It takes no children (self-closing only).",
        "text": "Its children are plain text, shown under the title.",
        "inline": "Its children are text and inline components, shown under the title.",
        "any": "Its children may be any components, laid out in a column under the title.",
    }[children]

    return f'''"""{name}: a titled block with an optional subtitle and an edge coloured by tone.

Scaffolded by `ui4a new-component`; make it yours by editing the props, the
template and the CSS.
{children_doc}

The props model is the component's whole interface: the catalog prompt, the
JSON schema and the validator are generated from it, so give every prop a
description. TEMPLATE is jinja2 (autoescaped) and sees `props` (the validated
model), `uid` (a unique DOM id) and `children` (the rendered children). CSS
uses only the theme's variables (var(--ui-...)). The live app renders the
template's HTML as Reflex elements (ui4a.render.reflex): the template is the
component's Reflex builder too, so the app and headless HTML never drift apart.
"""

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Tone


class {name}Props(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(max_length=200, description="Heading shown at the top of the block.")
    subtitle: str | None = Field(
        None, max_length=300, description="One muted line under the title, e.g. a date or a count."
    )
    tone: Tone = Field(
        "neutral", description="Colours the left edge by meaning: success for done, warning for pending, etc."
    )


TEMPLATE = """{template}"""

CSS = """
{chr(10).join(css_lines)}
"""

register(
    Component(
        name={_q(name)},
        description={_q(description)},
        props={name}Props,
        template=TEMPLATE,
        category={_q(category)},
        children={_q(children)},
        css=CSS,
        example={_q(example)},
        tags=({tags_src}),
    )
)
'''


def _q(text: str) -> str:
    """A Python string literal: double quotes, unless the text holds one (and no single quote)."""
    if '"' in text and "'" not in text:
        return repr(text)  # repr picks single quotes here
    return json.dumps(text)


# ------------------------------------------------------------------ scaffolding


def scaffold(name: str, category: str = "content", children: str = "none",
             directory: str | os.PathLike[str] | None = None, force: bool = False) -> Path:
    """Write ``DIR/<snake_name>.py`` for component ``name`` and return its path.

    Raises :class:`ScaffoldError` (and writes nothing) for a bad or taken name, an
    unknown category or children policy, a missing directory, an existing file
    without ``force``, or an I/O failure.
    """
    check_name(name)
    if category not in CATEGORIES:
        raise ScaffoldError(f"category {category!r} must be one of {', '.join(CATEGORIES)}")
    if children not in CHILD_POLICIES:
        raise ScaffoldError(f"children {children!r} must be one of {', '.join(CHILD_POLICIES)}")
    folder = Path(directory) if directory is not None else default_directory()
    if not folder.is_dir():
        raise ScaffoldError(f"directory {folder} does not exist")
    target = folder / f"{snake_name(name)}.py"

    taken, defined_in = _registered_file(name)
    # A component may be re-scaffolded over its own file with force; any other is taken.
    if taken and not (force and defined_in is not None and defined_in == target.resolve()):
        where = f" (defined in {defined_in})" if defined_in else ""
        raise ScaffoldError(f"component {name!r} is already registered{where}; choose another name")
    if target.exists() and not force:
        raise ScaffoldError(f"{target} already exists; use --force to overwrite it")

    source = render_module(name, category, children)
    _dry_run(name, source, target)
    _write_atomic(target, source)
    return target


def _dry_run(name: str, source: str, target: Path) -> None:
    """Run the generated module once: it must register, and its example check and render."""
    from ui4a.render.html import render_source
    from ui4a.validate import check

    previous = registry.get(name)
    registry.unregister(name)
    module = types.ModuleType(f"_ui4a_scaffold_{snake_name(name)}")
    try:
        # our own generated code; dont_inherit keeps this module's __future__ flags out of it
        exec(compile(source, str(target), "exec", dont_inherit=True), module.__dict__)
        comp = registry.get(name)
        if comp is None:
            raise ScaffoldError(f"internal error: the generated {name} did not register")
        report = check(comp.example)
        if not report.ok:
            raise ScaffoldError(f"internal error: the generated example is invalid: {report.format(name).splitlines()[0]}")
        render_source(comp.example, standalone=True)
    except ScaffoldError:
        raise
    except Exception as exc:
        raise ScaffoldError(f"internal error: the generated {name} failed its dry run: "
                            f"{type(exc).__name__}: {_first_line(exc)}") from exc
    finally:
        registry.unregister(name)
        if previous is not None:
            registry.register(previous)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else ""


def _write_atomic(target: Path, text: str) -> None:
    """Write via a temporary file in the same folder and rename over the target."""
    try:
        atomic.write_text(target, text)
    except OSError as exc:
        raise ScaffoldError(f"cannot write {target}: {exc.strerror or exc}") from exc


def next_steps(name: str, path: Path, children: str = "none") -> str:
    """What to do after scaffolding, as printed by the CLI."""
    example = example_for(name, children)
    lines = [
        "next steps:",
        f"  1. edit {path.name}: the props model ({name}Props), TEMPLATE, CSS and the example",
        f"  2. echo {shlex.quote(example)} | ui4a check -   # after edits, check its example; `ui4a catalog` lists it",
        "  3. python -m pytest tests/test_components.py   # run the tests: the per-component table includes it",
    ]
    try:
        builtin = path.resolve().parent == default_directory()
    except Exception:
        builtin = False
    if not builtin:
        lines.append(f"  note: {path.parent} is not the built-in components folder; the registry finds "
                     "it only if a package listed under the 'ui4a.components' entry-point group imports it")
    return "\n".join(lines)
