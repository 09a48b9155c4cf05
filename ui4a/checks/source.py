"""Where the UI under test comes from: compact code as written, or a model source's answer to a request.

Either way it becomes a live standalone page (``ui4a.render.html.render_page``): the page a
browser checks runs its state as the app would. Faults are one line each: the positioned
errors of code that does not validate, a model that fails or does not finish in time.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ui4a.render.html import Page, render_page
from ui4a.validate import check


class SourceError(Exception):
    """The UI could not be had or rendered; the message says why (positioned when it is the code)."""


def page_for(source: str, state: dict[str, Any] | None = None, theme: str = "light", title: str = "UI4A") -> Page:
    """The live standalone page of compact code; SourceError lists its first faults with their positions."""
    report = check(source)
    if not report.ok:
        faults = "; ".join(f"{d.line}:{d.col}: {d.message}" for d in report.diagnostics[:3])
        more = len(report.diagnostics) - 3
        raise SourceError(f"the UI does not validate: {faults}" + (f" (and {more} more)" if more > 0 else ""))
    assert report.document is not None
    return render_page(report.document, state, theme=theme, title=title)


def answer(request: str, model: Any, timeout_s: float) -> str:
    """A model source's answer to ``request`` (routed, checked and repaired as in ``ui4a chat``).

    ``model`` is a model spec (``scripted:PATH``, ``openai:URL``, ``local``, …) or a Backend.
    """
    from ui4a.model import turn
    from ui4a.model.backends.base import BackendError, Message
    from ui4a.model.backends.factory import from_spec

    if not request.strip():
        raise SourceError("no request to ask the model (give the check file a 'request')")
    try:
        backend = from_spec(model) if isinstance(model, str) or model is None else model
        # A thread of its own: Playwright's sync API may own this thread's event loop.
        with ThreadPoolExecutor(1) as pool:
            done = pool.submit(asyncio.run, asyncio.wait_for(turn.run(backend, [Message("user", request)]),
                                                             timeout_s)).result()
    except TimeoutError:
        raise SourceError(f"the model did not finish its answer within {timeout_s:g} s") from None
    except BackendError as exc:
        raise SourceError(f"the model failed: {exc}") from None
    if done.route.adapter != "ui":
        raise SourceError(f"the model answered with text (route {done.route.adapter}), not a UI")
    return done.output
