"""Tests for the seeded training-data generator (ui4a.model.train.data)."""

from __future__ import annotations

import dataclasses
import hashlib
import re
import time

import pytest

from ui4a import registry, tokens, validate
from ui4a.model.train import data as d


@pytest.fixture(scope="module")
def pairs() -> list[d.Pair]:
    return d.generate(2000, seed=3)


@pytest.fixture(scope="module")
def split() -> tuple[list[d.Pair], list[d.Pair]]:
    return d.dataset(3000, 1000, seed=0)


def test_pair_is_frozen_with_the_documented_fields():
    names = [f.name for f in dataclasses.fields(d.Pair)]
    assert names[:5] == ["request", "answer", "adapter", "components", "family"]
    p = d.generate(1, seed=0)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.request = "x"  # type: ignore[misc]


def test_same_seed_same_data_different_seed_different_data():
    a, b, c = d.generate(500, seed=1), d.generate(500, seed=1), d.generate(500, seed=2)
    assert a == b
    assert d.data_hash(a) == d.data_hash(b)
    assert a != c
    assert d.data_hash(a) != d.data_hash(c)
    assert d.dataset(200, 50, seed=4) == d.dataset(200, 50, seed=4)
    assert d.dataset(200, 50, seed=4) != d.dataset(200, 50, seed=5)


def test_every_ui_answer_validates(pairs, split):
    train, held = split
    for p in [*pairs, *train[:1000], *held]:
        if p.adapter == "ui":
            report = validate.check(p.answer)
            assert report.ok, f"{p.family}: {p.answer}\n{report.format()}"


def test_chat_answers_are_short_plain_text(pairs):
    for p in pairs:
        if p.adapter == "chat":
            assert "<" not in p.answer and p.components == ()
            assert 1 <= p.answer.count(".") + p.answer.count("!") <= 3


def test_every_registered_component_and_every_family_is_covered(pairs):
    used = set().union(*(p.components for p in pairs))
    assert used == set(registry.names())
    assert {p.family for p in pairs} == set(d.UI_FAMILIES) | set(d.CHAT_FAMILIES)
    assert 25 <= len(d.UI_FAMILIES) <= 40


def test_components_field_matches_the_answer(pairs):
    for p in pairs[:300]:
        names = set(re.findall(r"<([A-Z][A-Za-z0-9]*)", p.answer)) - {"State"}
        assert set(p.components) == names and list(p.components) == sorted(p.components)


def test_chat_share_is_about_a_quarter(pairs, split):
    for sample in (pairs, split[0], split[1]):
        share = sum(p.adapter == "chat" for p in sample) / len(sample)
        assert 0.20 <= share <= 0.30, share


def test_router_labels_include_borderline_requests(pairs):
    chat = [p.request.lower() for p in pairs if p.adapter == "chat"]
    ui = [p.request.lower() for p in pairs if p.adapter == "ui"]
    for noun in ("pie chart", "bar chart", "table"):
        assert any(noun in r for r in chat), noun
        assert any(noun in r for r in ui), noun


def test_same_request_always_gets_the_same_answer():
    seen: dict[str, str] = {}
    for p in d.generate(5000, seed=7):
        assert seen.setdefault(p.request, p.answer) == p.answer, p.request


def test_canonical_style(pairs):
    for p in pairs:
        if p.adapter != "ui":
            continue
        a = p.answer
        assert "</>" not in a and "\n\n" not in a and "  " not in a and a == a.strip()
        for line in a.split("\n"):
            assert line.startswith("<") and line.endswith(">"), line
        assert all("<State" not in line for line in a.split("\n")[1:])


def test_heldout_combinations_never_appear_in_train(split):
    """Precisely: (1) no train pair carries a tag in HELDOUT and every held-out pair
    carries one; (2) independently of the tags, read from the text itself: no train
    request or answer names Oslo, Lima or Kyoto; no train Table has both a date and a
    percent column, or both a badge and a number column; no train BarChart is over
    Q1–Q4, no train LineChart over Mon–Sun, no train PieChart over cities; no train
    Form has both a DateField and a RadioGroup; no train Card holds a Stat and a PieChart; no
    train request says "what's the point of" or is "good evening"; (3) train and
    held-out requests are disjoint; (4) every held-out tag occurs in the held-out split."""
    train, held = split
    assert not any(d.is_heldout(p) for p in train)
    assert all(d.is_heldout(p) for p in held)
    assert sum(p.family == "stat_chart" and "BarChart:quarters" in p.combo for p in held)
    quarter = re.compile(r'\["Q[1-4]",')
    day = re.compile(r'\["(Mon|Tue|Wed|Thu|Fri|Sat|Sun)",')
    city = re.compile(r'\["(' + "|".join(d.CITIES) + r')",')
    for p in train:
        text = p.request + " " + p.answer
        assert not any(v in text for v in d.HELDOUT_VALUES), p
        a = p.answer
        assert not ('type:"date"' in a and 'type:"percent"' in a), a
        assert not ('type:"badge"' in a and 'type:"number"' in a), a
        charts = re.findall(r"<(BarChart|LineChart|PieChart) data=(\[.*?\]\])", a)  # each chart with its data
        assert not any(k == "BarChart" and quarter.search(data) for k, data in charts), a
        assert not any(k == "LineChart" and day.search(data) for k, data in charts), a
        assert not any(k == "PieChart" and city.search(data) for k, data in charts), a
        assert not ("<Form" in a and "<DateField" in a and "<RadioGroup" in a), a
        assert not ("<Card" in a and "<Stat" in a and "<PieChart" in a), a  # a pie chart in a card is seen, never beside a stat
        assert "what's the point of" not in p.request.lower()
        assert p.request.lower() != "good evening"
    assert not {p.request for p in train} & {p.request for p in held}
    held_tags = {t for p in held for t in p.combo}
    assert d.HELDOUT <= held_tags, d.HELDOUT - held_tags


