"""What UI4A components and values correspond to in A2UI's basic catalog, both ways."""

from __future__ import annotations

BASIC_FOR = {
    "Stack": "Column", "Row": "Row", "Card": "Card", "Heading": "Text", "Text": "Text",
    "Button": "Button", "TextField": "TextField", "NumberField": "TextField",
    "Checkbox": "CheckBox", "Switch": "CheckBox", "Select": "ChoicePicker",
    "RadioGroup": "ChoicePicker", "Slider": "Slider", "DateField": "DateTimeInput",
    "Image": "Image", "Icon": "Icon", "Tabs": "Tabs", "Modal": "Modal",
    "Divider": "Divider", "List": "List",
}
"""UI4A component → the basic-catalog component it is exported as (Tab lives inside Tabs)."""

BASIC_COMPONENTS = (
    "Text", "Image", "Icon", "Video", "AudioPlayer", "Row", "Column", "List", "Card", "Tabs",
    "Modal", "Divider", "Button", "TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput",
)
"""The 18 components of A2UI's basic catalog."""

JUSTIFY = {"between": "spaceBetween", "around": "spaceAround"}
"""UI4A Row justify → A2UI justify, where the names differ."""
JUSTIFY_BACK = {"spaceBetween": "between", "spaceAround": "around", "spaceEvenly": "around",
                "start": "start", "center": "center", "end": "end"}
"""A2UI justify → UI4A Row justify (spaceEvenly is shown as spaceAround)."""

BUTTON_VARIANT = {"primary": "primary", "secondary": None, "ghost": "borderless"}
"""UI4A button variant → A2UI (None: A2UI's default style)."""
BUTTON_VARIANT_BACK = {"primary": "primary", "default": "secondary", "borderless": "ghost"}

LIST_PARTS = (("title", "h5"), ("description", "body"), ("meta", "caption"))
"""A UI4A list item's parts and the Text variants they are exported with."""

HEADING_LEVELS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 4}
"""A2UI text variant → UI4A Heading level (UI4A has four levels)."""
