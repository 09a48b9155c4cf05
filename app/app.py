"""The UI4A Reflex app: the playground (/), the component gallery (/components), the examples (/examples)."""

import reflex as rx
from reflex_base.components.dynamic import bundle_library

from app.pages.examples import examples
from app.pages.gallery import GalleryState, gallery
from app.pages.playground import playground
from app.state import PlaygroundState
from app.styles import GLOBAL_CSS

# The canvas is built at run time; a library used only there must be bundled, not fetched from a CDN.
bundle_library(rx.debounce_input(rx.el.input(value="", on_change=rx.console_log(""))))
bundle_library(rx.el.a("link", href="#"))  # links render through react-router's Link

app = rx.App(head_components=[rx.el.style(GLOBAL_CSS)])
app.add_page(playground, route="/", title="UI4A playground", on_load=PlaygroundState.load)
app.add_page(gallery, route="/components", title="UI4A components", on_load=GalleryState.load)
app.add_page(examples, route="/examples", title="UI4A examples")
