"""What the A2UI bridge reports: positioned errors and warnings naming what was lost."""

from __future__ import annotations

from dataclasses import dataclass


class A2UIError(Exception):
    """Bad A2UI input, or compact code that cannot be exported; positioned when it can be."""

    def __init__(self, message: str, line: int | None = None, col: int | None = None) -> None:
        self.line = line
        self.col = col
        self.detail = message
        super().__init__(self.format())

    def format(self, filename: str | None = None) -> str:
        where = ":".join(str(x) for x in (filename, self.line, self.col) if x is not None)
        return f"{where}: {self.detail}" if where else self.detail


@dataclass(frozen=True)
class ImportWarning:
    """Something the importer could not carry over: the component, and what was lost."""

    line: int
    component: str | None
    message: str

    def format(self, filename: str = "<input>") -> str:
        who = f"component {self.component!r}: " if self.component else ""
        return f"{filename}:{self.line}: warning: {who}{self.message}"
