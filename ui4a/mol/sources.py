"""Choosing the model source from configuration: ``UI4A_MODEL`` names it.

  local                      the embedded model in models/ui4a-tiny (the default when it is there)
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

from ui4a.mol.backend import Backend, BackendError
from ui4a.mol.replay import ReplayBackend, ScriptedBackend


def default_spec() -> str:
    from ui4a.mol.build import DEFAULT_DIR

    return "local" if (DEFAULT_DIR / "config.json").exists() else "replay"


def from_spec(spec: str | None = None) -> Backend:
    spec = (spec or os.environ.get("UI4A_MODEL") or default_spec()).strip()
    kind, _, arg = spec.partition(":")
    if kind == "local":
        from ui4a.mol.build import DEFAULT_DIR
        from ui4a.mol.local import LocalBackend

        return LocalBackend(Path(arg) if arg else DEFAULT_DIR)
    if kind == "openai":
        from ui4a.mol.openai_backend import OpenAIBackend

        if not arg:
            raise BackendError("openai needs a URL, e.g. openai:http://127.0.0.1:8000/v1")
        return OpenAIBackend(arg)
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
