"""A2UI interop through the official SDK (``a2ui-agent-sdk``).

- :mod:`.export` — compact code → A2UI v0.9 (default) or v1.0 messages;
  :mod:`.catalog` — the catalog they conform to (the SDK's basic catalog plus UI4A's
  fields) and the SDK's validator; :mod:`.versions` — v0.9 ↔ v1.0 shapes.
- :mod:`.importer` — A2UI documents → compact code, through :mod:`.load` (bounded
  JSON), :mod:`.surfaces`, :mod:`.graph` (checks before expansion), :mod:`.values`,
  :mod:`.state` (data paths → state names) and :mod:`.pointer`.
- :mod:`.formats` — A2UI's own compact formats (Express, Elemental) from the SDK.
"""

from ui4a.a2ui.errors import A2UIError, ImportWarning
from ui4a.a2ui.export import export, to_jsonl
from ui4a.a2ui.importer import ImportResult, import_document

__all__ = ["A2UIError", "ImportResult", "ImportWarning", "export", "import_document", "to_jsonl"]
