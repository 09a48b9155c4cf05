"""Closing mode and declared names: a constrained answer ends complete and valid within its budget,
even from a model that loops."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("llguidance")

from ui4a.lang.parser import parse  # noqa: E402
from ui4a.model.decode.binds_declared_state import candidates, is_bind, spells_one_of  # noqa: E402
from ui4a.model.decode.chain import answer_guards  # noqa: E402
from ui4a.model.decode.ends_within_budget import Closing, open_quote, repeats_at_end, reserve  # noqa: E402
from ui4a.model.decode.mask import grammar_constraint  # noqa: E402
from ui4a.validate import check  # noqa: E402


def decode(tok, logits_of, budget: int, closing: bool = True) -> tuple[str, bool, Closing]:
    """The runtime's greedy loop over a fake model: (text, whether it ended by EOS, the closing state)."""
    constraint = grammar_constraint(tok)
    guards = answer_guards(constraint, tok, budget)
    state = constraint.closing
    ids, out = [tok.bos_token_id], []
    for _ in range(budget):
        seen = torch.tensor([ids])
        scores = (guards if closing else constraint)(seen, logits_of(out).unsqueeze(0))
        token = int(scores[0].argmax())
        if token == tok.eos_token_id or not torch.isfinite(scores[0, token]):
            return tok.decode(out), True, state
        out.append(token)
        ids.append(token)
    return tok.decode(out), False, state


def scripted(tok, text: str, then: str | None = None):
    """A fake model whose favourite next token spells ``text``, then ``then`` again and again."""
    script = tok(text, add_special_tokens=False)["input_ids"]
    loop = tok(then, add_special_tokens=False)["input_ids"] if then else script

    def logits_of(out: list[int]) -> torch.Tensor:
        scores = torch.zeros(len(tok))
        i = len(out)
        scores[script[i] if i < len(script) else loop[(i - len(script)) % len(loop)]] = 5.0
        return scores

    return logits_of


@pytest.mark.parametrize("tokens, expected", [
    ([1, 2, 3, 4, 5, 6] * 4, True),
    ([9, 9] + [1, 2, 3, 4, 5, 6, 7] * 4, True),
    ([7] * 24, True),  # a one-token loop is a block of six, four times
    ([1, 2, 3, 4, 5, 6] * 3, False),
    ([7] * 23, False),
    ([1, 2, 3, 4, 5, 6] * 4 + [8], False),  # only a loop at the end counts
    ([], False),
])
def test_repeats_at_end(tokens, expected):
    assert repeats_at_end(tokens) is expected


def test_reserve_is_a_fifth_of_the_budget_and_at_least_32():
    assert reserve(300) == 60
    assert reserve(40) == 32
    assert reserve(10) == 32


def test_token_kinds_follow_the_tag_syntax(tok):
    kinds = Closing(tok, 100).kinds

    def kind(text: str) -> dict[str, bool]:
        [token] = tok(text, add_special_tokens=False)["input_ids"]
        return {"opens": bool(kinds.opens_element[token]), "text": bool(kinds.closers["text"][token]),
                "tag": bool(kinds.closers["tag"][token]), "dq": bool(kinds.closers['"'][token])}

    assert kind("<") == {"opens": True, "text": False, "tag": False, "dq": False}
    assert kind("</") == {"opens": False, "text": True, "tag": False, "dq": False}
    assert kind(" />")["tag"] and kind(">")["tag"] and not kind(">")["opens"]
    assert kind('"')["dq"] and not kind('"')["tag"]


def test_a_model_that_repeats_an_element_forever_ends_valid_within_budget(tok):
    loops = scripted(tok, "<Text>a</Text>")
    text, ended, _ = decode(tok, loops, 100, closing=False)
    assert not ended  # without closing mode the budget runs out mid-element
    text, ended, state = decode(tok, loops, 100)
    assert ended and state.active
    assert check(text).ok, text
    assert text == "<Text>a</Text>" * 4  # stopped once the loop was seen


def test_a_whitespace_loop_inside_a_value_is_closed(tok):
    text, ended, state = decode(tok, scripted(tok, '<LineChart title="Sales" data=', then="\n"), 120)
    assert ended and state.active
    parse(text)  # raises on any syntax fault
    assert len(tok(text, add_special_tokens=False)["input_ids"]) < 120


