"""``ui4a chat "REQUEST"``: one turn through the model runtime, shown in full."""

from __future__ import annotations

import argparse
import asyncio
import json

from ui4a import tokens
from ui4a.cli_support import CliError
from ui4a.model.backends.base import BackendError, Message, binary_fault


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("chat", help="send one request to the model: route, adapter, output, validation, timings")
    p.add_argument("request", help="the user's message")
    p.add_argument("--model", default=None, help="model source: local[:PATH], openai:URL, replay, scripted:PATH "
                                                 "(default: $UI4A_MODEL, else the embedded model)")
    p.add_argument("--adapter", default=None, help="skip the router and use this adapter")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_chat)


async def run_turn(backend, request: str, adapter: str | None) -> dict:
    from ui4a.model import turn
    from ui4a.model.backends.base import Route

    messages = [Message("user", request)]
    route = Route(adapter, 1.0, "--adapter") if adapter else None
    done = await turn.run(backend, messages, route)
    result = {"route": done.route.adapter, "route_score": done.route.score, "route_reason": done.route.reason,
              "backend": backend.name, "output": done.output, "repairs": len(done.attempts)}
    if done.report is not None:
        result["valid"] = done.valid
        result["errors"] = done.errors
        result["tokens"] = tokens.count(done.output)
    result["trace"] = turn.trace("cli", request, done)
    result["timings_ms"] = {"route": round(done.route_s * 1000, 1),
                            "first_token": round((done.first_token_s or 0.0) * 1000, 1),
                            "total": round(done.total_s * 1000, 1)}
    return result


def cmd_chat(args: argparse.Namespace) -> int:
    from ui4a.model.backends.factory import from_spec

    if not args.request.strip():
        raise CliError("the request is empty")
    if (fault := binary_fault(args.request)) is not None:
        raise CliError(f"the request contains {fault}")
    try:
        backend = from_spec(args.model)
        result = asyncio.run(run_turn(backend, args.request, args.adapter))
    except BackendError as exc:
        raise CliError(str(exc)) from exc
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        print(f"route:   {result['route']} ({result['route_reason']}, score {result['route_score']})")
        print(f"backend: {result['backend']}")
        print("output:")
        print(result["output"])
        if "valid" in result:
            state = "valid" if result["valid"] else f"{len(result['errors'])} error(s)"
            print(f"check:   {state}, {result['tokens']} cl100k tokens, repairs {result['repairs']}")
            for line in result["errors"]:
                print(f"  {line}")
        t = result["timings_ms"]
        if result["trace"] is not None:
            print(f"trace:   #{result['trace']}")
        print(f"timings: route {t['route']} ms, first token {t['first_token']} ms, total {t['total']} ms")
    return 0 if result.get("valid", True) else 1
