"""The running harness: the one manifest every part of UI4A reads its configuration from.

The manifest is ``$UI4A_HARNESS`` when set, else ``harness.toml`` in the working
directory, else the project's own ``harness.toml``. It is loaded once per process
and checked whole: a faulty manifest is refused with every positioned fault and
nothing of it is used (:class:`ui4a.hcp.ManifestError`). From it come the model
source with its router and decoding settings, the system prompt, the component
allow-list, the session limits, the theme and where traces are stored.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from ui4a.hcp.load import DEFAULT_NAME, ManifestError, load
from ui4a.hcp.manifest import Harness, Manifest

ENV = "UI4A_HARNESS"
PROJECT_MANIFEST = Path(__file__).resolve().parents[1] / DEFAULT_NAME


def manifest_path() -> Path | None:
    """Where the active manifest is read from (None: no manifest anywhere, the defaults apply)."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    for candidate in (Path.cwd() / DEFAULT_NAME, PROJECT_MANIFEST):
        if candidate.is_file():
            return candidate
    return None


@cache
def current() -> Manifest:
    """The active manifest, checked; raises ManifestError listing every positioned fault."""
    path = manifest_path()
    if path is None:
        return Manifest(harness=Harness(name="ui4a", version="0.0.0"))
    try:
        return load(path)
    except OSError as exc:
        raise ManifestError(path, [(1, 1, f"cannot read the manifest: {exc.strerror or exc}")]) from exc


@cache
def revision() -> str:
    """The lock revision of the active manifest and everything it names (see ``ui4a hcp lock``)."""
    from ui4a.hcp.lock import revision as digest
    from ui4a.hcp.lock import snapshot

    return digest(snapshot(current()))


def reload() -> None:
    """Forget the loaded manifest (after it was changed, e.g. by ``ui4a rsi promote``)."""
    current.cache_clear()
    revision.cache_clear()
    system_prompt.cache_clear()


@cache
def system_prompt() -> str:
    """The active manifest's system prompt (cached)."""
    return render_system(current())


def render_system(m: Manifest) -> str:
    """A manifest's `system` prompt template rendered; the catalog prompt when it has none."""
    from ui4a import catalog
    from ui4a.hcp import prompts

    if "system" not in m.prompts:
        return catalog.prompt(m.allowed())
    ctx = prompts.context(m.allowed(), {"name": m.harness.name, "version": m.harness.version})
    return prompts.render(m.prompts["system"], m.root, ctx)


def data_dir(manifest: Manifest | None = None) -> Path:
    """The session data directory; ``$UI4A_DATA_DIR`` overrides the manifest."""
    m = manifest or current()
    return Path(os.environ["UI4A_DATA_DIR"]) if os.environ.get("UI4A_DATA_DIR") else m.resolve(m.session.data_dir)


def store(manifest: Manifest | None = None):
    """The SQLite store of conversations and traces, with the manifest's size limit."""
    from ui4a.store import DB_NAME, Store

    m = manifest or current()
    where = m.resolve(m.rsi.trace_store) if m.rsi.trace_store else data_dir(m) / DB_NAME
    return Store(where, max_bytes=m.session.max_state_bytes)


def adapter_version(adapter: str | None, manifest: Manifest | None = None) -> str | None:
    m = manifest or current()
    found = m.model.adapters.get(adapter or "")
    return found.version if found else None
