"""Streaming vs full parse: is the stream parser incremental?

Streams a large generated document token by token (cl100k tokens, as a model
would emit them) and prints (a) total streaming time / one full parse, target
<= 3, and (b) throughput in MB/s for both. Timings are medians of several runs,
measured in the same process, so the ratio holds on a noisy machine.

    python -m bench.parse_speed [--size-kb 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from ui4a.lang.parser import StreamParser, parse

TARGET_RATIO = 3.0


def generate_document(size: int, seed: int = 7) -> str:
    """A realistic, valid document of about ``size`` characters: cards, tables, charts, forms."""
    rng = random.Random(seed)
    words = ("revenue margin orders shipped pending refund region north south east west team "
             "alpha beta review budget forecast quarter active churn growth").split()
    parts = ["<State qty=1 note=\"\" open=false />\n<Stack>\n"]
    n = 0
    while sum(map(len, parts)) < size:
        n += 1
        title = " ".join(rng.choice(words) for _ in range(3)).title()
        rows = ", ".join(
            f'["{rng.choice(words)}", {rng.randint(1, 999)}, {rng.random() * 100:.2f}, {str(rng.random() > .5).lower()}]'
            for _ in range(rng.randint(3, 12))
        )
        data = ", ".join(f'["{rng.choice(words)[:3]}", {rng.randint(0, 90)}]' for _ in range(6))
        parts.append(
            f'  <Card title="{title}" subtitle="Section {n}">\n'
            f'    <Text>The {rng.choice(words)} is up {rng.randint(1, 40)}% — total {{qty * {n}}} units.</Text>\n'
            f'    <Table columns=["Name", {{label:"Count", type:"number"}}, "Share", "Active"] rows=[{rows}] />\n'
            f'    <BarChart title="{rng.choice(words)}" data=[{data}] />\n'
            f'    <Button label="Ask about {n}" action={{qty = qty + 1; send("Tell me about {title} x{{qty}}")}} />\n'
            f"  </Card>\n"
        )
    parts.append("</Stack>\n")
    return "".join(parts)


def tokenize(source: str) -> list[str]:
    import quicktok

    enc = quicktok.get_encoding("cl100k_base")
    return [enc.decode([t]) for t in enc.encode(source)]


def stream(chunks: Sequence[str]) -> StreamParser:
    parser = StreamParser()
    for chunk in chunks:
        parser.feed(chunk)
    parser.close()
    return parser


def _median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-kb", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)

    source = generate_document(args.size_kb * 1024)
    chunks = tokenize(source)
    # Tokens decoded one by one may split a UTF-8 character; rejoin so chunks are valid text.
    assert "".join(chunks) == source, "token chunks must reassemble the document"
    assert stream(chunks).tree() == parse(source), "streamed tree differs from the full parse"

    full = _median_time(lambda: parse(source), args.repeat)
    streamed = _median_time(lambda: stream(chunks), args.repeat)
    mb = len(source.encode()) / 1e6
    ratio = streamed / full
    print(f"document: {mb * 1000:.0f} KB, {len(chunks)} cl100k tokens, {args.repeat} runs each (median)")
    print(f"full parse:       {full * 1000:8.1f} ms  {mb / full:6.2f} MB/s")
    print(f"stream by token:  {streamed * 1000:8.1f} ms  {mb / streamed:6.2f} MB/s  "
          f"({streamed / len(chunks) * 1e6:.1f} us/token)")
    verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
    print(f"stream / full ratio: {ratio:.2f}  ({verdict} target <= {TARGET_RATIO:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
