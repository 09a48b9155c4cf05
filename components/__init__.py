"""UI4A's built-in component library: one component per module, each registering itself.

Importing this package imports every public module in it, so a new file is all a
new component needs.
"""

import importlib
import pkgutil

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")