def test_each_half_of_a_heldout_pairing_is_seen_in_train(split):
    """A held-out pairing is new only as a pairing: train has a total card with many other parts, a
    PieChart with no title in a subject card, and forms with a DateField or a RadioGroup beside other
    fields, one to four of them."""
    train, _ = split
    cards = [p.answer for p in train if p.family == "stat_chart"]
    beside_total = {re.search(r"/><(\w+)", a).group(1) for a in cards if a.count("<Stat") == 1}
    assert beside_total == {"BarChart", "LineChart", "List", "Progress", "Text", "Badge"}, beside_total
    assert any(re.fullmatch(r'<Card title="[^"]+"><PieChart data=\[.*\]\] /></Card>', a) for a in cards)
    forms = [p.answer for p in train if p.family == "booking_form"]
    sizes = {len(re.findall(r"<(?!Form)(\w+) ", a)) for a in forms}
    assert sizes == {1, 2, 3, 4}, sizes
    after_date = {m.group(1) for a in forms for m in re.finditer(r"<DateField [^>]*/><(\w+)", a)}
    assert after_date == {"DateField", "NumberField", "Select", "TextField", "Checkbox", "Switch"}, after_date
    assert any("<RadioGroup" in a and "<NumberField" in a for a in forms)


def test_exclude_keeps_components_out_of_train_only():
    excluded = frozenset({"Timeline", "Slider"})
    train, held = d.dataset(2000, 800, seed=1, exclude=excluded)
    assert len(train) == 2000
    for p in train:
        assert not excluded & set(p.components), p
        assert "<Timeline" not in p.answer and "<Slider" not in p.answer
    used = set().union(*(p.components for p in train))
    assert used == set(registry.names()) - excluded
    # Pairs with excluded components go to the held-out split (alongside HELDOUT tags).
    assert all(d.is_heldout(p) or excluded & set(p.components) for p in held)
    assert {c for p in held for c in p.components} >= excluded


def test_answers_are_short(pairs):
    lengths = sorted(tokens.count(p.answer) for p in pairs if p.adapter == "ui")
    p95 = lengths[int(0.95 * (len(lengths) - 1))]
    assert p95 <= 150, p95
    assert lengths[-1] <= 200 and lengths[0] >= 5


NUMBER = re.compile(r"\d+(?:\.\d+)?")
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Families whose answer strings all come from the request (charts, tables, lists …).
COPY_FAMILIES = {"bar_chart", "line_chart", "pie_chart", "table", "list", "timeline", "tabs",
                 "send_button", "accordion", "link", "select_filter", "radio_vote", "code",
                 "section_list", "modal", "disclosure", "image"}
# Words the answer writes for a request's wording: column types and button variants.
TYPE_WORDS = {"money", "number", "date", "percent", "badge", "text", "secondary", "ghost", "danger"}


def test_values_in_the_request_are_copied_into_the_answer(pairs):
    for p in pairs:
        if p.adapter != "ui":
            continue
        for n in NUMBER.findall(p.request):
            assert n in p.answer, (n, p.request, p.answer)


def test_answer_values_come_from_the_request(pairs):
    checked = set()
    for p in pairs:
        if p.family not in COPY_FAMILIES:
            continue
        checked.add(p.family)
        req = p.request.lower()
        for s in STRING.findall(p.answer):
            if s in TYPE_WORDS or "{" in s:  # column types; interpolated messages
                continue
            assert s.lower() in req, (s, p.request, p.answer)
    assert checked == COPY_FAMILIES


def test_jsonl_round_trip_and_hash(tmp_path, pairs):
    path = tmp_path / "sub" / "train.jsonl"
    d.to_jsonl(pairs, path)
    back = d.read_jsonl(path)
    assert back == pairs
    assert d.data_hash(back) == d.data_hash(pairs)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == d.data_hash(pairs)
    assert [f.name for f in path.parent.iterdir()] == ["train.jsonl"]  # no temp file left
    d.to_jsonl(pairs[:5], path)  # overwrite in place
    assert d.read_jsonl(path) == pairs[:5]


def test_generate_is_fast():
    start = time.perf_counter()
    d.generate(5000, seed=11)
    assert time.perf_counter() - start < 5.0


def test_open_pools_mix_in_made_up_values_the_answer_copies(pairs):
    """Names, cities, products and teams are sometimes made up, so the model must copy, not recall."""
    known = {v.lower() for pool in d.OPEN_POOLS for v in pool}
    tables = [p for p in pairs if p.family == "table"]
    keys = [k for p in tables for k in re.findall(r'\["([^"]+)"', p.answer)]
    novel = [k for k in keys if k.lower() not in known]
    assert 0.2 < len(novel) / len(keys) < 0.6, (len(novel), len(keys))
    for p in tables:
        for k in re.findall(r'\["([^"]+)"', p.answer):
            assert k in p.request


def test_novel_words_and_distinct_draws():
    import random

    rng = random.Random(0)
    words = [d.novel_word(rng) for _ in range(3000)]
    assert all(w[0].isupper() and w.isalpha() for w in words)
    assert not any(v.lower() in w.lower() for w in words for v in d.HELDOUT_VALUES)
    assert len(set(words)) > 2500
    for k in (2, 4, len(d.TEAMS)):
        drawn = d.some(rng, d.TEAMS, k)
        assert len(drawn) == len(set(drawn)) == k
    assert set(d.some(rng, d.MONTHS, 5)) <= set(d.MONTHS)  # closed pools stay closed
