"""The ``ui4a`` command line.

Every failure on user input ends in a positioned message and a non-zero exit,
never a traceback: 1 for faults in the compact code, 2 for usage or I/O faults.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

from ui4a import catalog, registry, tokens
from ui4a.cli_support import EXIT_FAULTS, EXIT_USAGE, CliError, expand, read_source, write_atomic
from ui4a.lang.errors import Diagnostic

# ---------------------------------------------------------------- commands


def cmd_catalog(args: argparse.Namespace) -> int:
    names = _names(args.components)
    if args.json:
        print(json.dumps(catalog.catalog_json(names), indent=2))
    else:
        for comp in catalog.catalog_json(names):
            print(f"{comp['name']:<14} {comp['category']:<8} {comp['description']}")
    return 0


def cmd_prompt(args: argparse.Namespace) -> int:
    from ui4a import harness

    # With --components: the catalog prompt for them; else the system prompt the harness's model sees.
    text = catalog.prompt(_names(args.components)) if args.components else harness.system_prompt()
    sys.stdout.write(text)
    counts = tokens.count_all(text)
    print("# tokens: " + ", ".join(f"{k} {v}" for k, v in counts.items()), file=sys.stderr)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from ui4a.validate import check

    results = []
    faults = 0
    for path in expand(args.files):
        source, bad = read_source(path)
        diagnostics = [bad] if bad else check(source).diagnostics
        faults += len(diagnostics)
        results.append({"file": path, "ok": not diagnostics, "errors": [d.to_json() for d in diagnostics]})
        if not args.json:
            for d in diagnostics:
                print(d.format(path))
    if args.json:
        print(json.dumps(results, indent=2))
    elif not faults:
        print(f"ok: {len(results)} file(s), no errors")
    else:
        print(f"{faults} error(s) in {sum(not r['ok'] for r in results)} of {len(results)} file(s)",
              file=sys.stderr)
    return EXIT_FAULTS if faults else 0


def _render(path: str, standalone: bool, theme: str | None = None, live: bool = False) -> str:
    """Render a file under the active harness's theme (``theme`` overrides its light/dark choice).

    A ``live`` page says on stderr which elements its runtime cannot show again when state changes.
    """
    from ui4a import harness
    from ui4a.render.html import RenderError, render_page, render_tree
    from ui4a.validate import check

    source, bad = read_source(path)
    if bad:
        raise _Faults(path, [bad])
    look = harness.current().render
    report = check(source)
    if not report.ok:
        raise _Faults(path, report.diagnostics)
    try:
        if not standalone:
            return str(render_tree(report.document, theme=theme or look.theme))
        page = render_page(report.document, theme=theme or look.theme, live=live, title=Path(path).stem,
                           tokens=look.tokens)
    except RenderError as exc:
        raise _Faults(path, exc.diagnostics) from exc
    for warning in page.warnings:
        print(f"{warning.format(path)} (warning)", file=sys.stderr)
    return page.html


class _Faults(Exception):
    def __init__(self, path: str, diagnostics: list[Diagnostic]) -> None:
        super().__init__(path)
        self.path = path
        self.diagnostics = diagnostics


def cmd_render(args: argparse.Namespace) -> int:
    html = _render(args.file, args.standalone or args.static, args.theme, live=not args.static)
    if args.output:
        write_atomic(args.output, html)
        print(f"wrote {args.output} ({len(html.encode())} bytes)", file=sys.stderr)
    else:
        sys.stdout.write(html)
    return 0


def cmd_tokens(args: argparse.Namespace) -> int:
    rows = []
    for path in expand(args.files):
        source, bad = read_source(path)
        if bad:
            raise _Faults(path, [bad])
        html = _render(path, standalone=True)
        row = {"file": path}
        for enc in tokens.encodings():
            compact, full = tokens.count(source, enc), tokens.count(html, enc)
            row[enc] = {"compact": compact, "html": full, "saving": round(tokens.saving(compact, full), 4)}
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    encs = tokens.encodings()
    header = f"{'file':<40}" + "".join(f"{e + ' ui/html':>24}{'saved':>8}" for e in encs)
    print(header)
    for row in rows:
        line = f"{Path(row['file']).name:<40}"
        for e in encs:
            r = row[e]
            line += f"{str(r['compact']) + ' / ' + str(r['html']):>24}{r['saving']:>8.1%}"
        print(line)
    if len(rows) > 1:
        line = f"{'median saving':<40}"
        for e in encs:
            line += f"{'':>24}{statistics.median(r[e]['saving'] for r in rows):>8.1%}"
        print(line)
    return 0


def cmd_new_component(args: argparse.Namespace) -> int:
    from ui4a.scaffold import ScaffoldError, next_steps, scaffold

    try:
        path = scaffold(args.name, category=args.category, children=args.children,
                        directory=args.dir, force=args.force)
    except ScaffoldError as exc:
        raise CliError(str(exc)) from exc
    print(f"wrote {path}")
    print(next_steps(args.name, path, args.children))
    return 0


def _names(arg: str | None) -> list[str] | None:
    if not arg:
        return None
    names = [n.strip() for n in arg.split(",") if n.strip()]
    unknown = [n for n in names if registry.get(n) is None]
    if unknown:
        raise CliError(f"unknown component(s): {', '.join(unknown)} (see `ui4a catalog`)")
    return names


# ---------------------------------------------------------------- entry point


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ui4a", description="UI4A: typed components for generative UI.")
    parser.add_argument("--harness", metavar="FILE", help="the harness manifest (default: $UI4A_HARNESS, else "
                        "./harness.toml, else the project's)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("catalog", help="list components (with --json: schemas, children, examples)")
    p.add_argument("--json", action="store_true", help="machine-readable catalog")
    p.add_argument("--components", help="comma-separated subset")
    p.set_defaults(func=cmd_catalog)

    p = sub.add_parser("prompt", help="print the harness's system prompt (or a catalog subset's) and its tokens")
    p.add_argument("--components", help="comma-separated subset, e.g. Card,Text,Button")
    p.set_defaults(func=cmd_prompt)

    p = sub.add_parser("check", help="parse and validate compact-code files (exit 1 on any error)")
    p.add_argument("files", nargs="+", help="files, directories of .ui files, or - for stdin")
    p.add_argument("--json", action="store_true", help="errors as JSON")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("render", help="render a compact-code file to HTML")
    p.add_argument("file", help="a .ui file or - for stdin")
    p.add_argument("-o", "--output", help="write here instead of stdout (atomically)")
    p.add_argument("--standalone", action="store_true",
                   help="a complete HTML document with its CSS and UI4A's runtime, which runs its state")
    p.add_argument("--static", action="store_true", help="a complete HTML document with no script at all")
    p.add_argument("--theme", choices=["light", "dark"], default=None, help="default: the harness's [render]")
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("tokens", help="count tokens: compact code vs its rendered standalone HTML")
    p.add_argument("files", nargs="+", help="files or directories of .ui files")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_tokens)

    from ui4a.scaffold import CATEGORIES, CHILD_POLICIES

    p = sub.add_parser("new-component", help="scaffold a new component module (props, template, CSS, example)")
    p.add_argument("name", help="PascalCase component name, e.g. PriceTag")
    p.add_argument("--category", choices=CATEGORIES, default="content")
    p.add_argument("--children", choices=CHILD_POLICIES, default="none",
                   help="what may sit between its tags (default: none, self-closing)")
    p.add_argument("--dir", help="folder to write into (default: the built-in components package)")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.set_defaults(func=cmd_new_component)
    from ui4a import commands

    for module in commands.modules():
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from ui4a import harness
    from ui4a.hcp.load import ManifestError

    args = build_parser().parse_args(argv)
    if args.harness:
        os.environ[harness.ENV] = args.harness
        harness.reload()
    try:
        return args.func(args)
    except ManifestError as exc:  # the active manifest is faulty: none of it is used
        for line in exc.lines():
            print(line, file=sys.stderr)
        return EXIT_FAULTS
    except _Faults as exc:
        for d in exc.diagnostics:
            print(d.format(exc.path), file=sys.stderr)
        return EXIT_FAULTS
    except CliError as exc:
        print(f"ui4a: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
