"""Tests for the natural-request generator (ui4a.model.train.natural) and the router/chat data
(ui4a.model.train.questions), including the check that nothing of the benchmark enters training."""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import replace

import pytest

from bench.cases import load_cases
from ui4a import registry, tokens, validate
from ui4a.model.train import natural, plans, questions, subjects
from ui4a.model.train.plans import SAMPLE_NOTE
from ui4a.model.train.pools import PLANTS


@pytest.fixture(scope="module")
def pairs():
    registry.load()
    return [p for seed in (0, 1, 2, 3) for p in natural.generate(500, seed)]


@pytest.fixture(scope="module")
def split():
    return natural.dataset(2000, 700, seed=0)


@pytest.fixture(scope="module")
def routes():
    return questions.route_dataset(1500, 500, seed=0)


# --------------------------------------------------------------------------- answers

def test_every_answer_validates(pairs, split):
    for p in [*pairs, *split[1]]:
        report = validate.check(p.answer)
        assert report.ok, f"{p.family}: {p.request}\n{p.answer}\n{report.format()}"


def test_answers_are_canonical(pairs):
    for p in pairs:
        a = p.answer
        assert p.adapter == "ui" and "</>" not in a and "\n\n" not in a and a == a.strip()
        lines = a.split("\n")
        assert all(line.startswith("<") and line.endswith(">") for line in lines), a
        assert all("<State" not in line for line in lines[1:]), a
        assert set(p.components) == set(re.findall(r"<([A-Z]\w*)", a)) - {"State"}


def test_same_seed_same_pairs():
    assert natural.generate(300, 1) == natural.generate(300, 1)
    assert natural.generate(300, 1) != natural.generate(300, 2)
    assert natural.dataset(200, 70, 4) == natural.dataset(200, 70, 4)
    assert natural.adversarial(250, 3) == natural.adversarial(250, 3)
    assert questions.route_dataset(200, 60, 5) == questions.route_dataset(200, 60, 5)


def test_same_request_always_gets_the_same_answer(pairs, split):
    seen: dict[str, str] = {}
    for p in [*pairs, *split[0], *split[1]]:
        assert seen.setdefault(p.request, p.answer) == p.answer, p.request


def test_every_registered_component_family_and_register_is_covered(pairs):
    assert set().union(*(p.components for p in pairs)) == set(registry.names())
    families = Counter(p.family for p in pairs)
    assert len(families) >= 20 and min(families.values()) >= 20, families
    registers = {t for p in pairs for t in p.combo if t.startswith("register:")}
    assert registers == {f"register:{r}" for r in ("terse", "plain", "chatty", "polite", "question", "sloppy")}
    pasted = {t for p in pairs for t in p.combo if t.startswith("data:")}
    assert {"data:tsv", "data:csv", "data:markdown", "data:lines"} <= pasted


def test_state_and_actions_language_is_covered(pairs):
    answers = "\n".join(p.answer for p in pairs)
    for needle in ("<State ", "bind={", "toggle(", "send(", "onSubmit={send(", "submit()", " = ", "? \"", "round(",
                   "sum(["):
        assert needle in answers, needle


def test_answers_are_short(pairs):
    lengths = [tokens.count(p.answer) for p in pairs]
    assert statistics.median(lengths) <= 150
    assert max(lengths) <= 400


def test_values_in_the_answer_are_written_in_the_request(pairs, split):
    checked = 0
    for p in [*pairs, *split[1]]:
        if "vague" not in p.combo:
            assert natural.copied(p), f"{p.request}\n{p.answer}"
            checked += 1
    assert checked > 1500


def test_requests_write_values_in_many_forms(pairs):
    text = "\n".join(p.request for p in pairs)
    for pattern in (r"€", r"\d+,\d\d ?€", r"£", r"¥", r"CHF", r"\d{2}/\d{2}/20\d\d", r"20\d\d-\d\d-\d\d",
                    r"(January|March|May|July|October) \d{1,2}(st|nd|rd|th)", r"\t", r"\|---",
                    r"\b(twelve|seven|three|five|eight)\b", r"\d(am|pm)\b"):
        assert re.search(pattern, text), pattern


