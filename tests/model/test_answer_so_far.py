"""One decoded, parsed view of the answer per step, shared by the guards after the grammar."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("llguidance")

from tests.model.test_ends_within_budget import decode, scripted  # noqa: E402
from ui4a.lang.cursor import Mode  # noqa: E402
from ui4a.model.decode.answer_so_far import AnswerSoFar  # noqa: E402


def test_catches_up_once_per_step_and_feeds_whole_characters_only(tok):
    text = '<Card title="Café ☕"><Text>naïve</Text></Card>'
    ids = tok(text, add_special_tokens=False)["input_ids"]
    w = AnswerSoFar(tok)
    prompt = [tok.bos_token_id, 5, 6]
    for n in range(len(ids) + 1):
        seen = torch.tensor([prompt + ids[:n]])
        assert w.sync(seen) is w and w.sync(seen) is w
        decoded = tok.decode(ids[:n])
        assert w.ids == ids[:n] and w.partial == decoded.endswith("\ufffd")
        if not w.partial:
            assert w.text == decoded
        assert "\ufffd" not in w.text
    assert w.parser.error is None and w.parser.cursor.mode is Mode.TEXT and w.parser.cursor.depth == 0
    with pytest.raises(ValueError, match="batch size 1"):
        w.sync(torch.tensor([prompt, prompt]))


def test_the_three_guards_decode_the_answer_once_per_step(tok, monkeypatch):
    calls = []
    real = tok.decode

    def counting(ids, *a, **kw):
        if isinstance(ids, list) and len(ids) > 1:  # the answer so far, not one token's text
            calls.append(len(ids))
        return real(ids, *a, **kw)

    script = scripted(tok, "<State n=1 /><Text>{n}</Text>", then=tok.eos_token)
    monkeypatch.setattr(tok, "decode", counting)
    text, ended, _ = decode(tok, script, budget=60)
    assert ended and text == "<State n=1 /><Text>{n}</Text>"
    steps = len(tok(text, add_special_tokens=False)["input_ids"])
    # Before, each of the three guards decoded the whole answer at every step.
    assert len(calls) <= steps + 1, calls  # once per step, and the loop's own decode at the end
