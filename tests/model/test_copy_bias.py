"""Tests for the copy bias (ui4a.model.decode.copy_bias): which tokens it favours, and that it only adds.

A CopyBias reads its answer append-only, as decoding writes it: each test feeds one growing text."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from ui4a.model.decode.copy_bias import CopyBias  # noqa: E402

REQUEST = "a pie chart of sales by region: North 120, South 80, West 45.5"


def texts(tok, ids) -> set[str]:
    return {tok.decode([i]) for i in ids}


def test_at_a_string_start_every_word_of_the_request_is_favoured_softly(tok):
    copy = CopyBias(tok, REQUEST, bias=6.0)
    ids, bias = copy.favoured('<PieChart data=[["')
    pieces = texts(tok, ids)
    assert bias == 2.0
    assert any("North".startswith(p) for p in pieces)
    assert any("Sales".startswith(p) for p in pieces)  # a word may be capitalised as a label is
    assert not any(p.startswith(("G", " ")) for p in pieces)


def test_inside_a_string_it_continues_the_request_and_closes_at_a_word_end(tok):
    copy = CopyBias(tok, REQUEST, bias=6.0)
    ids, bias = copy.favoured('<PieChart data=[["No')
    assert bias == 6.0
    assert texts(tok, ids) and all("rth".startswith(p) for p in texts(tok, ids))
    ids, _ = copy.favoured('<PieChart data=[["North')
    pieces = texts(tok, ids)
    assert any(p.startswith('"') for p in pieces)  # "North" is a whole word: the string may end
    assert all(p.startswith('"') or " 120".startswith(p) for p in pieces)  # or go on, as "Sales by region"
    ids, _ = copy.favoured('<PieChart data=[["North","Ga')
    assert not ids  # nothing of the request goes on like that


def test_a_copied_piece_never_carries_the_punctuation_around_a_value(tok):
    copy = CopyBias(tok, "set Zouvel=481, Ab=2")
    ids, _ = copy.favoured('<X a="Zou')
    assert ids and not any(set('=,"') & set(p) for p in texts(tok, ids) if not p.startswith('"'))


def test_inside_a_number_it_continues_a_number_of_the_request_or_ends_it(tok):
    copy = CopyBias(tok, REQUEST)
    ids, _ = copy.favoured('<PieChart data=[["West",4')
    assert texts(tok, ids) == {"5"}
    ids, _ = copy.favoured('<PieChart data=[["West",45')
    assert texts(tok, ids) == {"."}  # only 45.5 starts so: no 450, and 45 alone is no number of it
    ids, _ = copy.favoured('<PieChart data=[["West",45.5')
    pieces = texts(tok, ids)
    assert any(p.startswith("]") for p in pieces) and not any(p[0].isdigit() for p in pieces)
    ids, _ = CopyBias(tok, REQUEST).favoured('<Grid columns=9')
    assert not ids  # no number of the request starts with 9


def test_outside_values_it_does_nothing_and_it_only_adds(tok):
    copy = CopyBias(tok, REQUEST, bias=3.0)
    scores = torch.zeros(len(tok))
    scores[5] = float("-inf")
    assert torch.equal(copy("<PieChart ", scores), scores)
    raised = copy('<PieChart data=[["No', scores)
    assert torch.isneginf(raised[5]) and raised.max() == 3.0 and (raised >= scores).all()
    assert torch.equal(scores[:5], torch.zeros(5))  # the caller's scores are left alone


def test_escaped_quotes_stay_inside_the_string(tok):
    copy = CopyBias(tok, 'say "hi there" now')
    ids, _ = copy.favoured('<Text a="say \\"hi th')
    assert ids and all("ere".startswith(p) for p in texts(tok, ids))
