"""Subcommands beyond the core ones: each module here defines ``add_parser(subparsers)``.

A module's parser sets ``func`` to a function taking the parsed namespace and
returning an exit code; raising ``ui4a.cli_support.CliError`` prints a one-line error
and exits 2. Dropping a module here is all a new subcommand needs.
"""

import importlib
import pkgutil


def modules():
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            yield importlib.import_module(f"{__name__}.{info.name}")
