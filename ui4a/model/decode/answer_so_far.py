"""What a constrained answer has written so far, decoded and parsed once per step.

The guards after the grammar's mask (:mod:`ui4a.model.decode.binds_declared_state`, :mod:`ui4a.model.decode.ends_within_budget`,
:mod:`ui4a.model.decode.stays_valid`) all read the same thing: the answer's text and where the
stream parser stands in it. One :class:`AnswerSoFar` per answer, shared by them, does
the decoding and parsing once per step instead of once per guard.
"""

from __future__ import annotations

from typing import Any

import torch

from ui4a.lang.parser import StreamParser


class AnswerSoFar:
    """The answer's tokens, its text (whole UTF-8 characters only) and a parser fed with it; batch size 1."""

    def __init__(self, tokenizer: Any) -> None:
        self.tokenizer = tokenizer
        self.prompt_len: int | None = None
        self.ids: list[int] = []
        self.text = ""
        self.partial = False  # the last token ended inside a UTF-8 character
        self.parser = StreamParser()

    def sync(self, input_ids: torch.LongTensor, who: str = "the answer's guards") -> AnswerSoFar:
        """Catch up with ``input_ids`` (prompt + answer so far); a no-op when already there."""
        if input_ids.shape[0] != 1:
            raise ValueError(f"{who} supports batch size 1 only")
        if self.prompt_len is None:
            self.prompt_len = input_ids.shape[1]
        if input_ids.shape[1] - self.prompt_len == len(self.ids):
            return self
        self.ids = input_ids[0, self.prompt_len:].tolist()
        text = self.tokenizer.decode(self.ids, skip_special_tokens=True)
        self.partial = text.endswith("\ufffd")
        if not self.partial and len(text) > len(self.text):
            self.parser.feed(text[len(self.text):])
            self.text = text
        return self
