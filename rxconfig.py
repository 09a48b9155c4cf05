"""Reflex configuration for the UI4A playground (app/app.py)."""

import os

import reflex as rx
from reflex_base.plugins.sitemap import SitemapPlugin

config = rx.Config(
    app_name="app",
    telemetry_enabled=False,
    show_built_with_reflex=False,
    disable_plugins=[SitemapPlugin],
    # Used only inside the runtime-built canvas, so Reflex would not install it by itself.
    # Conversations persist in UI4A's own SQLite store; Reflex's per-tab state stays in memory
    # (the canvas holds live components, which are not picklable).
    state_manager_mode="memory",
    frontend_packages=["react-debounce-input@3.3.0"],
    frontend_port=int(os.environ.get("UI4A_PORT", "3000")),
    backend_port=int(os.environ.get("UI4A_PORT", "3000")),
)