def test_a_named_subject_becomes_the_title(pairs):
    """'an RSVP form for Maya's wedding' → <Form title="Maya's wedding RSVP">: the title copies the request."""
    titled = 0
    for p in pairs:
        m = re.match(r'(?:<State[^\n]*\n)?<(?:Card|Form) title="([^"]+)"', p.answer)
        if m and p.family in subjects.FAMILIES:
            name = m[1].split(":")[0]
            for generic in (" rsvp", " settings", " packing", " tracker"):
                name = name.removesuffix(generic)
            if " for " in p.request.lower() and name.lower().removeprefix("the ") in p.request.lower():
                titled += 1
    assert titled >= 60
    assert subjects.title_of("the Bergen trip", "Packing") == "Bergen trip packing"
    assert subjects.title_of("Maya's wedding", "RSVP") == "Maya's wedding RSVP"
    assert subjects.title_of("Oak Print", "Report a bug") == "Oak Print: report a bug"


def test_the_requests_own_name_becomes_the_title(pairs):
    """'a running speed calculator' → <Card title="Running speed calculator">, 'privacy settings' →
    "Privacy settings", 'a packing list with tick boxes' → "Packing list", 'a table of my open invoices' →
    <Table caption="Open invoices">: the heading is words the request wrote, not a recalled generic one."""
    named = Counter()
    for p in pairs:
        m = re.match(r'(?:<State[^\n]*\n)?<(?:Card|Form) title="([^"]+)"', p.answer) or \
            re.match(r'<Table [^\n]*?caption="([^"]+)"', p.answer)
        if m and m[1].lower() in p.request.lower():
            named[p.family] += 1
        if p.family == "table" and "vague" not in p.combo:
            assert m, p.answer  # a table standing alone always carries its name
    assert all(named[f] >= 5 for f in ("form", "calculator", "tracker", "settings", "checklist", "table")), named
    plan = plans.Plan("calculator", "a running speed calculator", "running speed calculator",
                      ('<State km=5 />', '<Card title="Pace"><NumberField label="Km" bind={km} /></Card>'))
    assert subjects.named(plan).lines[1].startswith('<Card title="Running speed calculator">')
    clause = replace(plan, what="a calculator for how much paint I need", noun="paint calculator")
    assert subjects.named(clause) == clause  # a clause, not a name: the family's title stays


def test_where_a_setting_or_count_stands_is_taken_from_the_request():
    """'currently Weekly' / 'set to 16' → that option or value is chosen; 'I've had 5 so far' → the count starts
    at 5; 'buttons to add or remove' → a minus button that stops at 0; three habits every day → a full grid."""
    import random

    from ui4a.model.train.speech import Style

    registry.load()
    chosen = counted = removed = 0
    for seed in range(300):
        s = plans.fam_settings(random.Random(seed), Style())
        request = " ".join(d.said for d in s.details).replace("\x02", "").replace("\x03", "")
        for label, now in re.findall(r'label="([^"]+)"[^>]*? value=("?[^ "]+"?)', "\n".join(s.lines)):
            assert now.strip('"') in request, (request, label, now)
            chosen += 1
        for name, now in re.findall(r'(\w+)=(\d+|"[^"]+")', s.lines[0] if s.lines[0].startswith("<State") else ""):
            if now not in ("false", "true") and not re.search(rf'label="[^"]+" bind={{{name}}} options=\[{now}', s.lines[1]):
                assert now.strip('"') in request, (request, name, now)  # not the first option: said in the request
        c = plans._counter_tracker(random.Random(seed), Style())
        start = int(re.match(r"<State \w+=(\d+)", c.lines[0])[1])
        said = " ".join(d.said for d in c.details).replace("\x02", "").replace("\x03", "")
        counted += start > 0
        assert (start > 0) == ("so far" in said or "already" in said)
        if "-1" in c.lines[1] or "-2" in c.lines[1] or "-5" in c.lines[1]:
            removed += 1
            assert "max(0, " in c.lines[1] and ("remove" in said or "minus" in said)
    assert chosen >= 50 and counted >= 100 and removed >= 80, (chosen, counted, removed)
    grids = [plans._week_tracker(random.Random(seed), Style()) for seed in range(200)]
    full = [g for g in grids if sum(line.count("<Checkbox") for line in g.lines) == 21]
    assert full and all(not g.lines[0].startswith("<State") for g in full)  # too big to count within the budget
    assert all(len("\n".join(g.lines)) < 1400 for g in grids)
    lists = [plans.fam_checklist(random.Random(seed), Style()) for seed in range(300)]
    ticked = [p for p in lists if "list:ticks" in p.tags and "=true" in p.lines[0]]
    assert len(ticked) >= 15 and all("done" in " ".join(d.said for d in p.details) for p in ticked)
    grouped = [p for p in lists if "list:groups" in p.tags]
    assert len(grouped) >= 10
    for p in grouped:  # every group the request names is a foldable block or a section of checkboxes
        answer = "\n".join(p.lines)
        for group in re.findall(r"\x02(\w+)\x03: ", p.details[0].said):
            assert re.search(rf'<(?:Disclosure|Section) title="{group.capitalize()}"><Checkbox', answer), answer


