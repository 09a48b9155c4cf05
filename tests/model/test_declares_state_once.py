"""<State> declares each name once: a model that repeats a declaration gets its next best token."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from test_ends_within_budget import decode, scripted  # noqa: E402
from test_stays_valid import ranked  # noqa: E402

from ui4a.model.decode.declares_state_once import completes_one_of  # noqa: E402
from ui4a.validate import check  # noqa: E402


@pytest.mark.parametrize("partial, piece, done", [
    ("", "rsvp=", True), ("", " rsvp=", True), ("rs", "vp=", True), ("rsvp", "=", True), ("rsvp", " />", True),
    ("rsvp", "2=", False),  # another name
    ("", "rsvp", False),  # may still grow into another name
    ("", "guests=", False), ("", "/>", False),
])
def test_a_piece_that_completes_a_declared_name(partial, piece, done):
    assert completes_one_of(partial, piece, {"rsvp", "meal"}) is done


def test_a_repeated_declaration_gives_way_to_the_next_best(tok):
    wants = '<State sent=false sent=false />\n<Text>{sent ? "Sent" : ""}</Text>'
    text, ended, _ = decode(tok, scripted(tok, wants), 80, closing=False)
    assert not check(text).ok  # the grammar alone writes the name twice
    text, ended, _ = decode(tok, ranked(tok, wants, '<State sent=false />\n<Text>{sent ? "Sent" : ""}</Text>'), 80)
    assert ended and check(text).ok, text
    assert text.count("sent=") == 1, text


def test_a_looping_declaration_ends_in_a_valid_answer(tok):
    text, ended, _ = decode(tok, scripted(tok, "<State rsvp=false", " rsvp=false"), 120)
    assert check(text).ok, text
