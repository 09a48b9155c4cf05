"""The validator's lookahead: constrained answers do not write what the grammar allows but the validator refuses."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from test_ends_within_budget import decode, scripted  # noqa: E402

from ui4a.lang.cursor import Mode  # noqa: E402
from ui4a.lang.parser import StreamParser  # noqa: E402
from ui4a.model.decode.stays_valid import (  # noqa: E402
    _in_interpolation,
    _last_item,
    _plausible,
    closers,
    name_faults,
)
from ui4a.validate import check, frame_faults  # noqa: E402


def frame(text: str) -> list[str]:
    parser = StreamParser()
    parser.feed(text)
    return [d.code for d in frame_faults(parser.tree(), {})]


def test_a_frame_reports_only_what_no_continuation_can_mend():
    assert frame("<LineChart title=") == ["prop-type"]  # no data yet: the same with or without the next token
    assert frame("<PieChart data=[") == []  # an array still streaming is not too short yet
    assert frame('<Table columns=["A","B"] rows=[["x",1],') == []
    assert frame('<Table columns=["A","B"] rows=[["x"],') == ["prop-type"]
    assert frame('<Badge tone="loud" ') == ["prop-type"]
    assert frame('<PieChart data=[["Mon"],') == ["prop-type"]  # a complete item lacks its value


@pytest.mark.parametrize("text, expected", [
    ('{send("Hi {na', '}")}'), ("{a ? [1, (2", ")]}"), ('"x \\" {y', '}"'), ("{s = 'a", "'}"), ("{x}", ""),
])
def test_closers_of_an_unfinished_expression(text, expected):
    assert closers(text) == expected


def test_names_must_be_declared_or_on_their_way():
    state = {"city": "Oslo", "count": 1}
    assert name_faults('{send("Going to {ci', Mode.EXPRESSION, state) == set()
    assert name_faults('{send("Going to {team', Mode.EXPRESSION, state) == {(17, "unknown-state")}
    assert name_faults("{count + te", Mode.EXPRESSION, state) == {(9, "unknown-state")}
    assert name_faults("{cit + 1", Mode.EXPRESSION, state) == {(1, "unknown-state")}  # complete, and not declared
    assert name_faults("{count-", Mode.EXPRESSION, state) == set()  # read as count-0
    assert name_faults('{send', Mode.EXPRESSION, state) == set()  # a function's whole name
    assert name_faults('"Hello {ci', Mode.STRING, state) == set()
    assert name_faults('[{title:"a", note:"for {team', Mode.ARRAY, state) == {(24, "unknown-state")}
    assert name_faults("[{tit", Mode.ARRAY, state) == set()  # an object key is not a name


@pytest.mark.parametrize("text, inside", [
    ('"Total: ${', True), ('{send("x {f(', True), ('{send("x', False), ('[{a:"x"', False), ('{a ? "b" : (', False),
])
def test_whether_text_is_inside_a_strings_interpolation(text, inside):
    assert _in_interpolation(closers(text)) is inside


def test_last_item_of_the_innermost_array():
    assert _last_item('rows=[["x",1') == "1"
    assert _last_item('rows=[["x", "a,b"') == '"a,b"'
    assert _last_item("rows=[[") is None and _last_item('x=["a') is None and _last_item("x={a: 1") is None


def ranked(tok, *answers: str):
    """A fake model that likes ``answers`` in that order: each step it scores the next token of
    every answer the text so far is a start of (5 for the first, 4 for the next...), EOS at the end."""
    scripts = [tok(a, add_special_tokens=False)["input_ids"] for a in answers]

    def logits_of(out: list[int]) -> torch.Tensor:
        scores = torch.zeros(len(tok))
        for rank, ids in reversed(list(enumerate(scripts))):
            if ids[:len(out)] == out:
                scores[ids[len(out)] if len(out) < len(ids) else tok.eos_token_id] = 5.0 - rank
        return scores

    return logits_of


@pytest.mark.parametrize("first, second", [
    # a row longer than the columns ends when it has its cells; a shorter one goes on
    ('<Table columns=["A","B"] rows=[["x",1,2,3]] />', '<Table columns=["A","B"] rows=[["x",1]] />'),
    ('<Table columns=["A","B","C"] rows=[["x",1]] />', '<Table columns=["A","B","C"] rows=[["x",1,2]] />'),
    # a name in an action's message is one that was declared
    ('<State lunch="Salad" /><Button label="Vote" action={send("Lunch: {team}")} />',
     '<State lunch="Salad" /><Button label="Vote" action={send("Lunch: {lunch}")} />'),
    # a series has one value per label: it ends at the last label, and does not end before it
    ('<LineChart labels=["a","b"] series=[{name:"x",values:[1,2,3]}] />',
     '<LineChart labels=["a","b"] series=[{name:"x",values:[1,2]}] />'),
    ('<BarChart labels=["a","b","c"] series=[{name:"x",values:[1,2]}] />',
     '<BarChart labels=["a","b","c"] series=[{name:"x",values:[1,2,3]}] />'),
    # a label for a button that has no action yet: the tag goes on to the action, it does not end
    ('<EmptyState title="No orders" actionLabel="Shop" />',
     '<EmptyState title="No orders" actionLabel="Shop" action={send("Shop")} />'),
])
def test_a_model_that_breaks_a_rule_the_grammar_cannot_see_gets_its_next_best_answer(tok, first, second):
    text, ended, _ = decode(tok, ranked(tok, first), 120, closing=False)
    assert not check(text).ok  # on its own, the grammar lets the fault through
    text, ended, _ = decode(tok, ranked(tok, first, second), 120)
    assert ended
    assert text == second, text


@pytest.mark.parametrize("wants, reads", [
    ("<Text>{count}</Text>", "{count"), ('<Slider label="Volume" bind={volume} />', "{volume"),
    ('<Timeline items=[{title:"Launch", description:"for {team}"}] />', "{team"),
])
def test_with_no_state_declared_nothing_reads_state(tok, wants, reads):
    text, ended, _ = decode(tok, scripted(tok, wants), 60)
    assert ended
    assert reads not in text and check(text).ok, text


def test_a_string_ends_at_its_max_length_not_past_it(tok):
    # The frame judges a string only once its quote closes; by then a model that wants more has no
    # good way back. The lookahead counts the unfinished string and ends it with its quote at the limit.
    wants = '<Slider label="Volume" unit="' + "abcdefghij" * 3 + '" />'
    text, ended, _ = decode(tok, scripted(tok, wants), 80, closing=False)
    assert not check(text).ok  # the grammar alone lets 30 characters through
    text, ended, _ = decode(tok, scripted(tok, wants), 80)
    assert ended and check(text).ok, text
    assert 'unit="abcdefghij' in text and len(text.split('unit="')[1].split('"')[0]) <= 20, text


def test_a_string_written_as_an_expression_ends_at_its_max_length_too(tok):
    # {'…'} is a string as much as "…": it is counted while it is written, not only once it is whole.
    wants = "<Slider label=\"Volume\" unit={'" + "abcdefghij" * 3 + "'} />"
    text, ended, _ = decode(tok, scripted(tok, wants), 80)
    assert ended and check(text).ok, text
    assert "unit={'abcdefghij" in text and len(text.split("unit={'")[1].split("'")[0]) <= 20, text


@pytest.mark.parametrize("frame, piece, state, plausible", [
    ("{", "count", {"count": 1}, True),
    ("{", " count", {"count": 1}, True),  # a blank, then the start of a declared name
    ("{", " assistant", {"count": 1}, False),  # a blank does not make any word a name
    ("{cou", "nt", {"count": 1}, True),
    ("{count", " assistant", {"count": 1}, False),  # after a blank a new word starts
    ("{", '"', {}, True),  # no name at all
])
def test_the_name_filter_reads_a_token_that_starts_with_a_blank_as_a_new_word(frame, piece, state, plausible):
    assert _plausible(frame, piece, state) is plausible


def test_an_optional_string_ends_at_the_max_length_of_its_string_arm(tok):
    # `Annotated[str, Field(max_length=100)] | None` holds its limit on the string arm, not on the
    # field: a looping model once wrote 200-800 characters of actionLabel through it.
    wants = ('<EmptyState title="No orders" actionLabel="' + "Start shopping " * 10
             + '" action={send("go")} />')
    text, ended, _ = decode(tok, scripted(tok, wants), 160)
    assert ended and check(text).ok, text
    assert len(text.split('actionLabel="')[1].split('"')[0]) <= 100, text


@pytest.mark.parametrize("frame, mend", [
    ('<EmptyState title="No orders" actionLabel="Shop"', ' action={send("x")}'),
    ('<Image src="a.png" alt="" ', "decorative={true}"),
    ('<Image src="a.png" alt="" width=200', " decorative={true}"),  # a blank ends the number first
    ('<Table columns=["A","B"] rows=[["x"]]', None),  # no prop gives a short row its cell
    ('<Slider label="Volume" min=10 max=5', None),  # both bounds are written
])
def test_the_prop_that_mends_a_fault_of_the_element_as_a_whole(tok, frame, mend):
    from ui4a.model.decode.stays_valid import Lookahead

    assert Lookahead(tok)._mending(frame) == mend


def test_the_lookahead_counts_what_it_refused(tok):
    from ui4a.model.decode.chain import answer_guards
    from ui4a.model.decode.mask import grammar_constraint

    constraint = grammar_constraint(tok)
    guards = answer_guards(constraint, tok, 60)
    model = ranked(tok, '<Table columns=["A"] rows=[["x",1]] />', '<Table columns=["A"] rows=[["x"]] />')
    ids, out = [tok.bos_token_id], []
    while True:
        seen = torch.tensor([ids])
        token = int(guards(seen, model(out).unsqueeze(0))[0].argmax())
        if token == tok.eos_token_id:
            break
        out.append(token)
        ids.append(token)
    assert tok.decode(out) == '<Table columns=["A"] rows=[["x"]] />'
    assert constraint.lookahead.banned == 1
