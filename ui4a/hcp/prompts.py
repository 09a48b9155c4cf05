"""Prompt templates: jinja2 (sandboxed, undefined names are errors), inline or in a file.

A template is rendered with ``catalog`` (the catalog prompt for the allowed
components), ``components`` (their names) and ``harness`` (name and version).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from ui4a.hcp.manifest import Manifest, Prompt

_ENV = SandboxedEnvironment(undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False)


class PromptError(Exception):
    """A template that cannot be read, parsed or rendered; ``key`` is 'template' or 'file'."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def source(prompt: Prompt, root: Path) -> tuple[str, str]:
    """The template's text and the key it came from ('template' or 'file')."""
    if prompt.file is not None:
        path = Path(prompt.file) if Path(prompt.file).is_absolute() else root / prompt.file
        try:
            return path.read_text(encoding="utf-8"), "file"
        except FileNotFoundError as exc:
            raise PromptError("file", f"template file {prompt.file!r} does not exist") from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise PromptError("file", f"cannot read template file {prompt.file!r}: {exc}") from exc
    return prompt.template or "", "template"


def context(components: list[str] | None, harness: dict[str, Any]) -> dict[str, Any]:
    from ui4a import catalog, registry

    return {"catalog": catalog.prompt(components), "components": components or registry.names(),
            "harness": harness}


def render(prompt: Prompt, root: Path, ctx: dict[str, Any]) -> str:
    text, key = source(prompt, root)
    try:
        template = _ENV.from_string(text)
    except jinja2.TemplateSyntaxError as exc:
        raise PromptError(key, f"template line {exc.lineno}: {exc.message}") from exc
    try:
        return template.render(**ctx)
    except jinja2.TemplateError as exc:
        raise PromptError(key, f"template does not render: {exc.message or exc}") from exc


def render_all(manifest: Manifest) -> dict[str, str]:
    """Every prompt of a validated manifest, rendered, by id."""
    ctx = context(manifest.allowed(), {"name": manifest.harness.name, "version": manifest.harness.version})
    return {pid: render(p, manifest.root, ctx) for pid, p in sorted(manifest.prompts.items())}
