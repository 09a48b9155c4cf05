"""``ui4a chat "REQUEST"``: one turn through the model runtime, shown in full."""

from __future__ import annotations

import argparse
import asyncio
import json
import time

from ui4a import tokens
from ui4a.cli import CliError
from ui4a.mol.backend import BackendError, Message
from ui4a.validate import check


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("chat", help="send one request to the model: route, adapter, output, validation, timings")
    p.add_argument("request", help="the user's message")
    p.add_argument("--model", default=None, help="model source: local[:PATH], openai:URL, replay, scripted:PATH "
                                                 "(default: $UI4A_MODEL, else the embedded model)")
    p.add_argument("--adapter", default=None, help="skip the router and use this adapter")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_chat)


async def run_turn(backend, request: str, adapter: str | None) -> dict:
    from ui4a.mol.backend import Route
    from ui4a.mol.repair import repair_messages

    messages = [Message("user", request)]
    started = time.perf_counter()
    route = Route(adapter, 1.0, "--adapter") if adapter else backend.route(messages)
    routed = time.perf_counter()
    first = None
    pieces: list[str] = []
    async for piece in backend.stream(messages, route):
        first = first if first is not None else time.perf_counter()
        pieces.append(piece)
    output = "".join(pieces)
    result = {"route": route.adapter, "route_score": route.score, "route_reason": route.reason,
              "backend": backend.name, "output": output, "repairs": 0}
    if route.adapter == "ui":
        report = check(output)
        if not report.ok and not getattr(backend, "constrained", False):
            # One repair turn: a model that could not be constrained gets its positioned errors back.
            pieces = [p async for p in backend.stream(repair_messages(messages, output, report.diagnostics), route)]
            output, result["repairs"] = "".join(pieces), 1
            result["output"], report = output, check(output)
        result["valid"] = report.ok
        result["errors"] = [d.format("answer") for d in report.diagnostics]
        result["tokens"] = tokens.count(output)
    done = time.perf_counter()
    result["timings_ms"] = {"route": round((routed - started) * 1000, 1),
                            "first_token": round(((first or done) - routed) * 1000, 1),
                            "total": round((done - started) * 1000, 1)}
    return result


def cmd_chat(args: argparse.Namespace) -> int:
    from ui4a.mol.sources import from_spec

    if not args.request.strip():
        raise CliError("the request is empty")
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
        print(f"timings: route {t['route']} ms, first token {t['first_token']} ms, total {t['total']} ms")
    return 0 if result.get("valid", True) else 1
