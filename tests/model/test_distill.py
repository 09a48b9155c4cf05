"""Rejection sampling: sampled rows under the grammar, the reward, and best-of-k."""

from __future__ import annotations

import pytest

from ui4a.mend import mend
from ui4a.model.train import distill
from ui4a.validate import check

REQUEST = "bar chart of sales: North 120, South 80, East 45"


def test_the_reward_prefers_the_answer_that_shows_what_was_asked():
    whole = '<BarChart data=[["North",120],["South",80],["East",45]] title="Sales" />'
    partial = '<BarChart data=[["North",120],["South",80]] title="Sales" />'
    made_up = '<BarChart data=[["North",120],["South",80],["West",99]] title="Sales" />'
    scores = {name: distill.reward(REQUEST, a) for name, a in
              (("whole", whole), ("partial", partial), ("made_up", made_up))}
    assert scores["whole"] > scores["partial"] > 0
    assert scores["whole"] > scores["made_up"] > 0
    assert distill.faithfulness(REQUEST, whole) == 1.0
    assert distill.faithfulness(REQUEST, made_up) == pytest.approx(4 / 6)  # West and 99 were never said
    assert distill.coverage(REQUEST, whole) > distill.coverage(REQUEST, partial)


def test_an_answer_that_does_not_validate_scores_nothing():
    assert distill.reward(REQUEST, '<BarChart data=[["North",120]] colour="red" />') == 0.0
    assert distill.reward(REQUEST, '<BarChart data=[["North",') == 0.0


def test_asking_words_are_not_terms_of_the_request():
    numbers, words = distill.request_terms("Please show a table of my invoices: Acme 1,200 and Globex 75.50")
    assert numbers == {1200.0, 75.5}
    assert words == {"invoices", "acme", "globex"}


def test_sampled_rows_are_reproducible_valid_and_leave_greedy_rows_alone(tiny_model):
    from ui4a.model.decode.mask import grammar_constraint

    request = "a table of orders with columns item and price"
    greedy = "".join(tiny_model.generate(request, "ui", constraint=grammar_constraint(tiny_model.tokenizer),
                                         max_new_tokens=80))

    def batch(seed: int) -> list[str]:
        return tiny_model.generate_batch([request] * 4, ["ui"] * 4, max_new_tokens=80,
                                         constraints=[grammar_constraint(tiny_model.tokenizer) for _ in range(4)],
                                         temperatures=[0.0, 1.5, 1.5, 1.5], seed=seed)

    first, again, other = batch(7), batch(7), batch(8)
    assert first == again  # the same seed, the same samples
    assert first[0] == greedy  # a row at temperature 0 decodes as it would alone
    assert len(set(first[1:] + other[1:])) > 1  # sampling does sample
    for answer in first + other:  # sampled under the grammar: it parses; mended as every turn is: it validates
        assert check(answer).document is not None, answer
        assert mend(answer).report.ok, answer


def test_best_of_keeps_the_greedy_answer_unless_a_sample_scores_higher(tiny_model):
    choice = distill.best_of(tiny_model, REQUEST, k=3, temperature=1.2, seed=3, max_new_tokens=80,
                             reference='<BarChart data=[["North",120],["South",80],["East",45]] />')
    assert len(choice.answers) == len(choice.rewards) == 3
    assert choice.rewards[choice.best] == max(choice.rewards)
    assert choice.best == 0 or choice.rewards[choice.best] > choice.rewards[0]
    assert all(check(a).ok for a in choice.answers)  # scored as the user gets them: mended
    figures = distill.measure([choice])
    assert figures["best_reward"] >= figures["greedy_reward"]
    assert set(figures) >= {"greedy_structural", "chosen_structural", "any_structural"}
    line = distill.as_jsonl([choice])
    assert line.endswith("\n") and '"chosen"' in line
