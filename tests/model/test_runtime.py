"""The local runtime: training code, loading, KV reuse, routing, adapters, faults."""

from __future__ import annotations

import asyncio
import json
import shutil

import pytest

from tests.conftest import run_async
from ui4a.model.backends.base import BackendError, Message
from ui4a.model.backends.local import LocalBackend, LocalModel, Session, Timing
from ui4a.model.router import Router, Rule

pytestmark = pytest.mark.slow


def test_tiny_build_writes_a_complete_model(tiny_model_dir):
    record = json.loads((tiny_model_dir / "build.json").read_text())
    assert record["seed"] == 3 and len(record["data_hash"]) == 64
    assert record["base_parameters"] > 0 and set(record["adapters"]) == {"ui", "chat"}
    for name in ("config.json", "model.safetensors", "tokenizer.json", "adapters/ui/adapter_model.safetensors",
                 "adapters/chat/adapter_config.json"):
        assert (tiny_model_dir / name).exists(), name


def test_loads_like_any_hugging_face_directory(tiny_model_dir):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    model = AutoModelForCausalLM.from_pretrained(tiny_model_dir)
    tok = AutoTokenizer.from_pretrained(tiny_model_dir)
    assert model.config.vocab_size == len(tok)


def test_prefix_reuse_gives_identical_output(tiny_model):
    for adapter in ("ui", "chat"):
        with_reuse, without = Timing(), Timing()
        a = "".join(tiny_model.generate("show a progress bar for uploads at 40%", adapter, max_new_tokens=25,
                                        timing=with_reuse))
        b = "".join(tiny_model.generate("show a progress bar for uploads at 40%", adapter, max_new_tokens=25,
                                        reuse_prefix=False, timing=without))
        assert a == b
        assert with_reuse.prefix_reused and not without.prefix_reused


def test_session_cache_grows_append_only_and_matches_a_full_recompute(tiny_model):
    import torch
    from transformers import DynamicCache

    session = Session()
    first = "".join(tiny_model.generate("hi", "chat", max_new_tokens=8, session=session))
    after_one = session.lengths["chat"]
    "".join(tiny_model.generate("thanks", "chat", max_new_tokens=8, session=session))
    assert session.lengths["chat"] > after_one
    # The cached path's next-token logits equal one forward over the whole conversation.
    m = tiny_model
    history = (m.format.prefix_ids("chat") + m.format.turn_ids("hi") + m._ids(first) + [m.eos_id]
               + m.format.turn_ids("more"))
    with torch.no_grad():
        full = m.forward(torch.tensor([history]), DynamicCache(), "chat").logits[0, -1]
        cached_session = Session()
        "".join(m.generate("hi", "chat", max_new_tokens=8, session=cached_session))
        cache = cached_session.caches["chat"]
        step = m.forward(torch.tensor([m.format.turn_ids("more")]), cache, "chat").logits[0, -1]
    assert torch.allclose(full, step, atol=1e-4)


def test_router_rules_threshold_and_records(tiny_model, tmp_path):
    log = tmp_path / "routes.jsonl"
    router = Router(rules=(Rule(r"\btable\b", "ui"),), default="chat", threshold=0.99, log_path=log)
    assert router.decide("a table of orders please", tiny_model).adapter == "ui"
    low = router.decide("hello", tiny_model)
    assert low.reason.endswith("default") or low.score >= 0.99
    assert [d.label for d in router.decisions][0] == "ui"
    assert len(log.read_text().splitlines()) == 2
    with pytest.raises(ValueError, match="unknown label"):
        Router(rules=(Rule("x", "sql"),))


def test_model_route_is_a_choice_among_labels(tiny_model):
    label, score = tiny_model.route("what is a pie chart?")
    assert label in ("ui", "chat") and 0.0 <= score <= 1.0


def test_backend_streams_through_the_interface(tiny_model_dir):
    backend = LocalBackend(tiny_model_dir, constrained=False)

    async def turn():
        messages = [Message("user", "show a progress bar for uploads at 40%")]
        route = backend.route(messages)
        return route, "".join([p async for p in backend.stream(messages, route)])

    route, text = run_async(turn())
    assert route.adapter in ("ui", "chat") and isinstance(text, str)


