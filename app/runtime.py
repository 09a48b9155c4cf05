"""Process-wide objects the app's states share: the store, the model source, parse caches.

They live outside Reflex state because they are not per-client data and must not
be serialised with it.
"""

from __future__ import annotations

from functools import lru_cache

from ui4a.lang.nodes import Document
from ui4a.lang.parser import StreamParser
from ui4a.mol.backend import Backend
from ui4a.mol.sources import from_spec
from ui4a.store import Store

# One incremental parser per streaming turn, keyed by turn id.
parsers: dict[str, StreamParser] = {}


@lru_cache(maxsize=1)
def store() -> Store:
    return Store.default()


@lru_cache(maxsize=1)
def backend() -> Backend:
    return from_spec()


@lru_cache(maxsize=256)
def parsed(source: str) -> Document | None:
    """The tree of a complete document (None if it does not parse); shared by re-renders."""
    parser = StreamParser()
    parser.feed(source)
    parser.close()
    return parser.tree() if parser.ok else None
