"""The playground's refusals and the gallery editor's verdicts, without a browser."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

pytest.importorskip("reflex")

from app import state  # noqa: E402
from app.pages.gallery import editor_verdict  # noqa: E402
from ui4a.model.backends.base import Message  # noqa: E402
from ui4a.model.backends.scripted import ScriptedBackend  # noqa: E402
from ui4a.validate import check  # noqa: E402


class SmallContext(ScriptedBackend):
    def context_fault(self, messages: Sequence[Message]) -> str | None:
        n = len(messages[-1].content)
        return f"the request is too long: {n} tokens of the 50 the model takes" if n > 50 else None


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(state.runtime, "backend", lambda: SmallContext({}, rate=0))


def test_refusals_name_the_limit(small):
    assert state.refusal("hello", []) is None
    assert state.refusal("x" * 60, []) == ("message: the request is too long: 60 tokens of the 50 the model takes; "
                                           "nothing was sent")
    assert state.refusal("x" * 5000, []) == ("message: it is 5000 characters, over the limit of 4000 "
                                             "(session.max_message_chars); nothing was sent")
    assert state.refusal("a\x00", []) == ("message: it contains control character U+0000 at character 2 "
                                          "(binary data?); nothing was sent")


@pytest.mark.parametrize(
    "source",
    [
        "<Text>{" + "+".join(["1"] * 500) + "}</Text>",
        "<State a=[1] />\n<Text>{a" + "[0]" * 1000 + "}</Text>",
        "<Stack>" * 40,
        f'<State a="{"x" * 16000}" />\n' + "<Text>{a}</Text>" * 100,
        '<Link href="java\\tscript:x">x</Link>',
        "<Card titel='x' />",
    ],
)
def test_the_editor_says_what_check_says(source):
    errors, html = editor_verdict(source)
    report = check(source)
    assert errors == [f"{d.line}:{d.col}: {d.message}" for d in report.diagnostics]
    assert (html is not None) == report.ok
