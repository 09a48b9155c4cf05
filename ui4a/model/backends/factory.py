"""Choosing the model source from configuration: ``UI4A_MODEL`` names it.

  (none)                     the manifest's [model] (harness.toml: the embedded model, or replay until it is built)
  local                      the manifest's own local model; the default model (models/smollm2-ui4a)
                             when the manifest names another source
  local:PATH                 any model directory with the project's format and an adapters/ folder
  openai:URL                 an OpenAI-compatible server (vLLM, SGLang, `ui4a serve`); key from OPENAI_API_KEY
  replay                     bundled examples streamed as a model would — not a model
  replay:RATE                the same at RATE tokens per second
  scripted:PATH.json         a test script: {"request substring": "answer", ...}
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ui4a.hcp.manifest import Manifest
from ui4a.model.backends.base import Backend, BackendError
from ui4a.model.backends.replay import ReplayBackend
from ui4a.model.backends.scripted import ScriptedBackend


def from_spec(spec: str | None = None, manifest: Manifest | None = None) -> Backend:
    """The model source ``spec`` names (else ``$UI4A_MODEL``, else the manifest's), configured by the manifest.

    Whatever the source, the router, the decoding settings, the system prompt and
    the component allow-list come from the manifest (the active one by default).
    """
    from ui4a import harness
    from ui4a.model.router import Router

    m = manifest or harness.current()
    spec = (spec or os.environ.get("UI4A_MODEL") or m.model_spec()).strip()
    kind, _, arg = spec.partition(":")
    router = Router.from_config(m.router_config())
    decoding = m.decoding
    system = harness.system_prompt() if manifest is None else harness.render_system(m)
    if kind == "local":
        from ui4a.model.backends.local import LocalBackend
        from ui4a.model.train.lora import DEFAULT_DIR

        # `local` alone is the manifest's own local model, else the default model (as `ui4a model` takes it).
        own_dir = m.model_dir() if m.model.backend == "local" else DEFAULT_DIR
        path = Path(arg) if arg else own_dir
        # The manifest's adapter paths apply to its own model; another model directory brings its adapters.
        own = path.resolve() == m.model_dir()
        adapters = {name: m.resolve(a.path) for name, a in m.model.adapters.items() if a.path} if own else None
        backend = LocalBackend(path, router=router, constrained=decoding.constrained, adapters=adapters,
                               system=system, components=m.allowed(), max_new_tokens=decoding.max_new_tokens,
                               copy_bias=decoding.copy_bias)
        trained_on = backend.model.record.get("base")
        if own and m.pretrained() is not None and trained_on != m.pretrained():
            raise BackendError(f"the manifest's model.base is {m.pretrained()}, but the adapters in {path} were "
                               f"trained on {trained_on}: rebuild them with `ui4a model build`")
        return backend
    if kind == "openai":
        from ui4a.model.backends.openai import OpenAIBackend

        if not arg:
            raise BackendError("openai needs a URL, e.g. openai:http://127.0.0.1:8000/v1")
        remote = {name: a.remote or name for name, a in m.model.adapters.items()}
        return OpenAIBackend(arg, api_key_env=m.model.api_key_env or "OPENAI_API_KEY", adapters=remote,
                             router=router, max_tokens=decoding.max_new_tokens, temperature=decoding.temperature,
                             top_p=decoding.top_p, system=system)
    if kind == "replay":
        try:
            rate = float(arg) if arg else float(os.environ.get("UI4A_REPLAY_RATE", "50"))
        except ValueError as exc:
            raise BackendError(f"replay rate must be a number of tokens per second, got {arg!r}") from exc
        return ReplayBackend(rate=rate)
    if kind == "scripted":
        path = Path(arg)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise BackendError(f"cannot read the script {path}: {exc.strerror or exc}") from exc
        except json.JSONDecodeError as exc:
            raise BackendError(f"script {path} is not JSON: line {exc.lineno}: {exc.msg}") from exc
        rate = float(data.pop("__rate__", 200)) if isinstance(data, dict) else 200.0
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise BackendError(f"script {path} must map request substrings to answers (strings)")
        return ScriptedBackend(data, rate=rate)
    raise BackendError(f"unknown model source {spec!r}; use local[:PATH], openai:URL, replay[:RATE] or "
                       "scripted:PATH")
