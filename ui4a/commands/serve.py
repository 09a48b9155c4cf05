"""``ui4a serve``: the model runtime behind an OpenAI-compatible HTTP API."""

from __future__ import annotations

import argparse

from ui4a.cli_support import CliError


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="serve /v1/models and /v1/chat/completions (OpenAI-compatible)")
    p.add_argument("--model", default=None, help="model source (default: $UI4A_MODEL, else the embedded model)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from ui4a.model.backends.base import BackendError
    from ui4a.model.backends.factory import from_spec
    from ui4a.model.server import create_app

    try:
        backend = from_spec(args.model)
    except BackendError as exc:
        raise CliError(str(exc)) from exc
    adapters = list(getattr(getattr(backend, "model", None), "adapters", None) or ("ui", "chat"))
    print(f"serving {backend.name} ({backend.label}) on http://{args.host}:{args.port}/v1 "
          f"— models: ui4a, {', '.join(adapters)}", flush=True)
    uvicorn.run(create_app(backend, adapters), host=args.host, port=args.port, log_level="warning")
    return 0
