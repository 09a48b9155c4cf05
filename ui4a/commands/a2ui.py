"""``ui4a a2ui``: export compact code as A2UI JSONL (v0.9, or v1.0), or import A2UI back."""

from __future__ import annotations

import argparse
import sys

from ui4a import a2ui
from ui4a.cli_support import EXIT_FAULTS, read_source, write_atomic
from ui4a.validate import check


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("a2ui", help="export a .ui file as A2UI JSONL (or --import an A2UI document back)")
    p.add_argument("file", help="a .ui file (or, with --import, A2UI JSONL or a JSON array); - for stdin")
    p.add_argument("--import", dest="import_", action="store_true",
                   help="read A2UI v0.9/v0.10/v1.0 messages, write compact code")
    p.add_argument("--version", dest="a2ui_version", choices=("0.9", "1.0"), default="0.9",
                   help="A2UI version to export (default 0.9)")
    p.add_argument("--strict", action="store_true", help="with --import: any warning is an error (exit 1)")
    p.add_argument("-o", "--output", help="write here instead of stdout (atomically)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    text, bad = read_source(args.file)
    if bad is not None:
        print(bad.format(args.file), file=sys.stderr)
        return EXIT_FAULTS
    if args.import_:
        try:
            result = a2ui.import_document(text, strict=args.strict)
        except a2ui.A2UIError as exc:
            print(exc.format(args.file), file=sys.stderr)
            return EXIT_FAULTS
        for w in result.warnings:
            print(w.format(args.file), file=sys.stderr)
        out = result.code
    else:
        report = check(text)
        if not report.ok or report.document is None:
            for d in report.diagnostics:
                print(d.format(args.file), file=sys.stderr)
            return EXIT_FAULTS
        try:
            out = a2ui.to_jsonl(a2ui.export(report.document, version=args.a2ui_version))
        except a2ui.A2UIError as exc:
            print(exc.format(args.file), file=sys.stderr)
            return EXIT_FAULTS
    if args.output:
        write_atomic(args.output, out)
        print(f"wrote {args.output} ({len(out.encode())} bytes)", file=sys.stderr)
    else:
        sys.stdout.write(out)
    return 0
