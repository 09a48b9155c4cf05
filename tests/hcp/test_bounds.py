"""A manifest's depth and size are checked before tomllib reads it: a positioned fault, never a
RecursionError."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ui4a.hcp import ManifestError, loads
from ui4a.hcp.bounds import first_fault

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "harness.toml").read_text(encoding="utf-8")
LINE = BASE.count("\n") + 2


@pytest.mark.parametrize(
    ("extra", "fault"),
    [
        ("x = " + "[" * 5000 + "]" * 5000, f"{LINE}:37: arrays and inline tables nested deeper than 32 levels"),
        ("x = " + "{a = " * 3000 + "1" + "}" * 3000, f"{LINE}:165: arrays and inline tables nested deeper than 32 levels"),
        ("x = [\n" + "[\n" * 40 + "]\n" * 40 + "]", f"{LINE + 32}:1: arrays and inline tables nested deeper than 32 levels"),
        (".".join(["k"] * 20_000) + " = 1", f"{LINE}:32: a dotted key has more than 16 parts"),
        ("[" + ".".join(["k"] * 20_000) + "]", f"{LINE}:33: a table header has more than 16 parts"),
        ("x = {" + ".".join(["k"] * 100) + " = 1}", f"{LINE}:37: a dotted key has more than 16 parts"),
        ("# " + "x" * 1_100_000,  # the column where the 1,048,577th character falls
         f"{LINE}:{1048576 - len(BASE)}: the manifest is longer than 1048576 characters"),
    ],
)
def test_limits_are_positioned_and_quick(extra, fault):
    started = time.perf_counter()
    with pytest.raises(ManifestError) as info:
        loads(BASE + "\n" + extra + "\n")
    assert time.perf_counter() - started < 1
    assert info.value.lines() == [f"harness.toml:{fault}"]


@pytest.mark.parametrize(
    "text",
    [
        BASE,
        'a = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r"',
        "a = '''\n" + "[" * 40 + "\n'''",
        'a = """\\""" [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ """',
        "a = 1 # " + "[" * 40,
        '"a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r" = 1',
        "x = [{}, {}, {a = [1, {b = 2}]}]\n" * 50,
        "x = 3.14159\ny = 1979-05-27T07:32:00Z",
    ],
)
def test_ordinary_text_passes(text):
    assert first_fault(text) is None