def test_closing_at_the_budget_finishes_what_is_open(tok):
    # 60 tokens keep 32 back: the model writes 28, then three elements are closed.
    text, ended, state = decode(tok, scripted(tok, '<Card title="Plan"><Stack><Text>Hello', then=" more"), 60)
    assert ended and state.active
    assert check(text).ok, text
    assert text.startswith('<Card title="Plan"><Stack><Text>Hello more more')
    assert text.endswith("</></></>")


def test_an_enum_expression_is_finished_from_the_prop_values(tok):
    # (``ok`` is declared: the lookahead keeps undeclared names out of expressions)
    text, ended, _ = decode(tok, scripted(tok, "<State ok=true /><Badge tone={ok", then=" ok"), 80)
    assert ended
    parse(text)
    assert text.startswith("<State ok=true /><Badge tone={ok") and '? "' in text


def test_a_fault_the_grammar_cannot_see_ends_the_answer_at_once(tok):
    # A duplicate key in an untyped object parses as the grammar allows, but the parser stops there.
    text, ended, state = decode(tok, scripted(tok, "<State s=[{a: 1, a: 2}] /><Text>more to come</Text>"), 100)
    assert ended and state.stopped
    assert "more to come" not in text


def test_bind_names_only_declared_state():
    assert is_bind("Select", "bind") and not is_bind("Select", "label") and not is_bind("NoSuch", "bind")
    names = {"city", "cityName"}
    assert spells_one_of("", names) and spells_one_of(" ci", names) and spells_one_of("city}", names)
    assert spells_one_of("cityName }", names)
    assert not spells_one_of("team", names) and not spells_one_of("cit}", names)


@pytest.mark.parametrize("written", ["", "  ", "c", " ci", "city", "cityN", "cityName", "x", "city ", "(", "team"])
def test_bind_candidates_are_exactly_what_the_whole_vocabulary_allows(tok, written):
    """The guard tests only the ids that can go on a declared name; it must keep exactly the ids a scan of the
    whole vocabulary keeps, and leave the scores alone (None, or no candidate) exactly where the scan would."""
    from ui4a.model.decode.vocab import token_texts

    texts, names = token_texts(tok), {"city", "cityName", "count"}
    scan = {t for t, text in enumerate(texts) if spells_one_of(written + text, names)}
    ids = candidates(tok, written, names)
    if not ids:
        assert scan in (set(), set(range(len(texts)))), written
    else:
        assert {t for t in ids if spells_one_of(written + texts[t], names)} == scan


def test_a_model_that_binds_an_undeclared_name_gets_a_declared_one(tok):
    wants = '<State city="Oslo" /><Select label="City" bind={team} options=["Oslo","Rome"] />'
    text, ended, _ = decode(tok, scripted(tok, wants), 120)
    assert ended
    assert text.startswith('<State city="Oslo" /><Select label="City" bind={city}'), text


@pytest.mark.parametrize("budget", [40, 60])
def test_random_models_always_end_with_a_document_that_parses(tok, budget):
    for seed in range(12):
        g = torch.Generator().manual_seed(seed)
        bias = torch.randn(len(tok), generator=g) * (0.5, 3.0, 8.0)[seed % 3]
        text, ended, _ = decode(tok, lambda out, g=g, bias=bias: torch.randn(len(tok), generator=g) + bias, budget)
        assert ended, (seed, text)
        report = check(text)
        assert report.document is not None, (seed, text, report.diagnostics[:1])


# ------------------------------------------------------------ the runtime, with the tiny trained model

REQUESTS = ["show a progress bar for uploads at 40%", "make a bar chart of sales: Jan 12, Feb 15, Mar 9",
            "a card titled Team with a stat of 12 members", "build a table with columns Name, Age and one row Ann, 31",
            "a form with a name field and a submit button"]


def test_constrained_answers_always_validate_even_with_a_small_budget(tiny_model):
    ended_closing = 0
    for request in REQUESTS:
        constraint = grammar_constraint(tiny_model.tokenizer)
        pieces = list(tiny_model.generate(request, "ui", constraint=constraint, max_new_tokens=40))
        text = "".join(pieces)
        report = check(text)
        assert report.ok, (request, text, report.diagnostics[:2])
        ended_closing += constraint.closing.active
    assert ended_closing  # a 40-token budget leaves 8 before closing mode


