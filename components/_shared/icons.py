"""The icon set that Icon, Callout and EmptyState draw, and the SVG fragments that draw it.

Icons are simple 24x24 stroke drawings (one or more path ``d`` strings each),
drawn for UI4A; templates render them with ``stroke="currentColor"`` so they
take the colour of the surrounding text.
"""

from __future__ import annotations

from typing import Literal, get_args

IconName = Literal[
    "check", "x", "plus", "minus", "search", "user", "users", "calendar", "clock",
    "mail", "phone", "message", "star", "heart", "home", "settings", "info", "alert",
    "chart", "cart", "tag", "map-pin", "arrow-right", "arrow-left", "arrow-up",
    "arrow-down", "chevron-right", "chevron-down", "download", "upload", "edit", "trash",
    "lock", "bell", "file", "link", "external", "filter", "refresh", "eye", "menu",
]

_CIRCLE_9 = "M21 12a9 9 0 1 1-18 0a9 9 0 1 1 18 0z"

ICONS: dict[str, tuple[str, ...]] = {
    "check": ("M5 12.5l4.5 4.5L19 7.5",),
    "x": ("M6 6l12 12M18 6L6 18",),
    "plus": ("M12 5v14M5 12h14",),
    "minus": ("M5 12h14",),
    "search": ("M17 10.5a6.5 6.5 0 1 1-13 0a6.5 6.5 0 1 1 13 0z", "M15.5 15.5L20 20"),
    "user": ("M16 8a4 4 0 1 1-8 0a4 4 0 1 1 8 0z", "M4.5 20c.8-3.8 3.9-6 7.5-6s6.7 2.2 7.5 6"),
    "users": (
        "M12.5 8a3.5 3.5 0 1 1-7 0a3.5 3.5 0 1 1 7 0z",
        "M2.5 20c.6-3.4 3.2-5.5 6.5-5.5s5.9 2.1 6.5 5.5",
        "M15.5 4.7a3.5 3.5 0 0 1 0 6.6",
        "M17.5 14.8c2.2.6 3.6 2.5 4 5.2",
    ),
    "calendar": (
        "M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
        "M3 10h18M8 3v4M16 3v4",
    ),
    "clock": (_CIRCLE_9, "M12 7v5l3 2"),
    "mail": (
        "M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
        "M3.5 7.5L12 13l8.5-5.5",
    ),
    "phone": (
        "M9 2h6a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z",
        "M11 18h2",
    ),
    "message": ("M5 4h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4V5a1 1 0 0 1 1-1z",),
    "star": (
        "M12 3.1L14.4 9.3L21 9.7L15.9 13.9L17.6 20.3L12 16.7L6.4 20.3L8.1 13.9L3 9.7L9.6 9.3z",
    ),
    "heart": (
        "M12 20C7 16.5 3.5 13.5 3.5 9.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8.5 2.5"
        "c0 4-3.5 7-8.5 10.5z",
    ),
    "home": ("M3 11l9-7.5 9 7.5", "M5 9.5V20h5v-6h4v6h5V9.5"),
    "settings": (
        "M19 10.4L21.4 10.7L21.4 13.3L19 13.6L18.1 15.8L19.6 17.7L17.7 19.6L15.8 18.1"
        "L13.6 19L13.3 21.4L10.7 21.4L10.4 19L8.2 18.1L6.3 19.6L4.4 17.7L5.9 15.8L5 13.6"
        "L2.6 13.3L2.6 10.7L5 10.4L5.9 8.2L4.4 6.3L6.3 4.4L8.2 5.9L10.4 5L10.7 2.6"
        "L13.3 2.6L13.6 5L15.8 5.9L17.7 4.4L19.6 6.3L18.1 8.2z",
        "M15 12a3 3 0 1 1-6 0a3 3 0 1 1 6 0z",
    ),
    "info": (_CIRCLE_9, "M12 11v5M12 7.5h.01"),
    "alert": ("M12 3.5L21.5 20h-19z", "M12 10v4M12 17h.01"),
    "chart": ("M4 4v16h16", "M8 16v-5M12 16V8M16 16v-3"),
    "cart": (
        "M3 4h2.5l2.2 10.5h10.3L20 8H6.4",
        "M10.5 19a1.5 1.5 0 1 1-3 0a1.5 1.5 0 1 1 3 0z",
        "M18.5 19a1.5 1.5 0 1 1-3 0a1.5 1.5 0 1 1 3 0z",
    ),
    "tag": (
        "M3 4v7.2l9.4 9.4a1.5 1.5 0 0 0 2.1 0l6.1-6.1a1.5 1.5 0 0 0 0-2.1L11.2 3H4"
        "a1 1 0 0 0-1 1z",
        "M7.5 7.5h.01",
    ),
    "map-pin": (
        "M12 21s-6.5-6.2-6.5-11.5a6.5 6.5 0 0 1 13 0C18.5 14.8 12 21 12 21z",
        "M14.5 9.5a2.5 2.5 0 1 1-5 0a2.5 2.5 0 1 1 5 0z",
    ),
    "arrow-right": ("M5 12h14M13 6l6 6-6 6",),
    "arrow-left": ("M19 12H5M11 6l-6 6 6 6",),
    "arrow-up": ("M12 19V5M6 11l6-6 6 6",),
    "arrow-down": ("M12 5v14M6 13l6 6 6-6",),
    "chevron-right": ("M9 6l6 6-6 6",),
    "chevron-down": ("M6 9l6 6 6-6",),
    "download": ("M12 4v11M7 10l5 5 5-5M5 20h14",),
    "upload": ("M12 16V5M7 10l5-5 5 5M5 20h14",),
    "edit": ("M4 20h4L19 9l-4-4L4 16z", "M13 7l4 4"),
    "trash": ("M4 7h16M9 7V4h6v3", "M6 7l1 13h10l1-13", "M10 11v6M14 11v6"),
    "lock": (
        "M7 11h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2z",
        "M8 11V8a4 4 0 0 1 8 0v3",
    ),
    "bell": ("M6 16v-5a6 6 0 0 1 12 0v5l1.5 2h-15z", "M10 21h4"),
    "file": (
        "M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z",
        "M14 3v5h5",
    ),
    "link": (
        "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1",
        "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
    ),
    "external": ("M14 4h6v6M20 4l-9 9", "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"),
    "filter": ("M4 5h16l-6 7.5V19l-4 1.5v-8z",),
    "refresh": ("M20 12a8 8 0 1 1-2.34-5.66L20 8.5", "M20 4v4.5h-4.5"),
    "eye": (
        "M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z",
        "M15 12a3 3 0 1 1-6 0a3 3 0 1 1 6 0z",
    ),
    "menu": ("M4 6h16M4 12h16M4 18h16",),
}

assert set(get_args(IconName)) == set(ICONS), "IconName and ICONS disagree"

# Pixel sizes for the shared Size scale.
ICON_PX = {"sm": 16, "md": 20, "lg": 28}

# The icon a Callout shows for each tone.
TONE_ICON: dict[str, str] = {
    "neutral": "info", "info": "info", "success": "check",
    "warning": "alert", "danger": "alert", "accent": "star",
}

# Template fragments for an inline icon: ``SVG_OPEN`` + class/size/aria attributes + ``>`` +
# ``SVG_PATHS`` (loops over ``paths``, the icon's d strings) + ``</svg>``.
SVG_OPEN = (
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"'
    ' stroke-linecap="round" stroke-linejoin="round" focusable="false"'
)
SVG_PATHS = '{% for d in paths %}<path d="{{ d }}"/>{% endfor %}'