def test_chart_titles_and_lengths_vary(pairs):
    titles = Counter(re.findall(r'<(?:Bar|Line|Pie)Chart data=\[[^\n]*? title="([^"]+)"', "\n".join(p.answer for p in pairs)))
    assert len(titles) >= 40  # qualified subjects ("Q3 sales by month"), not a dozen fixed ones
    longest = max(p.answer.count("],[") + 1 for p in pairs if "Chart data=" in p.answer)
    assert longest >= 12


def test_decimal_comma_never_groups_thousands_with_a_dot(pairs):
    """'3.165' would read as a decimal in the other style, and teach the model to drop decimal points."""
    from ui4a.model.train.speech import Style, _digits

    assert _digits(3165.5, Style(money_form="{} €", grouping=True)) == "3 165,5"
    assert _digits(3165.5, Style(money_form="${}", grouping=True)) == "3,165.5"
    assert not any(re.search(r"(?<![\d.,])\d{1,3}\.\d{3}(?![\d])", p.request) for p in pairs
                   if "€" in p.request or "CHF" in p.request)


def test_vague_pairs_show_labelled_sample_values(pairs):
    vague = [p for p in pairs if "vague" in p.combo]
    assert 0.04 <= len(vague) / len(pairs) <= 0.2
    for p in vague:
        if p.family in ("dashboard", "chart", "table", "report_card"):
            assert SAMPLE_NOTE in p.answer.split("\n"), p.answer


def test_copy_check_catches_an_invented_value():
    p = next(p for p in natural.generate(200, 0) if "vague" not in p.combo and "data=" in p.answer)
    forged = p.answer.replace("data=[[", 'data=[["Zzyzx",1],[', 1)
    assert not natural.copied(type(p)(p.request, forged, "ui", p.components, p.family, p.combo))


# --------------------------------------------------------------------------- held-out split

def test_heldout_combinations_never_appear_in_train(split):
    """By tag, and independently by reading the text: no train answer holds a PieChart with a Table or a
    DateField with a Slider; no train pair names Swiss francs or a plant; the splits share no request;
    every held-out combination is measured."""
    train, held = split
    assert not any(natural.is_heldout(p) for p in train)
    assert all(natural.is_heldout(p) for p in held)
    plant = re.compile(r"\b(" + "|".join(PLANTS) + r")\b", re.I)
    for p in train:
        text = p.request + "\n" + p.answer
        assert not ("<PieChart" in p.answer and "<Table" in p.answer), p.answer
        assert not ("<DateField" in p.answer and "<Slider" in p.answer), p.answer
        assert "CHF" not in text and "francs" not in text, text
        assert not plant.search(text), text
    assert not {p.request for p in train} & {p.request for p in held}
    tags = Counter(t for p in held for t in p.combo if t in natural.HELDOUT)
    assert set(tags) == natural.HELDOUT and min(tags.values()) >= 50, tags


def test_each_half_of_a_heldout_pairing_is_seen_in_train(split):
    train, _ = split
    seen = set().union(*(p.components for p in train))
    assert {"PieChart", "Table", "DateField", "Slider"} <= seen
    combos = {t for p in train for t in p.combo}
    assert {"calculator:plain", "schedule:plain", "register:question", "register:sloppy", "table:tsv",
            "data:markdown", "currency:€", "pool:habits"} <= combos


# --------------------------------------------------------------------------- adversarial requests

