"""Open value pools for the natural-request generator.

Names of people, companies, places and things are drawn from short lists mixed
with made-up words (:func:`name`, :func:`company`, :func:`thing`), so a model
trained on them learns to copy a value from the request instead of recalling one.
Every pool here was written for UI4A from everyday needs; none is taken from the
benchmark. ``PLANTS`` is a held-out pool (see ``natural.HELDOUT``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ui4a.model.train.data import novel_word

NOVEL_SHARE = 0.35

FIRST_NAMES = (
    "Maya", "Teo", "Aisha", "Tomas", "Elena", "Ravi", "Sofia", "Jonas", "Mei", "Omar", "Lucia", "Kenji",
    "Nora", "Samir", "Ishani", "Hugo", "Zoe", "Ines", "Tariq", "Yuki", "Anya", "Diego", "Freya", "Kofi",
    "Liesel", "Mateo", "Olga", "Pablo", "Rosa", "Sven", "Tara", "Wei", "Amara", "Bruno", "Carys", "Dev",
    "Emil", "Farah", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lior", "Mirela", "Nils", "Oona", "Pia",
)
LAST_NAMES = (
    "Adeyemi", "Lindqvist", "Moreau", "Tanaka", "Silva", "Petrak", "Haddad", "Kowalski", "Nguyen", "Rossi",
    "Brandt", "Patel", "Byrne", "Alvarez", "Ivanova", "Mensah", "Dubois", "Ueda", "Costa", "Horvat",
)
COMPANY_WORDS = ("Blue", "North", "Bright", "Oak", "River", "Pine", "Stone", "Silver", "Red", "Green",
                 "Harbor", "Maple", "Summit", "Copper", "Lark", "Birch")
COMPANY_KINDS = ("Labs", "Works", "Studio", "Foods", "Logistics", "Print", "Bakery", "Motors", "Media",
                 "Design", "Supply", "Partners", "Dental", "Coffee")
COMPANY_SUFFIXES = ("", "", "", " Ltd", " GmbH", " & Co", " Inc", " SA")
PLACES = ("Coimbra", "Braga", "Valencia", "Ghent", "Bergen", "Turku", "Cork", "Leeds", "Lyon", "Bremen",
          "Krakow", "Brno", "Split", "Nantes", "Aarhus", "Malmo", "Graz", "Bilbao", "Perth", "Halifax")
STREET_KINDS = ("Street", "Road", "Lane", "Avenue", "Way")

# Things people keep lists or tables of; each pool is a kind of thing and a few of them.
THINGS: dict[str, tuple[str, ...]] = {
    "groceries": ("Oat milk", "Eggs", "Sourdough", "Apples", "Rice", "Lentils", "Butter", "Spinach",
                  "Tomatoes", "Yogurt", "Pasta", "Coffee beans", "Onions", "Cheddar", "Bananas"),
    "chores": ("Vacuum the hallway", "Take out recycling", "Water the balcony", "Clean the fridge",
               "Fold laundry", "Wipe the windows", "Change the sheets", "Descale the kettle"),
    "errands": ("Post the parcel", "Pick up glasses", "Renew the library card", "Drop off dry cleaning",
                "Buy stamps", "Return the drill", "Book a haircut"),
    "trip": ("Passport", "Charger", "Sunscreen", "Rain jacket", "Toothbrush", "Adapter plug", "Snacks",
             "Sandals", "Book", "Earplugs", "First aid kit"),
    "habits": ("Stretch", "Read 20 pages", "Drink water", "Walk", "Journal", "No sugar", "Meditate",
               "Practice guitar", "Floss", "Learn vocabulary", "Sleep by 11"),
    "exercises": ("Squats", "Push-ups", "Lunges", "Plank", "Deadlift", "Rows", "Burpees", "Pull-ups"),
    "dishes": ("Tomato soup", "Lentil curry", "Veggie lasagne", "Fish tacos", "Mushroom risotto",
               "Chicken salad", "Falafel wrap", "Pancakes"),
    "courses": ("Algebra", "Chemistry", "History", "Spanish", "Biology", "Art", "Economics", "Physics"),
    "services": ("Streaming", "Cloud backup", "Gym", "Music", "Phone plan", "News", "Password manager"),
    "skills": ("Python", "Sketching", "SQL", "Public speaking", "Copywriting", "Excel", "Photography"),
    "rooms": ("Kitchen", "Bathroom", "Living room", "Bedroom", "Garage", "Office", "Hallway"),
    "steps": ("Open the app", "Tap Profile", "Choose Security", "Enter the code", "Confirm", "Log in again"),
}
# Held out: plant names never appear in train (a value pool the model must copy from).
PLANTS = ("Monstera", "Basil", "Fiddle leaf fig", "Pothos", "Aloe", "Snake plant", "Rosemary", "Fern",
          "Orchid", "Peace lily")

TEAMS = ("Sales", "Support", "Design", "Marketing", "Finance", "Research", "Ops", "Platform", "Mobile")
ROLES = ("Designer", "Engineer", "Manager", "Analyst", "Intern", "Nurse", "Teacher", "Chef", "Writer")
STATUSES = {  # status word → badge tone
    "Paid": "success", "Done": "success", "Active": "success", "Shipped": "success", "Open": "info",
    "New": "info", "Draft": "neutral", "Pending": "warning", "Due": "warning", "In progress": "warning",
    "Late": "danger", "Overdue": "danger", "Blocked": "danger", "Cancelled": "neutral",
}


def _open(rng: random.Random, pool: Sequence[str]) -> str:
    return novel_word(rng) if rng.random() < NOVEL_SHARE else rng.choice(pool)


def first_name(rng: random.Random) -> str:
    return _open(rng, FIRST_NAMES)


def person(rng: random.Random) -> str:
    """A full name: 'Maya Adeyemi', 'Brelu Petrak'."""
    return f"{_open(rng, FIRST_NAMES)} {_open(rng, LAST_NAMES)}"


def company(rng: random.Random) -> str:
    """A company name: 'Oak Print', 'Tovarin Labs Ltd'."""
    head = novel_word(rng) if rng.random() < 0.5 else rng.choice(COMPANY_WORDS)
    return head + " " + rng.choice(COMPANY_KINDS) + rng.choice(COMPANY_SUFFIXES)


def place(rng: random.Random) -> str:
    return _open(rng, PLACES)


def street(rng: random.Random) -> str:
    return f"{rng.randint(1, 240)} {_open(rng, LAST_NAMES)} {rng.choice(STREET_KINDS)}"


def thing(rng: random.Random, kind: str) -> str:
    """One item of a kind (plants included); sometimes a made-up one."""
    pool = PLANTS if kind == "plants" else THINGS[kind]
    if rng.random() < NOVEL_SHARE / 2:
        return novel_word(rng) + " " + rng.choice(pool).split()[-1].lower()
    return rng.choice(pool)


def distinct(rng: random.Random, draw, k: int) -> list[str]:
    """``k`` distinct values from ``draw(rng)``."""
    out: list[str] = []
    for _ in range(50 * k):
        v = draw(rng)
        if v not in out:
            out.append(v)
        if len(out) == k:
            return out
    raise RuntimeError("pool too small")  # pragma: no cover


def things(rng: random.Random, kind: str, k: int) -> list[str]:
    return distinct(rng, lambda r: thing(r, kind), k)


def slug(s: str) -> str:
    """'Oak Print Ltd' → 'oak-print-ltd' (for made-up URLs)."""
    return "-".join("".join(ch for ch in w if ch.isalnum()) for w in s.lower().split() if any(c.isalnum() for c in w))
