"""Reflex configuration for the UI4A playground (app/app.py)."""

import os

import reflex as rx
from reflex_base.plugins.sitemap import SitemapPlugin

config = rx.Config(
    app_name="app",
    telemetry_enabled=False,
    show_built_with_reflex=False,
    disable_plugins=[SitemapPlugin],
    frontend_port=int(os.environ.get("UI4A_PORT", "3000")),
    backend_port=int(os.environ.get("UI4A_PORT", "3000")),
)
