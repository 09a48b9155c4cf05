"""Loading models without transformers' progress bars and deprecation notes: they are not the
user's to act on, and ``ui4a chat`` printed them before its answer."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def quietly() -> Iterator[None]:
    from transformers.utils import logging as hf_logging

    shown = hf_logging.is_progress_bar_enabled()
    level = hf_logging.get_verbosity()
    hf_logging.disable_progress_bar()
    hf_logging.set_verbosity_error()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            warnings.simplefilter("ignore", UserWarning)
            yield
    finally:
        hf_logging.set_verbosity(level)
        if shown:
            hf_logging.enable_progress_bar()
