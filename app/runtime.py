"""Process-wide objects the app's states share: the store, the model source, parse caches.

All of them are configured by the active harness manifest (``ui4a.harness``).

They live outside Reflex state because they are not per-client data and must not
be serialised with it.
"""

from __future__ import annotations

import os
import time
from functools import lru_cache

from ui4a import harness
from ui4a.lang.nodes import Document
from ui4a.lang.parser import StreamParser
from ui4a.model.backends.base import Backend
from ui4a.model.backends.factory import from_spec
from ui4a.store import Store


@lru_cache(maxsize=1)
def store() -> Store:
    return harness.store()


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


# UI4A_STREAM_LOG=path records when each chunk leaves the model interface (for bench/app_latency.py).
_STREAM_LOG = os.environ.get("UI4A_STREAM_LOG")


def log_chunk(conversation: str, index: int) -> None:
    if _STREAM_LOG:
        with open(_STREAM_LOG, "a", encoding="utf-8") as fh:
            fh.write(f"{time.time():.6f} {conversation} {index}\n")
