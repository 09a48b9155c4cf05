"""Shared fixtures: the repository's paths and the examples as data."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.ui"))


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def example_sources() -> list[tuple[str, str]]:
    return [(p.stem, p.read_text(encoding="utf-8")) for p in EXAMPLES]
