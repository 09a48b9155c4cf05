"""A surface's component graph, checked before anything is expanded.

Components name their children by id, so a document can describe a cycle, a
child that does not exist, or one subtree shared by many parents that would
expand exponentially. :func:`check_graph` walks the graph once, iteratively, from
``root``: it names the ids of a cycle (a component listing itself included) and of
a missing child, and computes the size and depth the tree would have once every
shared subtree is copied — refused above :data:`MAX_EXPANDED` components or
:data:`MAX_DEPTH` levels before a single copy is made. Unreachable components
are reported as warnings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ui4a.a2ui.errors import A2UIError, ImportWarning
from ui4a.a2ui.surfaces import Component, Surface

MAX_EXPANDED = 2000
MAX_DEPTH = 30
"""Compact code nests at most 32 elements deep; two levels are kept for wrappers."""


def child_refs(comp: Component) -> Iterator[tuple[str, Any]]:
    """(field, referenced id or template) for every child reference of a component."""
    f = comp.fields
    children = f.get("children")
    if children is not None and not isinstance(children, list | dict):
        raise A2UIError(f"component {comp.id!r}: children must be a list of ids or a template"
                        " {componentId, path}", comp.line, 1)
    if isinstance(children, list):
        for c in children:
            yield "children", c
    elif isinstance(children, dict):
        yield "children", children  # a template: {"componentId", "path"}
    for key in ("child", "trigger", "content"):
        if key in f:
            yield key, f[key]
    if isinstance(f.get("tabs"), list):
        for tab in f["tabs"]:
            if isinstance(tab, dict) and "child" in tab:
                yield "tabs", tab["child"]


def check_graph(surface: Surface, repeat: Callable[[dict], int],
                warnings: list[ImportWarning]) -> None:
    """Raise on a missing root, a cycle, a missing child or an over-large expansion.

    ``repeat(template)`` says how many times a list template's component is drawn.
    """
    comps = surface.components
    if "root" not in comps:
        raise A2UIError(f"surface {surface.id!r} has no component with the id 'root'", surface.line, 1)
    size: dict[str, int] = {}
    depth: dict[str, int] = {}
    on_path: dict[str, int] = {}
    path: list[str] = []
    stack: list[tuple[str, Iterator[tuple[str, Any]]]] = []

    def enter(cid: str) -> None:
        on_path[cid] = len(path)
        path.append(cid)
        stack.append((cid, child_refs(comps[cid])))

    enter("root")
    while stack:
        cid, refs = stack[-1]
        step = next(refs, None)
        if step is None:
            stack.pop()
            path.pop()
            del on_path[cid]
            total, deepest = 1, 0
            for _, ref in child_refs(comps[cid]):
                kid, times = _target(ref, repeat)
                total += size[kid] * times
                deepest = max(deepest, depth[kid])
            size[cid], depth[cid] = total, deepest + 1
            if total > MAX_EXPANDED:
                raise A2UIError(_too_large(cid, total, comps), comps[cid].line, 1)
            if deepest + 1 > MAX_DEPTH:
                raise A2UIError(f"component {cid!r}: nested {deepest + 1} levels deep, over the limit of"
                                f" {MAX_DEPTH}", comps[cid].line, 1)
            continue
        field, ref = step
        kid, _ = _target(ref, repeat, comps[cid])
        if kid not in comps:
            raise A2UIError(f"component {cid!r}: {field} names {kid!r}, which does not exist",
                            comps[cid].line, 1)
        if kid in on_path:
            ring = [*path[on_path[kid]:], kid]
            cycle = " → ".join(ring if len(ring) <= 9 else [*ring[:4], f"… ({len(ring) - 1} components) …", *ring[-2:]])
            what = "lists itself as a child" if kid == cid else f"is in a cycle: {cycle}"
            raise A2UIError(f"component {kid!r} {what}", comps[kid].line, 1)
        if kid not in size:
            enter(kid)
    for cid, comp in comps.items():
        if cid not in size:
            warnings.append(ImportWarning(comp.line, cid, "not reachable from 'root'; not shown"))


def _target(ref: Any, repeat: Callable[[dict], int], parent: Component | None = None) -> tuple[str, int]:
    if isinstance(ref, dict):
        kid = ref.get("componentId")
        if not isinstance(kid, str):
            raise A2UIError(f"component {parent.id if parent else '?'!r}: a list template needs a"
                            " componentId", parent.line if parent else None, 1)
        return kid, repeat(ref)
    if not isinstance(ref, str):
        raise A2UIError(f"component {parent.id if parent else '?'!r}: child reference {ref!r} is not an id",
                        parent.line if parent else None, 1)
    return ref, 1


def _too_large(cid: str, total: int, comps: dict[str, Component]) -> str:
    shared = _most_shared(comps)
    why = f" ({shared[0]!r} is the child of {shared[1]} components)" if shared and shared[1] > 1 else ""
    return (f"component {cid!r} would expand to {total:,} components once shared children are copied,"
            f" over the limit of {MAX_EXPANDED:,}{why}")


def _most_shared(comps: dict[str, Component]) -> tuple[str, int] | None:
    parents: dict[str, int] = {}
    for comp in comps.values():
        for _, ref in child_refs(comp):
            if isinstance(ref, str):
                parents[ref] = parents.get(ref, 0) + 1
    return max(parents.items(), key=lambda kv: kv[1]) if parents else None
