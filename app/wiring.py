"""Connects the Reflex renderer's event markers to a state's handlers."""

from __future__ import annotations

from typing import Any

from ui4a.render.reflex import Wiring


def wiring_for(state: Any) -> Wiring:
    return Wiring(
        action=lambda source: state.run_action(source),
        bind_value=lambda name: lambda value: state.set_bound(name, value),
        bind_toggle=lambda name: state.toggle_bound(name),
        submit=lambda source: lambda form_data: state.submit_form(source, form_data),
    )
