"""Text turns for the router and the chat adapter.

- :data:`CHAT_EVAL`: a fixed set of general questions (facts, arithmetic, definitions,
  small talk), each with the keywords a right answer contains; :func:`score_keywords`
  judges one answer.
- :func:`route_dataset`: ``(request, label)`` pairs, label ``"ui"`` or ``"chat"``, about
  45% chat. Chat is general questions, small talk, thanks, meta questions, and the
  tricky kind: questions that *mention* UI words ("what is a pie chart?", "how do
  tabs work in HTML?"). UI is natural requests (:mod:`natural`), including the other
  tricky kind: UI requests phrased as questions ("can you show my expenses as a pie
  chart?"). The held-out split uses wordings never seen in train (see
  :data:`HELDOUT_TEMPLATES`) and natural requests from its held-out split; no
  request is in both splits, and no CHAT_EVAL question is in either.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from ui4a.model.train import natural
from ui4a.model.train.data import novel_word
from ui4a.model.train.speech import in_words

Label = str  # "ui" or "chat"

# --------------------------------------------------------------------------- chat evaluation

# (question, keywords): every keyword must appear in the answer; "a|b" accepts either.
CHAT_EVAL: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("What is the capital of France?", ("Paris",)),
    ("What is the capital of Egypt?", ("Cairo",)),
    ("What is the capital of Italy?", ("Rome",)),
    ("What is the capital of Canada?", ("Ottawa",)),
    ("What is the largest planet in the solar system?", ("Jupiter",)),
    ("Which planet is known as the Red Planet?", ("Mars",)),
    ("Who wrote Romeo and Juliet?", ("Shakespeare",)),
    ("Who painted the Mona Lisa?", ("Leonardo|da Vinci",)),
    ("What is the chemical symbol for gold?", ("Au",)),
    ("What gas do plants take in from the air?", ("carbon dioxide|CO2",)),
    ("How many continents are there?", ("7",)),
    ("At what temperature in Celsius does water boil at sea level?", ("100",)),
    ("How many days are there in a leap year?", ("366",)),
    ("What is the longest river in Africa?", ("Nile",)),
    ("Which ocean is the largest?", ("Pacific",)),
    ("Who was the first person to walk on the Moon?", ("Armstrong",)),
    ("What language is spoken in Brazil?", ("Portuguese",)),
    ("What is the tallest mountain on Earth?", ("Everest",)),
    ("How many legs does a spider have?", ("8",)),
    ("What is the hardest natural material?", ("diamond",)),
    ("What is 12 times 7?", ("84",)),
    ("What is 15 plus 27?", ("42",)),
    ("What is 100 minus 37?", ("63",)),
    ("What is 144 divided by 12?", ("12",)),
    ("What is half of 50?", ("25",)),
    ("What is 9 squared?", ("81",)),
    ("What is the square root of 64?", ("8",)),
    ("How many minutes are in two hours?", ("120",)),
    ("What is 10 percent of 250?", ("25",)),
    ("I have 3 apples and buy 4 more. How many apples do I have?", ("7",)),
    ("What does CPU stand for?", ("central", "processing")),
    ("What is photosynthesis?", ("plant", "light|sun")),
    ("What is a noun?", ("person|place|thing",)),
    ("What is gravity?", ("force|attract|pull",)),
    ("What is a mammal?", ("milk|warm-blooded|hair|fur",)),
    ("What is inflation in economics?", ("price",)),
    ("What is the opposite of cold?", ("hot|warm",)),
    ("Give me a word that means happy.", ("glad|joyful|cheerful|content|pleased|delighted|jolly|merry",)),
    ("What is an island?", ("water",)),
    ("What is a verb?", ("action|doing|word",)),
    ("Hello!", ("hello|hi|hey|greetings",)),
    ("How are you today?", ("good|well|fine|great|doing",)),
    ("Thank you for your help!", ("welcome|glad|pleasure|happy",)),
    ("Good morning!", ("morning|hello|hi",)),
    ("Goodbye!", ("bye|see you|take care|farewell",)),
)


def _keyword_in(keyword: str, answer: str) -> bool:
    if keyword.isdigit():  # a number: whole, in digits or in words
        if re.search(rf"(?<![\d.,]){re.escape(keyword)}(?![\d]|[.,]\d)", answer):
            return True
        return int(keyword) < 1_000_000 and in_words(int(keyword)) in answer.lower()
    return keyword.casefold() in answer.casefold()


def score_keywords(answer: str, keywords: tuple[str, ...] | list[str]) -> bool:
    """True when ``answer`` contains every keyword (case ignored; 'a|b' accepts either; numbers
    match as whole numbers, in digits or words)."""
    return all(any(_keyword_in(k, answer) for k in kw.split("|")) for kw in keywords)


# --------------------------------------------------------------------------- chat requests

COUNTRIES = ("Spain", "Germany", "Portugal", "Kenya", "Peru", "Norway", "Egypt", "Vietnam", "Chile", "Poland",
             "Ghana", "Austria", "Ireland", "Mexico", "Greece", "Thailand")
AUTHORS_OF = ("Pride and Prejudice", "Hamlet", "The Odyssey", "Don Quixote", "Moby-Dick", "Frankenstein",
              "War and Peace", "Jane Eyre")
TOPICS = ("black holes", "the French Revolution", "compound interest", "volcanoes", "the immune system",
          "machine learning", "climate change", "the Roman Empire", "vaccines", "tides", "bitcoin",
          "sourdough starters", "jet lag", "the stock market", "rainbows", "honey bees")
TASKS = ("cook rice", "tie a tie", "change a tyre", "fall asleep faster", "learn Spanish", "save money",
         "write a cover letter", "stop procrastinating", "make cold brew", "train for a 10k")
SMALL_TALK = ("hi", "hello there", "hey!", "good evening", "how's it going?", "what's up?", "thanks!",
              "thank you so much", "cheers", "great, thanks", "bye", "see you later", "you're awesome", "lol",
              "ok cool", "nice", "haha that's funny", "good night", "sorry, my mistake", "never mind",
              "I'm bored", "I had a long day", "happy friday!", "morning!", "yo")
META = ("what can you do?", "who made you?", "are you an AI?", "what model are you?", "how do I ask for a UI?",
        "can you remember what I said earlier?", "do you store my data?", "what languages do you speak?",
        "are you better than a human designer?", "what are your limits?", "how should I phrase my requests?",
        "is this free?")
# Small talk and meta questions only the held-out split uses.
SMALL_TALK_HELDOUT = ("hiya", "evening!", "thanks a lot", "much appreciated", "catch you later", "how are things?",
                      "you're a star", "oops", "that made my day", "long time no see")
META_HELDOUT = ("what are you good at?", "can you learn from me?", "where do you run?", "do you have a name?")

# General-question templates: (template, slots).
GENERAL: tuple[str, ...] = (
    "what is the capital of {country}?", "who wrote {book}?", "what is {a} times {b}?", "what's {a} plus {b}?",
    "how much is {a} minus {b}?", "can you explain {topic} simply?", "tell me about {topic}",
    "how do I {task}?", "any tips to {task}?", "write a short poem about {topic}", "tell me a joke about {topic}",
    "translate 'good morning' into {lang}", "summarise {topic} in two sentences", "why is the sky blue?",
    "what should I cook tonight?", "recommend a book about {topic}", "is it healthy to drink coffee every day?",
    "what's the difference between weather and climate?", "how far is the moon?", "what year did {event}?",
    "who is {name}?", "what does '{word}' mean?", "give me three facts about {topic}",
    "help me write an email to my landlord", "what time zone is {country} in?",
    "is {a} a prime number?", "convert {a} miles to kilometres", "what's the population of {country}?",
)
LANGS = ("French", "Spanish", "German", "Italian", "Japanese", "Swahili")
EVENTS = ("the printing press appear", "World War II end", "the first iPhone come out", "humans land on the Moon")

# Questions that mention UI words but ask for an explanation: chat, not a UI.
UI_NOUNS = ("pie chart", "bar chart", "line chart", "dashboard", "table", "form", "modal", "tab", "dropdown",
            "slider", "checkbox", "radio button", "accordion", "progress bar", "timeline", "badge", "card",
            "tooltip", "navbar", "carousel", "date picker", "toggle switch", "breadcrumb", "wireframe",
            "landing page", "button", "spreadsheet", "kanban board", "sidebar", "data table")
UI_WORD_TEMPLATES = (
    "what is a {n}?", "explain what a {n} is", "what's a {n} for?", "how does a {n} work?",
    "when should I use a {n}?", "what is the purpose of a {n}?", "why would anyone use a {n}?",
    "is a {n} the same as a {m}?", "how do I make a {n} in Excel?", "what does {n} mean in web design?",
    "can you explain {n}s to a beginner?", "who invented the {n}?", "are {n}s bad for accessibility?",
    "what makes a {n} hard to read?", "which is better for comparing numbers, a {n} or a {m}?",
    "how do {n}s work in HTML?", "what's the difference between a {n} and a {m}?",
    "explain how a {n} differs from a {m}", "why do designers hate {n}s?", "how many {n}s is too many?",
    "what's the history of the {n}?",
)
# UI requests phrased as questions (or short asks) that carry no data.
UI_ASK_TEMPLATES = (
    "can you show my {thing} as a {view}?", "could I get a {view} for {thing}?", "would you make a {view} of {thing}?",
    "show me {thing} in a {view}", "I need a {view} for {thing}", "can you put {thing} in a {view}?",
    "make me a {view} of {thing}", "could you build a {view} for {thing}?", "how about a {view} of {thing}?",
    "can I have {thing} as a {view}?", "would it be possible to see {thing} as a {view}?",
    "mind turning {thing} into a {view}?", "can you draw {thing} as a {view}?", "give me {thing} as a {view}, please",
)
VIEWS = ("pie chart", "bar chart", "line chart", "table", "dashboard", "checklist", "tracker", "timeline",
         "form", "card", "calculator", "list", "tabbed view", "grid of cards")
THINGS = ("my expenses", "our sales", "my tasks", "the team", "my workouts", "my reading list", "monthly costs",
          "my grades", "the guest list", "our orders", "my subscriptions", "this week's meetings",
          "my savings", "the project milestones", "my sleep", "website visits", "the bake sale orders")

# Held-out wordings (never in train): two of each tricky kind and two general ones.
HELDOUT_TEMPLATES = frozenset({
    "how do {n}s work in HTML?", "what's the difference between a {n} and a {m}?",
    "explain how a {n} differs from a {m}",
    "can you show my {thing} as a {view}?", "could I get a {view} for {thing}?",
    "mind turning {thing} into a {view}?",
    "what time zone is {country} in?", "is {a} a prime number?",
})
CHAT_SHARE = 0.45
EVAL_QUESTIONS = frozenset(q.casefold() for q, _ in CHAT_EVAL)


def _fill(rng: random.Random, template: str) -> str:
    nouns = rng.sample(UI_NOUNS, 2)
    return template.format(
        country=rng.choice(COUNTRIES), book=rng.choice(AUTHORS_OF), a=rng.randint(2, 99), b=rng.randint(2, 99),
        topic=rng.choice(TOPICS), task=rng.choice(TASKS), lang=rng.choice(LANGS), event=rng.choice(EVENTS),
        name=novel_word(rng), word=novel_word(rng).lower(), n=nouns[0], m=nouns[1],
        thing=rng.choice(THINGS), view=rng.choice(VIEWS),
    )


def _casing(rng: random.Random, s: str) -> str:
    roll = rng.random()
    if roll < 0.4:
        return s[:1].upper() + s[1:]
    if roll < 0.5:
        return s.rstrip("?!.")
    return s


def _templates(pool: tuple[str, ...], heldout: bool) -> tuple[str, ...]:
    return tuple(t for t in pool if (t in HELDOUT_TEMPLATES) == heldout)


def _chat(rng: random.Random, heldout: bool) -> str:
    kind = rng.random()
    if kind < 0.45:
        return _casing(rng, _fill(rng, rng.choice(_templates(UI_WORD_TEMPLATES, heldout))))
    if kind < 0.75:
        return _casing(rng, _fill(rng, rng.choice(_templates(GENERAL, heldout))))
    if heldout:
        return _casing(rng, rng.choice(SMALL_TALK_HELDOUT if kind < 0.9 else META_HELDOUT))
    return _casing(rng, rng.choice(SMALL_TALK if kind < 0.9 else META))


def _ui(rng: random.Random, natural_pairs: Callable[[], str], heldout: bool) -> str:
    if rng.random() < 0.3:
        return _casing(rng, _fill(rng, rng.choice(_templates(UI_ASK_TEMPLATES, heldout))))
    return natural_pairs()


def _split(n: int, rng: random.Random, natural_next: Callable[[], str], heldout: bool,
           avoid: set[str]) -> list[tuple[str, Label]]:
    out: list[tuple[str, Label]] = []
    seen: set[str] = set()
    while len(out) < n:
        chat = rng.random() < CHAT_SHARE
        for _ in range(1000):  # redraw within the label, so the chat share holds
            req = _chat(rng, heldout) if chat else _ui(rng, natural_next, heldout)
            key = req.casefold()
            if key not in avoid and key not in EVAL_QUESTIONS and not (heldout and key in seen):
                break
        seen.add(key)
        out.append((req, "chat" if chat else "ui"))
    return out


def route_dataset(n_train: int, n_heldout: int, seed: int) -> tuple[list[tuple[str, Label]], list[tuple[str, Label]]]:
    """Router examples: a train split and a held-out split of wordings and combinations unseen in train."""
    nat_train, nat_held = natural.dataset(max(50, n_train // 2), max(20, n_heldout // 2), seed)
    train_iter, held_iter = iter(nat_train * 4), iter(nat_held * 4)
    rng = random.Random(f"ui4a-route-{seed}")
    train = _split(n_train, rng, lambda: next(train_iter).request, False, set())
    held = _split(n_heldout, random.Random(f"ui4a-route-heldout-{seed}"), lambda: next(held_iter).request, True,
                  {r.casefold() for r, _ in train})
    return train, held
