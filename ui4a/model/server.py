"""``ui4a serve``: the runtime behind an OpenAI-compatible API.

    GET  /v1/models             the routed model "ui4a" and every adapter by name
    POST /v1/chat/completions   streaming (SSE) or not; model "ui4a" routes per turn,
                                an adapter's name uses that adapter; the route comes back
                                in the response's "ui4a" field (and the first stream chunk)

Faults in a request are answered with OpenAI-style error objects and the server
keeps serving: a bad request never takes it down.
"""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route as HttpRoute

from ui4a import harness
from ui4a.model import turn
from ui4a.model.backends.base import Backend, BackendError, Message, Route, binary_fault

ROUTED = "ui4a"
MAX_BODY = 1024 * 1024


def _error(status: int, message: str, kind: str = "invalid_request_error", code: str | None = None):
    return JSONResponse({"error": {"message": message, "type": kind, "code": code}}, status_code=status)


class RequestFault(Exception):
    def __init__(self, message: str, code: str = "invalid_request") -> None:
        super().__init__(message)
        self.code = code


def parse_messages(body: Any) -> list[Message]:
    if not isinstance(body, dict):
        raise RequestFault("the body must be a JSON object")
    raw = body.get("messages")
    if not isinstance(raw, list) or not raw:
        raise RequestFault("'messages' must be a non-empty list")
    out = []
    for i, m in enumerate(raw):
        if not isinstance(m, dict) or m.get("role") not in ("system", "user", "assistant"):
            raise RequestFault(f"messages[{i}] needs a role of system, user or assistant")
        content = m.get("content")
        if isinstance(content, list):  # the content-parts form: keep the text parts
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        if not isinstance(content, str):
            raise RequestFault(f"messages[{i}].content must be text")
        if (fault := binary_fault(content)) is not None:
            raise RequestFault(f"messages[{i}].content contains {fault}")
        limit = harness.current().session.max_message_chars
        if len(content) > limit:
            raise RequestFault(f"messages[{i}].content is {len(content)} characters; the limit is "
                               f"{limit} (session.max_message_chars)", "context_length_exceeded")
        if m["role"] != "system":
            out.append(Message(m["role"], content))
    if not out or out[-1].role != "user" or not out[-1].content.strip():
        raise RequestFault("the last message must be a non-empty user message")
    return out


def create_app(backend: Backend, adapters: list[str]) -> Starlette:
    def _trace(messages: list[Message], route: Route, output: str, seconds: float) -> int | None:
        # The server answers as a model does (no repair turn: the client decides); the trace says if it validated.
        result = turn.Result(route, backend.name, output, total_s=seconds,
                             report=turn.checked(output) if route.adapter == "ui" else None)
        return turn.trace("server", messages[-1].content, result)

    async def models(_: Request) -> JSONResponse:
        created = int(time.time())
        data = [{"id": ROUTED, "object": "model", "created": created, "owned_by": "ui4a",
                 "description": "routed: the router picks an adapter per turn"}]
        data += [{"id": a, "object": "model", "created": created, "owned_by": "ui4a", "parent": ROUTED}
                 for a in adapters]
        return JSONResponse({"object": "list", "data": data})

    async def health(_: Request) -> JSONResponse:
        return JSONResponse({"status": "ok", "backend": backend.name})

    async def completions(request: Request):
        raw = await request.body()
        if len(raw) > MAX_BODY:
            return _error(413, f"request body over {MAX_BODY} bytes")
        try:
            body = json.loads(raw.decode("utf-8"))
            messages = parse_messages(body)
        except (UnicodeDecodeError, json.JSONDecodeError):
            return _error(400, "the body is not UTF-8 JSON")
        except RequestFault as exc:
            return _error(400, str(exc), code=exc.code)
        model = body.get("model", ROUTED)
        if model != ROUTED and model not in adapters:
            return _error(404, f"model {model!r} not found; available: {', '.join([ROUTED, *adapters])}",
                          code="model_not_found")
        try:
            route = backend.route(messages) if model == ROUTED else Route(model, 1.0, "requested by name")
        except BackendError as exc:
            return _error(503, str(exc), "server_error")
        meta = {"route": route.adapter, "score": route.score, "reason": route.reason}
        cid = f"chatcmpl-{uuid.uuid4().hex[:24]}"
        created = int(time.time())

        def chunk(delta: dict, finish: str | None = None, extra: dict | None = None) -> str:
            payload = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": route.adapter,
                       "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
            if extra:
                payload.update(extra)
            return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"

        if body.get("stream"):
            async def events():
                yield chunk({"role": "assistant"}, extra={"ui4a": meta})
                pieces: list[str] = []
                started = time.perf_counter()
                try:
                    async for piece in backend.stream(messages, route):
                        pieces.append(piece)
                        yield chunk({"content": piece})
                except BackendError as exc:
                    yield f"data: {json.dumps({'error': {'message': str(exc), 'type': 'server_error'}})}\n\n"
                    return
                _trace(messages, route, "".join(pieces), time.perf_counter() - started)
                yield chunk({}, "stop")
                yield "data: [DONE]\n\n"

            return StreamingResponse(events(), media_type="text/event-stream")
        started = time.perf_counter()
        try:
            text = "".join([p async for p in backend.stream(messages, route)])
        except BackendError as exc:
            return _error(503, str(exc), "server_error")
        meta["trace"] = _trace(messages, route, text, time.perf_counter() - started)
        return JSONResponse({
            "id": cid, "object": "chat.completion", "created": created, "model": route.adapter,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "ui4a": meta,
        })

    return Starlette(routes=[
        HttpRoute("/v1/models", models, methods=["GET"]),
        HttpRoute("/v1/chat/completions", completions, methods=["POST"]),
        HttpRoute("/health", health, methods=["GET"]),
    ])
