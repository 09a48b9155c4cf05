"""Shared fixtures: the repository's paths and the examples as data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent

# Hypothesis profiles: "ci" (the default) gives each property a fixed, small number of examples,
# so the fuzz suite takes the same short time on every run; "long" is for a deliberate search:
# UI4A_FUZZ=long pytest tests/test_fuzz_hostile.py  (or --hypothesis-profile=long).
settings.register_profile("ci", max_examples=40, deadline=None, derandomize=False,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("UI4A_FUZZ", "ci"))
EXAMPLES = sorted((ROOT / "examples").glob("*.ui"))


@pytest.fixture(autouse=True, scope="session")
def _own_data_dir(tmp_path_factory):
    """Traces and conversations written by tests go to a temporary store, never the checkout's."""
    import os

    from ui4a import harness

    os.environ["UI4A_DATA_DIR"] = str(tmp_path_factory.mktemp("ui4a-data"))
    os.environ.pop(harness.ENV, None)
    harness.reload()
    yield


@pytest.fixture(scope="session")
def browser():
    """One Chromium for the whole run (Playwright's sync API allows one instance per thread)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from ui4a.checks.browser import launch

    with sync_api.sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def example_sources() -> list[tuple[str, str]]:
    return [(p.stem, p.read_text(encoding="utf-8")) for p in EXAMPLES]


def run_async(coro):
    """Run a coroutine to completion in a fresh thread: Playwright's sync API may own this thread's loop."""
    import asyncio
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