def test_too_long_request_is_refused_clearly(tiny_model):
    with pytest.raises(BackendError, match="the request is too long"):
        "".join(tiny_model.generate("word " * 2000, "ui"))


def test_text_that_is_not_text_is_refused_clearly(tiny_model):
    # A lone surrogate (an undecodable byte from argv, or a JSON escape) makes the tokenizer raise
    # a TypeError; the model names the character instead.
    with pytest.raises(BackendError, match="invalid UTF-8 byte 0xFF at character 3"):
        tiny_model.route("ab\udcff")
    with pytest.raises(BackendError, match="lone UTF-16 surrogate U\\+D800 at character 1"):
        "".join(tiny_model.generate("\ud800", "ui"))


@pytest.mark.parametrize(("request_text", "message"), [
    ("", "ui4a: the request is empty"),
    ("ab\udcff", "ui4a: the request contains invalid UTF-8 byte 0xFF at character 3 (binary data?)"),
    ("a\x00b", "ui4a: the request contains control character U+0000 at character 2 (binary data?)"),
])
def test_chat_cli_refuses_an_empty_or_binary_request_without_a_traceback(request_text, message, capsys):
    from ui4a.cli import main

    assert main(["chat", "--model", "fake", request_text]) == 2
    assert capsys.readouterr().err.strip() == message


def test_missing_adapter_and_corrupt_artifacts(tiny_model_dir, tmp_path):
    with pytest.raises(BackendError, match="no model at"):
        LocalModel(tmp_path / "nowhere")
    broken = tmp_path / "broken"
    shutil.copytree(tiny_model_dir, broken)
    shutil.rmtree(broken / "adapters" / "chat")
    (broken / "adapters" / "chat").mkdir()
    with pytest.raises(BackendError, match="adapter 'chat' is missing"):
        LocalModel(broken)
    corrupt = tmp_path / "corrupt"
    shutil.copytree(tiny_model_dir, corrupt)
    (corrupt / "model.safetensors").write_bytes(b"not a safetensors file")
    with pytest.raises(BackendError, match="cannot load the model"):
        LocalModel(corrupt)
    with pytest.raises(BackendError, match="unknown adapter 'sql'"):
        "".join(LocalModel(tiny_model_dir).generate("x", "sql"))


def test_mixed_adapter_batch_matches_one_by_one(tiny_model):
    requests = ["show a progress bar for uploads at 40%", "hi", "make a bar chart of sales: Jan 12, Feb 15"]
    adapters = ["ui", "chat", "ui"]
    batch = tiny_model.generate_batch(requests, adapters, max_new_tokens=20)
    single = ["".join(tiny_model.generate(r, a, max_new_tokens=20)) for r, a in zip(requests, adapters, strict=True)]
    assert batch == single


def test_copy_bias_acts_alike_in_a_batch_and_alone_and_only_on_ui_values(tiny_model):
    requests = ['a card titled "Zebulon Quartz" with 9137', "hi"]
    adapters = ["ui", "chat"]
    kwargs = {"max_new_tokens": 24, "copy_bias": 20.0}
    batch = tiny_model.generate_batch(requests, adapters, **kwargs)
    single = ["".join(tiny_model.generate(r, a, **kwargs)) for r, a in zip(requests, adapters, strict=True)]
    assert batch == single
    assert single[1] == "".join(tiny_model.generate("hi", "chat", max_new_tokens=24))  # chat is left alone


def test_concurrent_turns_are_batched_and_each_gets_its_own_answer(tiny_model_dir):
    backend = LocalBackend(tiny_model_dir, constrained=False)
    requests = ["show a progress bar for uploads at 40%", "hi", "thanks", "make a table of orders"]

    async def one(text, adapter):
        route = __import__("ui4a.model.backends.base", fromlist=["Route"]).Route(adapter, 1.0, "test")
        return "".join([p async for p in backend.stream([Message("user", text)], route)])

    async def all_at_once():
        return await asyncio.gather(*(one(t, a) for t, a in zip(requests, ["ui", "chat", "chat", "ui"], strict=True)))

    together = run_async(all_at_once())
    alone = ["".join(backend.model.generate(t, a)) for t, a in zip(requests, ["ui", "chat", "chat", "ui"], strict=True)]
    assert together == alone
