"""``ui4a a2ui``: export compact code as A2UI v0.9 JSONL, or import JSONL back."""

from __future__ import annotations

import argparse
import sys

from ui4a import a2ui
from ui4a.cli_support import EXIT_FAULTS, read_source, write_atomic
from ui4a.validate import check


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("a2ui", help="export a .ui file as A2UI v0.9 JSONL (or --import JSONL back to compact code)")
    p.add_argument("file", help="a .ui file (or, with --import, a .jsonl file); - for stdin")
    p.add_argument("--import", dest="import_", action="store_true", help="read A2UI JSONL, write compact code")
    p.add_argument("-o", "--output", help="write here instead of stdout (atomically)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    text, bad = read_source(args.file)
    if bad is not None:
        print(bad.format(args.file), file=sys.stderr)
        return EXIT_FAULTS
    if args.import_:
        try:
            out = a2ui.import_messages(text)
        except a2ui.A2UIError as exc:
            where = f"{args.file}:{exc.line}" if exc.line is not None else args.file
            print(f"{where}: {exc.detail}", file=sys.stderr)
            return EXIT_FAULTS
        report = check(out)
        if not report.ok:
            for d in report.diagnostics:
                print(f"{args.file}: imported code is invalid: {d.line}:{d.col}: {d.message}", file=sys.stderr)
            return EXIT_FAULTS
    else:
        report = check(text)
        if not report.ok or report.document is None:
            for d in report.diagnostics:
                print(d.format(args.file), file=sys.stderr)
            return EXIT_FAULTS
        try:
            out = a2ui.to_jsonl(a2ui.export(report.document))
        except a2ui.A2UIError as exc:
            print(f"{args.file}: {exc}", file=sys.stderr)
            return EXIT_FAULTS
    if args.output:
        write_atomic(args.output, out)
        print(f"wrote {args.output} ({len(out.encode())} bytes)", file=sys.stderr)
    else:
        sys.stdout.write(out)
    return 0
