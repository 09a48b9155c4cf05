"""UI4A's built-in component library: one component per module, each registering itself.

Importing this package imports every public module in it, so a new file is all a
new component needs. Names starting with an underscore are not components:
``_shared/`` holds the pieces several components use (icons, tones, number text,
charts, form fields). A component's module is named for its PascalCase name in
snake_case, so it never starts with an underscore and never collides with them.
"""

import importlib
import pkgutil

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")
