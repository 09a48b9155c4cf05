"""HCP, the harness contract package: ``harness.toml``, a versioned, checked manifest of the whole harness.

``load`` gives a checked :class:`Manifest` or a :class:`ManifestError` listing every
positioned fault; ``save`` writes atomically; ``lock`` hashes the manifest with
everything it names; ``diff`` compares two harnesses; ``schema`` is the
published JSON schema.
"""

from ui4a.hcp.diff import Change, diff
from ui4a.hcp.load import DEFAULT_NAME, ManifestError, load, loads, save
from ui4a.hcp.lock import LOCK_NAME, lock, snapshot, write_lock
from ui4a.hcp.manifest import Manifest
from ui4a.hcp.schema import schema, schema_text

__all__ = ["DEFAULT_NAME", "LOCK_NAME", "Change", "Manifest", "ManifestError", "diff", "load", "loads", "lock",
           "save", "schema", "schema_text", "snapshot", "write_lock"]
