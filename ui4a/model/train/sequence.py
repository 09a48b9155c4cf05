"""The embedded model's sequence format, shared by training and inference.

    <s><|system|>{catalog prompt}<|user|>{request}<|assistant|>{answer}</s>
    <s><|system|>{catalog prompt}<|user|>{request}<|route|>{label}</s>

The system prefix is identical for every turn, so its KV cache is computed once
per adapter and reused. Routing asks the base to name an adapter after
``<|route|>``, choosing only among the labels.
"""

from __future__ import annotations

SPECIAL_TOKENS = ("<pad>", "<s>", "</s>", "<|system|>", "<|user|>", "<|assistant|>", "<|route|>")
ROUTE_LABELS = ("ui", "chat")
USER = "<|user|>"


def system_prefix(system: str) -> str:
    return f"<|system|>{system}"


def turn_sequence(system: str, request: str) -> str:
    """Everything before the answer of a turn (the answer follows directly)."""
    return f"{system_prefix(system)}{USER}{request}<|assistant|>"


def route_sequence(system: str, request: str) -> str:
    return f"{system_prefix(system)}{USER}{request}<|route|>"
