"""Atomic writes: readers see the old file or the new one, never half of either.

Every writer in the project (CLI outputs, the scaffolder, datasets, the manifest
and its lock) goes through here; so do folders built whole (a converted base, a
model's adapters), which never show half-written.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _mode(target: Path) -> int:
    """The existing file's mode, else the usual mode for a new file under the umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) through a synced temporary file, then rename over ``path``.

    Raises OSError; callers turn it into their own positioned message.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _mode(target))  # mkstemp makes the file private; the result should not be
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def folder(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A new temporary folder beside ``path`` to fill; when the block ends well it takes the place of
    ``path`` (mode 0755, any old folder removed), else it is removed and the error goes on."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        yield tmp
        os.chmod(tmp, 0o755)  # mkdtemp makes the folder private; the result should not be
        if target.exists():
            shutil.rmtree(target)
        os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
