"""How turns are written as tokens, shared by training and inference, in two formats.

tiny (ui4a-tiny, built from scratch with its own special tokens):

    <s><|system|>{catalog prompt}<|user|>{request}<|assistant|>{answer}</s>
    <s><|system|>{catalog prompt}<|user|>{request}<|route|>{label}</s>

chatml (a pretrained chat base, in its own template; each adapter has its own system prompt):

    <|im_start|>system\n{prompt}<|im_end|>\n<|im_start|>user\n{request}<|im_end|>\n<|im_start|>assistant\n{answer}<|im_end|>

The system prefix is identical for every turn of an adapter, so its KV cache is computed once and
reused. Routing asks for a label, choosing only among the labels' first tokens.
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


# ---------------------------------------------------------------- a pretrained chat base (ChatML)
# A pretrained instruction-tuned base already speaks its own chat template, so its adapters are trained
# in that format: each adapter's system prompt, then the user's turn, then the answer and <|im_end|>.
# The system part is identical for every turn of an adapter, so its KV cache is computed once (by the
# frozen base, in training and at inference alike) and shared.

CHATML_END = "<|im_end|>"
ROUTE_SYSTEM = ("Decide who answers the user's message. Reply ui when the answer should be an interface "
                "built from components (a form, table, chart, dashboard, tracker, calculator, page), or "
                "chat when it should be text (a fact, an explanation, a greeting, a question about words).")
CHAT_SYSTEM = "You are a helpful assistant. Answer clearly and briefly."


def chatml_prefix(system: str) -> str:
    return f"<|im_start|>system\n{system}{CHATML_END}\n"


def chatml_turn(request: str) -> str:
    """The user's turn and the opening of the answer (the answer and <|im_end|> follow)."""
    return f"<|im_start|>user\n{request}{CHATML_END}\n<|im_start|>assistant\n"


# ---------------------------------------------------------------- one interface over both formats

class Format:
    """How a model directory's sequences are written, as token ids (training and inference agree).

    ``prompt(adapter)`` is the adapter's system prompt; ``prefix_by_base`` says whether that prefix's
    keys and values come from the bare base (so adapters trained on one prompt share them) or from the
    adapter itself; ``stop_ids`` end an answer.
    """

    name = ""
    prefix_by_base = False

    def __init__(self, tokenizer: object, prompts: dict[str, str]) -> None:
        self.tokenizer = tokenizer
        self.prompts = prompts

    def ids(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]  # type: ignore[operator]

    def prompt(self, adapter: str | None) -> str:
        return self.prompts.get(adapter or "", self.prompts["ui"])

    def prefix_ids(self, adapter: str | None) -> list[int]:
        raise NotImplementedError

    def turn_ids(self, request: str) -> list[int]:
        raise NotImplementedError

    def route_ids(self, request: str) -> list[int]:
        raise NotImplementedError

    @property
    def route_adapter(self) -> str | None:
        """The adapter that routes (None: the bare base)."""
        return None

    @property
    def stop_ids(self) -> frozenset[int]:
        raise NotImplementedError


class TinyFormat(Format):
    """The embedded from-scratch model's own special tokens; one catalog prompt for every adapter."""

    name = "tiny"

    def prefix_ids(self, adapter: str | None) -> list[int]:
        return [self.tokenizer.bos_token_id, *self.ids(system_prefix(self.prompt(adapter)))]  # type: ignore[attr-defined]

    def turn_ids(self, request: str) -> list[int]:
        return self.ids(f"{USER}{request}<|assistant|>")

    def route_ids(self, request: str) -> list[int]:
        return self.ids(f"{USER}{request}<|route|>")

    @property
    def stop_ids(self) -> frozenset[int]:
        return frozenset({self.tokenizer.eos_token_id})  # type: ignore[attr-defined]


class ChatMLFormat(Format):
    """A pretrained chat base's own template; each adapter has its own system prompt, run by the bare base."""

    name = "chatml"
    prefix_by_base = True

    def prefix_ids(self, adapter: str | None) -> list[int]:
        return self.ids(chatml_prefix(self.prompt(adapter)))

    def turn_ids(self, request: str) -> list[int]:
        return self.ids(chatml_turn(request))

    def route_ids(self, request: str) -> list[int]:
        return self.turn_ids(request)

    @property
    def route_adapter(self) -> str | None:
        return "route"

    @property
    def stop_ids(self) -> frozenset[int]:
        special = {self.tokenizer.convert_tokens_to_ids(t) for t in (CHATML_END, "<|im_start|>", "<|endoftext|>")}  # type: ignore[attr-defined]
        return frozenset(i for i in special if isinstance(i, int) and i >= 0)


FORMATS = {f.name: f for f in (TinyFormat, ChatMLFormat)}
