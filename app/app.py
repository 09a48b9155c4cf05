"""The UI4A Reflex app: the playground (/) and the component gallery (/components)."""

import reflex as rx

from app.pages.gallery import GalleryState, gallery
from app.pages.playground import playground
from app.state import PlaygroundState
from app.styles import GLOBAL_CSS

app = rx.App(head_components=[rx.el.style(GLOBAL_CSS)])
app.add_page(playground, route="/", title="UI4A playground", on_load=PlaygroundState.load)
app.add_page(gallery, route="/components", title="UI4A components", on_load=GalleryState.load)
