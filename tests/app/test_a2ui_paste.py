"""Telling an A2UI paste from a chat message, and converting it (no browser)."""

from __future__ import annotations

from app import a2ui_paste


def test_a2ui_documents_are_recognised_and_chat_is_not():
    assert a2ui_paste.looks_like_a2ui('{"version": "v0.9", "createSurface": {"surfaceId": "s"}}')
    assert a2ui_paste.looks_like_a2ui('[{"updateComponents": {"surfaceId": "s", "components": []}}]')
    assert not a2ui_paste.looks_like_a2ui("show me a createSurface example")
    assert not a2ui_paste.looks_like_a2ui('{"title": "not A2UI"}')


def test_a_bad_paste_gives_a_positioned_error():
    code, notes = a2ui_paste.convert('{"createSurface": {"surfaceId": "s"}}{"updateComponents": 5')
    assert code is None and notes[0].startswith("A2UI paste:1:")