def test_batched_constrained_rows_match_one_by_one(tiny_model):
    adapters = ["ui", "chat", "ui"]
    requests = [REQUESTS[1], "hi", REQUESTS[3]]

    def constraints():
        return [grammar_constraint(tiny_model.tokenizer) if a == "ui" else None for a in adapters]

    batch = tiny_model.generate_batch(requests, adapters, max_new_tokens=40, constraints=constraints())
    single = ["".join(tiny_model.generate(r, a, max_new_tokens=40, constraint=c))
              for r, a, c in zip(requests, adapters, constraints(), strict=True)]
    assert batch == single
    assert all(check(text).ok for text, a in zip(batch, adapters, strict=True) if a == "ui")


@pytest.mark.parametrize("raw, quote", [
    ('"abc', '"'), ("\"a {x ? 'b", "'"), ("\"a {x ? 'b' : 'c'}", '"'),
    ('["a","b', '"'), ('["a","b"', None), ("{a + \"x{'y'}", '"'), ('"a\\"b', '"'), ("[1, {k: 2}", None),
    # Inside an interpolation or a bracket within a string, the innermost thing open is not a string:
    ("\"a {x ? 'b' : 'c'", None), ('"a {max(1, 2', None), ("\"a {f('x', [1", None),
])
def test_open_quote_is_the_string_the_text_ends_directly_in(raw, quote):
    assert open_quote(raw) == quote


@pytest.mark.parametrize("start, loop, budget", [
    # A single-quoted string inside a double-quoted one, then only ever "!".
    ("<State x=true /><Card title=\"a {x ? 'b", "!", 60),
    # Seen with a real adapter: an operand list inside "{…}" in a string, forever. The quote cannot
    # close before the bracket does, so closing mode must close the bracket, not wait for a quote.
    ('<State n=1 /><Card title="a {(n + 2', " + 2", 70),
])
def test_an_answer_stuck_inside_a_string_still_ends(tok, start, loop, budget):
    text, ended, state = decode(tok, scripted(tok, start, loop), budget)
    assert ended and state.active, text
    assert check(text).document is not None, text
    assert text.startswith(start), text


def test_a_missing_prop_is_filled_with_a_value_that_validates(tok):
    # An Image whose address loops: closing mode ends the address and must add the required alt;
    # alt="" is the shortest value but is valid only with decorative, so a described one is written.
    text, ended, state = decode(tok, scripted(tok, '<Image src="https://example.com/', then="ab/"), 60)
    assert ended and state.active
    assert check(text).ok, text
    assert 'alt=""' not in text


def test_a_string_that_cannot_end_empty_gets_a_word_first(tok):
    # Closing mode starts right after alt=" is opened: ending the string there would leave an empty alt,
    # which a non-decorative Image may not have, so a token of text comes before the quote.
    script = '<Image src="https://example.com/a.png" alt="'
    budget = len(tok(script, add_special_tokens=False)["input_ids"]) + 32  # the reserve starts here
    text, ended, state = decode(tok, scripted(tok, script, then='"'), budget)
    assert ended and state.active
    assert check(text).ok, text


def test_a_tag_that_cannot_end_validly_gets_the_prop_that_mends_it(tok):
    # A button label that loops: closing mode ends the label, and an EmptyState with a label but no
    # action does not validate, so the action is written before the tag ends.
    text, ended, state = decode(tok, scripted(tok, '<EmptyState title="No orders" actionLabel="Shop',
                                              then=" more"), 60)
    assert ended and state.active
    assert check(text).ok, text
    assert "action={" in text


def test_a_row_cut_short_gets_empty_cells_before_it_ends(tok):
    # A cell that loops: closing mode ends it, but the row has two cells of three, so it writes an
    # empty cell before the bracket (the lookahead refuses a row short of its cells).
    text, ended, state = decode(tok, scripted(tok, '<Table columns=["A","B","C"] rows=[["x","ab',
                                              then="ab"), 60)
    assert ended and state.active
    assert check(text).ok, text
    assert text.count("null") == 1, text


def test_a_pie_slice_cut_short_gets_a_value_its_chart_accepts(tok):
    # A slice label that loops: closing mode ends it and owes the slice a value. A slice of 0 reads as
    # fine while the array streams and is refused once it is whole, so the value is judged closed.
    text, ended, state = decode(tok, scripted(tok, '<PieChart data=[["Lou', then="zou"), 60)
    assert ended and state.active
    assert check(text).ok, text
