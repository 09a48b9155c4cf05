"""Icon names between UI4A's set and A2UI's basic catalog (Material-style camelCase names)."""

from __future__ import annotations

from typing import get_args

from ui4a import registry

TO_A2UI = {
    "check": "check", "x": "close", "plus": "add", "search": "search", "user": "person",
    "calendar": "calendarToday", "mail": "mail", "phone": "phone", "star": "star",
    "heart": "favorite", "home": "home", "settings": "settings", "info": "info",
    "alert": "warning", "cart": "shoppingCart", "map-pin": "locationOn",
    "arrow-right": "arrowForward", "arrow-left": "arrowBack", "download": "download",
    "upload": "upload", "edit": "edit", "trash": "delete", "lock": "lock",
    "bell": "notifications", "eye": "visibility", "menu": "menu", "refresh": "refresh",
}
"""UI4A icon → A2UI icon, where A2UI has one."""

FROM_A2UI = {v: k for k, v in TO_A2UI.items()} | {
    "accountCircle": "user", "call": "phone", "error": "alert", "event": "calendar",
    "attachFile": "file", "folder": "file", "help": "info", "lockOpen": "lock",
    "notificationsOff": "bell", "send": "arrow-right", "share": "external", "starHalf": "star",
    "starOff": "star", "favoriteOff": "heart", "visibilityOff": "eye", "moreVert": "menu",
    "moreHoriz": "menu", "payment": "cart", "photo": "file", "print": "file",
}
"""A2UI icon → the UI4A icon shown for it (the nearest one where UI4A has no such icon)."""


def ui4a_names() -> tuple[str, ...]:
    icon = registry.get("Icon")
    return get_args(icon.props.model_fields["name"].annotation) if icon else ()


def ui4a_only() -> list[str]:
    """UI4A icon names that A2UI's basic set lacks (exported under their own name)."""
    return [n for n in ui4a_names() if n not in TO_A2UI]


def to_a2ui(name: str) -> str:
    return TO_A2UI.get(name, name)


def to_ui4a(name: str) -> tuple[str | None, bool]:
    """(UI4A icon, exact?) for an A2UI icon name; None when there is nothing near it."""
    if name in ui4a_names():
        return name, True
    if name in FROM_A2UI:
        return FROM_A2UI[name], name in TO_A2UI.values()
    return None, False
