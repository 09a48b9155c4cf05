"""Scoring a model on held-out pairs: validity, structure, exactness, and where it goes wrong."""

from __future__ import annotations

from ui4a.model.train import data as datagen
from ui4a.model.train.heldout import same_structure, score_router, score_ui


class Parrot:
    """A fake model that answers every pair's reference, except the requests it was told to miss."""

    def __init__(self, pairs, wrong: set[str]) -> None:
        self.answers = {p.request: p.answer for p in pairs}
        self.wrong = wrong

    def generate(self, request, adapter, constraint=None, max_new_tokens=300, copy_bias=0.0):
        self.copy_bias = copy_bias
        if request in self.wrong:
            yield '<Text>not what was asked</Text>'
        else:
            yield self.answers[request]

    def route(self, request):
        return ("chat" if request in self.wrong else "ui"), 0.9


def test_scores_count_structure_per_combination():
    _, held = datagen.dataset(200, 120, seed=0)
    ui = [p for p in held if p.adapter == "ui"][:40]
    charts = {p.request for p in ui if "BarChart:quarters" in p.combo}
    assert charts
    parrot = Parrot(held, charts)
    scores = score_ui(parrot, held, constrained=False, limit=40, copy_bias=1.5)
    assert parrot.copy_bias == 1.5
    assert scores.n == 40 and scores.parse_valid == scores.schema_valid == 1.0
    assert scores.structural == scores.exact == 1 - len(charts) / 40
    assert scores.by_combo["BarChart:quarters"] == [0, len(charts)]
    others = {t: v for t, v in scores.by_combo.items() if t != "BarChart:quarters"}
    assert all(hits <= n for hits, n in others.values())
    assert sum(n for _, n in scores.by_combo.values()) >= 40 - sum(not p.combo for p in ui)
    assert scores.as_dict()["by_combo"] == scores.by_combo
    assert score_router(Parrot(held, charts), ui) == 1 - len(charts) / 40


def test_structure_ignores_values_but_not_props_or_nesting():
    ref = '<Card title="A"><Stat label="Total" value=3 /></Card>'
    assert same_structure('<Card title="B"><Stat label="X" value=9 /></Card>', ref)
    assert not same_structure('<Card><Stat label="X" value=9 /></Card>', ref)
    assert not same_structure('<Card title="A"></Card><Stat label="Total" value=3 />', ref)
    assert not same_structure("<Card", ref)