def test_adversarial_requests():
    reqs = natural.adversarial(260, 0)
    assert len(reqs) == 260 and len(set(reqs)) >= 200
    assert all(r.strip() and not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", r) for r in reqs)
    assert sum(len(r) >= 2000 for r in reqs) >= 10
    joined = "\n".join(reqs)
    for needle in ("video player", "3D globe", "<script>", '{"', "\\", "📊", "Zeig mir", "今月"):
        assert needle in joined, needle
    assert any(len(r.split()) == 1 for r in reqs)


# --------------------------------------------------------------------------- chat and router data

def test_chat_eval_questions_and_scoring():
    assert len(questions.CHAT_EVAL) >= 40
    assert len({q for q, _ in questions.CHAT_EVAL}) == len(questions.CHAT_EVAL)
    assert all(kw for _, kw in questions.CHAT_EVAL)
    score = questions.score_keywords
    assert score("The capital of France is Paris.", ["Paris"])
    assert not score("It is Lyon.", ["Paris"])
    assert score("12 times 7 is 84.", ["84"]) and not score("It is 184.", ["84"]) and not score("8.4", ["84"])
    assert score("That makes eighty-four", ["84"])
    assert score("Leonardo painted it", ["Leonardo|da Vinci"])
    assert score("the Central Processing Unit", ["central", "processing"])
    assert not score("the central unit", ["central", "processing"])


def test_route_dataset_labels_and_shares(routes):
    train, held = routes
    for split in (train, held):
        assert {label for _, label in split} == {"ui", "chat"}
        share = sum(label == "chat" for _, label in split) / len(split)
        assert 0.40 <= share <= 0.50, share
    assert not {r.casefold() for r, _ in train} & {r.casefold() for r, _ in held}
    eval_questions = {q.casefold() for q, _ in questions.CHAT_EVAL}
    assert not eval_questions & {r.casefold() for r, _ in train + held}


def test_route_heldout_has_both_tricky_kinds(routes):
    _, held = routes
    ui_words = ("chart", "table", "form", "dashboard", "tab", "slider", "checkbox", "card", "button", "list")
    tricky_chat = [r for r, label in held if label == "chat" and any(w in r.lower() for w in ui_words)]
    ui_questions = [r for r, label in held if label == "ui" and r.rstrip().endswith("?")]
    assert len(tricky_chat) >= 0.15 * len(held) and len(ui_questions) >= 0.1 * len(held)


# --------------------------------------------------------------------------- no overlap with the benchmark

COMMON = frozenset("""
a an the and or but if of to in on at by for with from as is are was be been it its this that these those i
me my we our you your he she they them their what which who how when where why can could would should will
do does did make show give build create need want please add set use using each every all any some one two
three four five six seven eight nine ten per vs no not yes new total last next first plus also so then than
monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
september october november december mon tue wed thu fri sat sun jan feb mar apr jun jul aug sep oct nov dec
great good fine nice thanks hello engineer designer manager habit habits today tomorrow yesterday daily weekly monthly yearly never always often sometimes everyone nobody someone other
others light dark system auto high low medium small large big room water sea sun rain art music sport food
drink chicken fish beef vegan starter main dessert coffee tea milk bread english french spanish german deutsch
italian subscribe unsubscribe save cancel submit send open close start stop buy pay book join add remove edit
""".split())
_WORDS = re.compile(r"[a-z0-9']+")
_NUMBER = r"[$€£¥₹]?\s?\d[\d,.]*\d?(?:\s?(?:%|[$€£¥₹]|[a-z°/²]+)(?![\w]))?"
_WORD_NUMBER = re.compile(r"([A-Za-z]{3,}):?\s+(" + _NUMBER + ")")
_CAPITALISED = re.compile(r"(?<![.!?:\n]\s)(?<!^)\b([A-Z][a-z]+(?:[ -][A-Z][a-z]+)*)\b")
_UI_TITLES = re.compile(r'title="([^"]{3,})"|<Heading[^>]*>([^<]{3,})<')
_UI_LABELLED_NUMBER = re.compile(r'\["([^"]+)",(-?\d[\d.]*)\]|label="([^"]+)" value=(-?\d[\d.]*)')


def _ngrams(text: str, n: int = 6) -> set[tuple[str, ...]]:
    words = _WORDS.findall(text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def _flat(text: str) -> str:
    """Lower case, colons dropped, runs of spaces folded: how numbers in context are compared."""
    return re.sub(r"\s+", " ", text.lower().replace(":", " "))


def _specific(number: str) -> bool:
    """A number that random values rarely meet: with a unit or currency, a decimal, or three digits."""
    return bool(re.search(r"[^\d\s,.]", number) or "." in number or len(re.sub(r"\D", "", number)) >= 3)


def _numbers(case) -> set[str]:
    """A case's numbers in context: a specific number (:func:`_specific`) with the word before it in the
    request ("weigh 82 kg"), and each labelled number of the reference answer (``["Rent",1200]``,
    ``label="Total" value=42``)."""
    out = {_flat(f"{m[1]} {m[2]}").strip() for m in _WORD_NUMBER.finditer(case.request)
           if m[1].lower() not in COMMON and _specific(m[2])}
    for m in _UI_LABELLED_NUMBER.finditer(case.ui):
        out.add(f'["{m[1]}",{m[2]}]' if m[1] else f'label="{m[3]}" value={m[4]}')
    return out


def _distinctive(case, generic: frozenset[str]) -> set[str]:
    """Names and titles that identify a benchmark case, so that no training pair may contain one:

    - proper names: capitalised words inside a sentence of the request that are neither common
      words nor written in lower case anywhere in the benchmark (``generic``: "dark", "save");
    - titles of two or more words in the reference answer (``title=`` and headings).
    """
    out: set[str] = set()
    for m in _CAPITALISED.finditer(case.request):
        words = [w for w in re.split(r"[ -]", m[1]) if w.lower() not in COMMON and w.lower() not in generic]
        if words:
            out.add(m[1])
            out.update(w for w in words if len(words) > 1)  # each part of a full name too
    for m in _UI_TITLES.finditer(case.ui):
        title = (m[1] or m[2]).strip()
        if len(title.split()) >= 2 and not all(w in COMMON for w in _WORDS.findall(title.lower())):
            out.add(title)
    return {v for v in out if len(v) >= 3}


def _found(value: str, text: str, flat: str) -> bool:
    if value.startswith(("[", "label=")) or value not in (flat if value == _flat(value) else text):
        return value in text
    if value == _flat(value) and any(ch.isdigit() for ch in value):
        return re.search(r"(?<![\w$€£¥₹.,])" + re.escape(value) + r"(?![\w%.,]\d|\w)", flat) is not None
    return re.search(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text) is not None


@pytest.fixture(scope="module")
def bench_cases():
    cases = load_cases()
    assert len(cases) == 49
    return cases


def _generic_words(cases) -> frozenset[str]:
    """Words the benchmark itself writes in lower case somewhere (so they are not names)."""
    text = "\n".join(c.request + c.ui + c.html_lean for c in cases)
    return frozenset(re.findall(r"(?<![A-Za-z])[a-z]{3,}(?![A-Za-z])", text))


@pytest.fixture(scope="module")
def training_text(pairs, split, routes):
    texts = [p.request + "\n" + p.answer for p in [*pairs, *split[0], *split[1]]]
    texts += [r for r, _ in routes[0] + routes[1]]
    texts += [q for q, _ in questions.CHAT_EVAL]
    return texts


def test_no_training_request_shares_six_words_with_a_benchmark_request(bench_cases, training_text):
    bench = set().union(*(_ngrams(c.request) for c in bench_cases))
    for text in training_text:
        shared = _ngrams(text) & bench
        assert not shared, (" ".join(next(iter(shared))), text)


def test_no_distinctive_benchmark_value_appears_in_training(bench_cases, training_text):
    generic = _generic_words(bench_cases)
    values = set().union(*(_distinctive(c, generic) for c in bench_cases))
    assert len(values) >= 100  # the extraction finds plenty in the cases
    text = "\n".join(training_text)
    flat = _flat(text)
    found = sorted(v for v in values if _found(v, text, flat))
    assert not found, found


def test_no_training_pair_holds_two_numbers_of_one_benchmark_case(bench_cases, training_text):
    """One number in context can meet a random value ("May" and 600 in a rainfall chart); a case's data
    copied would bring several of its numbers into one pair."""
    cases = [(c.name, _numbers(c)) for c in bench_cases]
    assert sum(len(n) for _, n in cases) >= 100
    for text in training_text:
        flat = _flat(text)
        for name, numbers in cases:
            hits = [v for v in numbers if v in text or v in flat]
            hits = [v for v in hits if _found(v, text, flat)]
            assert len(hits) < 2, (name, hits, text)
