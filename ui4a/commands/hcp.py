"""``ui4a hcp validate|lock|diff|schema``: the harness manifest (harness.toml).

Exit codes: validate and lock give 1 when the manifest has faults (every one is
printed as FILE:LINE:COL: message); diff gives 0 when the harnesses are equal,
1 when they differ and 2 when one cannot be read; 2 for usage or I/O faults.
"""

from __future__ import annotations

import argparse
import sys

from ui4a.cli_support import CliError


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("hcp", help="the harness manifest: validate, lock, diff, schema")
    verbs = p.add_subparsers(dest="verb", required=True, metavar="VERB")
    v = verbs.add_parser("validate", help="check a manifest; every fault with its TOML line")
    v.add_argument("file", nargs="?", default="harness.toml")
    v.set_defaults(func=cmd_validate)
    lk = verbs.add_parser("lock", help="the revision hash over the manifest, prompts, components and adapters")
    lk.add_argument("file", nargs="?", default="harness.toml")
    lk.add_argument("--write", action="store_true", help="store it in harness.lock beside the manifest")
    lk.set_defaults(func=cmd_lock)
    d = verbs.add_parser("diff", help="what changed between two manifests or locks (exit 1 when any)")
    d.add_argument("a", help="a harness.toml or harness.lock")
    d.add_argument("b", help="a harness.toml or harness.lock")
    d.set_defaults(func=cmd_diff)
    s = verbs.add_parser("schema", help="print the manifest's JSON schema")
    s.add_argument("-o", "--output", help="write it here (atomically) instead of stdout")
    s.set_defaults(func=cmd_schema)


def _faults(exc) -> int:
    for line in exc.lines():
        print(line, file=sys.stderr)
    print(f"{len(exc.errors)} error(s) in {exc.path}", file=sys.stderr)
    return 1


def cmd_validate(args: argparse.Namespace) -> int:
    from ui4a.hcp import ManifestError, load
    from ui4a.hcp.lock import revision, snapshot

    try:
        manifest = load(args.file)
        rev = revision(snapshot(manifest))
    except ManifestError as exc:
        return _faults(exc)
    except OSError as exc:
        raise CliError(f"cannot read {args.file}: {exc.strerror or exc}") from exc
    print(f"ok: harness {manifest.harness.name} {manifest.harness.version}, revision {rev[:12]}")
    return 0


def cmd_lock(args: argparse.Namespace) -> int:
    from ui4a.hcp import ManifestError, lock, write_lock

    try:
        if args.write:
            rev, path = write_lock(args.file)
        else:
            rev, path = lock(args.file), None
    except ManifestError as exc:
        return _faults(exc)
    except OSError as exc:
        raise CliError(f"cannot read or write beside {args.file}: {exc.strerror or exc}") from exc
    print(f"revision: {rev}")
    if path is not None:
        print(f"wrote {path}", file=sys.stderr)
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    from ui4a.hcp import ManifestError, diff

    try:
        changes = diff(args.a, args.b)
    except ManifestError as exc:
        _faults(exc)
        return 2
    except (OSError, ValueError) as exc:
        raise CliError(str(exc)) from exc
    for change in changes:
        print(change.format())
    if not changes:
        print("no changes")
    return 1 if changes else 0


def cmd_schema(args: argparse.Namespace) -> int:
    from ui4a.hcp import schema_text

    text = schema_text()
    if args.output:
        from ui4a.hcp.files import write_atomic

        try:
            write_atomic(args.output, text)
        except OSError as exc:
            raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from exc
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
