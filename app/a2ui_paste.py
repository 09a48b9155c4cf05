"""The playground's A2UI paste: a message that is an A2UI document (JSONL, or a JSON
array of messages) is shown as the interface it describes — converted by the
importer, not sent to the model — and *View source* shows the compact code it became.
"""

from __future__ import annotations

from ui4a import a2ui

MESSAGE_KEYS = ("createSurface", "updateComponents", "updateDataModel", "deleteSurface")


def looks_like_a2ui(text: str) -> bool:
    """JSON that names an A2UI message type near its start."""
    head = text.lstrip()[:4000]
    return head[:1] in ("{", "[") and any(f'"{key}"' in head for key in MESSAGE_KEYS)


def convert(text: str) -> tuple[str | None, list[str]]:
    """(compact code, its warnings) or (None, the positioned error)."""
    try:
        result = a2ui.import_document(text)
    except a2ui.A2UIError as exc:
        return None, [f"A2UI {exc.format('paste')}"]
    return result.code, [w.format("paste") for w in result.warnings]
