"""The build recipe's pieces that need no trained model: encoding, batching, the curriculum."""

from __future__ import annotations

import random

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("tokenizers")

from ui4a.model.train import build as b  # noqa: E402
from ui4a.model.train import data as datagen  # noqa: E402
from ui4a.model.train.sequence import route_sequence, system_prefix, turn_sequence  # noqa: E402

SYSTEM = "You write UI code. Components: <Card>, <Text>, <Stat label= value= />. Answer in code only."


@pytest.fixture(scope="module")
def tokenizer():
    pairs = datagen.generate(300, seed=1)
    return b.train_tokenizer([turn_sequence(SYSTEM, p.request) + p.answer for p in pairs], 600)


def _prefix(tokenizer, system: str) -> list[int]:
    return [tokenizer.bos_token_id, *tokenizer(system_prefix(system), add_special_tokens=False)["input_ids"]]


def test_encode_reads_only_the_turn_but_gives_the_ids_of_the_whole_sequence(tokenizer):
    prefix = _prefix(tokenizer, SYSTEM)
    for p in datagen.generate(100, seed=2):
        for prompt, answer in ((turn_sequence(SYSTEM, p.request), p.answer),
                               (route_sequence(SYSTEM, p.request), p.adapter)):
            whole = tokenizer(prompt + answer, add_special_tokens=False)["input_ids"]
            e = b.encode(tokenizer, len(prefix), prompt, answer, 10_000)
            assert [*prefix[1:], *e.ids] == [*whole, tokenizer.eos_token_id]
            assert e.ids[e.answer_start:-1] == tokenizer(answer, add_special_tokens=False)["input_ids"]
    assert b.encode(tokenizer, len(prefix), turn_sequence(SYSTEM, "x" * 400), "y", 50) is None


def _examples(n: int) -> list[b.Example]:
    rng = random.Random(0)
    return [b.Example([i % 50 + 1] * rng.randint(3, 80), 2) for i in range(n)]


def test_batches_group_similar_lengths_and_cover_every_example():
    examples = _examples(1024)
    batches = b._batches(examples, 16, random.Random(1), pad=0)
    seen, waste = [], 0
    for _ in range(1024 // 16):  # one pass
        ids, labels, mask = next(batches)
        lengths = mask.sum(1)
        waste += int((mask == 0).sum())
        seen += [int(x) for x in lengths]
        assert (labels[:, :2] == -100).all()  # no loss on the prompt
        assert ((labels != -100) <= (mask == 1)).all()
    assert sorted(seen) == sorted(len(e.ids) for e in examples)
    # Unsorted batches of lengths 3..80 pad about a third of their cells; sorted pools far fewer.
    assert waste < 0.05 * sum(seen)


def test_short_curriculum_leaves_every_fourth_step_and_the_rest_to_the_catalog():
    short = b.Short([], [1, 2], steps=8)
    assert [short.takes(s) for s in range(12)] == [True, True, True, False] * 2 + [False] * 4


def test_train_loop_alternates_prefixes_as_the_curriculum_says(monkeypatch):
    seen: list[int] = []

    def fake_loss(model, prefix, ids, labels, mask):
        seen.append(prefix.shape[1])
        return (model.weight * 0).sum() + 1.0

    monkeypatch.setattr(b, "shared_prefix_loss", fake_loss)
    model = torch.nn.Linear(2, 2)
    catalog, bare = list(range(30)), [1, 2]
    b.train_loop(model, list(model.parameters()), _examples(64), 10, 1e-3, 8, 0, 0, lambda _: None, "t",
                 catalog, b.Short(_examples(64), bare, steps=6))
    assert seen == [2, 2, 2, 30, 2, 2, 30, 30, 30, 30]
