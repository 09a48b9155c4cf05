"""``ui4a serve``: the runtime behind an OpenAI-compatible API.

    GET  /v1/models             the routed model "ui4a" and every adapter by name
    POST /v1/chat/completions   streaming (SSE) or not; model "ui4a" routes per turn,
                                an adapter's name uses that adapter; the route comes back
                                in the response's "ui4a" field (and the first stream chunk)
    GET  /health                liveness

What a request gets, in order, before any stream starts: a body over MAX_BODY → 413;
bytes that are not UTF-8, JSON that is malformed or nested deeper than MAX_JSON_DEPTH, or
a field of the wrong type → 400 naming the position or the field; an unknown model → 404;
a request over the model's context → 400 ``context_length_exceeded`` with the token counts;
a model source that fails → 503. A client's fault is answered, never logged as a
traceback; only the server's own faults are (and the client gets a plain 500).

Everything slow runs off the event loop — reading JSON, routing (which takes the model's
lock), validating and tracing an answer — and generation streams from the backend's own
worker, so ``/health`` and other streams never wait on one request.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route as HttpRoute

from ui4a import bounded_json
from ui4a.model import turn
from ui4a.model.backends.base import (
    Backend,
    BackendError,
    Message,
    RequestTooLong,
    Route,
    preflight,
)
from ui4a.model.request import ChatRequest, RequestFault, parse_request

ROUTED = "ui4a"
MAX_BODY = 1024 * 1024
MAX_JSON_DEPTH = 16
_LIMITS = bounded_json.Limits(max_chars=MAX_BODY, max_depth=MAX_JSON_DEPTH, max_string=MAX_BODY)
log = logging.getLogger("ui4a.serve")


def _error(status: int, message: str, kind: str = "invalid_request_error", code: str | None = None):
    return JSONResponse({"error": {"message": message, "type": kind, "code": code}}, status_code=status)


class _Refusal(Exception):
    """A request answered with an error before any work: its HTTP response."""

    def __init__(self, status: int, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.code = status, message, code


async def _read_body(request: Request) -> bytes:
    """The body, read no further than MAX_BODY bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise _Refusal(413, f"request body over {MAX_BODY} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise _Refusal(413, f"request body over {MAX_BODY} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _parse(raw: bytes) -> ChatRequest:
    """Bytes → a checked request (run in a worker thread: a megabyte of JSON takes a while)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Refusal(400, f"the body is not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}") from None
    try:
        body = bounded_json.loads(text, _LIMITS)
    except bounded_json.JsonError as exc:
        raise _Refusal(400, f"the body is not valid JSON: {exc}") from None
    try:
        return parse_request(body, ROUTED)
    except RequestFault as exc:
        raise _Refusal(400, str(exc), exc.code) from None


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

    async def admit(request: Request) -> tuple[ChatRequest, Route]:
        """Every check a request must pass before it streams; the route is chosen off the loop."""
        req = await asyncio.to_thread(_parse, await _read_body(request))
        if req.model != ROUTED and req.model not in adapters:
            raise _Refusal(404, f"model {req.model!r} not found; available: {', '.join([ROUTED, *adapters])}",
                           "model_not_found")
        try:
            await asyncio.to_thread(preflight, backend, req.messages)
            if req.model != ROUTED:
                return req, Route(req.model, 1.0, "requested by name")
            return req, await asyncio.to_thread(backend.route, req.messages)
        except RequestTooLong as exc:
            raise _Refusal(400, str(exc), "context_length_exceeded") from None
        except BackendError as exc:
            raise _Refusal(503, str(exc), "model_unavailable") from None

    async def completions(request: Request):
        try:
            req, route = await admit(request)
        except _Refusal as refusal:
            kind = "server_error" if refusal.status >= 500 else "invalid_request_error"
            return _error(refusal.status, refusal.message, kind, refusal.code)
        meta = {"route": route.adapter, "score": route.score, "reason": route.reason}
        cid = f"chatcmpl-{uuid.uuid4().hex[:24]}"
        created = int(time.time())

        def chunk(delta: dict, finish: str | None = None, extra: dict | None = None) -> str:
            payload = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": route.adapter,
                       "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
            if extra:
                payload.update(extra)
            return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"

        def failure(message: str) -> str:
            return f"data: {json.dumps({'error': {'message': message, 'type': 'server_error'}})}\n\n"

        if req.stream:
            async def events():
                yield chunk({"role": "assistant"}, extra={"ui4a": meta})
                pieces: list[str] = []
                started = time.perf_counter()
                try:
                    async for piece in backend.stream(req.messages, route):
                        pieces.append(piece)
                        yield chunk({"content": piece})
                    await asyncio.to_thread(_trace, req.messages, route, "".join(pieces),
                                            time.perf_counter() - started)
                except BackendError as exc:
                    yield failure(str(exc))
                    return
                except Exception as exc:  # the server's own fault: logged, and the stream ends with it
                    log.exception("stream %s failed", cid)
                    yield failure(f"internal error ({type(exc).__name__})")
                    return
                yield chunk({}, "stop")
                yield "data: [DONE]\n\n"

            return StreamingResponse(events(), media_type="text/event-stream")
        started = time.perf_counter()
        try:
            text = "".join([p async for p in backend.stream(req.messages, route)])
        except RequestTooLong as exc:
            return _error(400, str(exc), code="context_length_exceeded")
        except BackendError as exc:
            return _error(503, str(exc), "server_error", "model_unavailable")
        meta["trace"] = await asyncio.to_thread(_trace, req.messages, route, text, time.perf_counter() - started)
        return JSONResponse({
            "id": cid, "object": "chat.completion", "created": created, "model": route.adapter,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "ui4a": meta,
        })

    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        # Reached only by the server's own faults: every client fault was answered above.
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return _error(500, f"internal error ({type(exc).__name__}); the server goes on serving",
                      "server_error", "internal_error")

    return Starlette(routes=[
        HttpRoute("/v1/models", models, methods=["GET"]),
        HttpRoute("/v1/chat/completions", completions, methods=["POST"]),
        HttpRoute("/health", health, methods=["GET"]),
    ], exception_handlers={Exception: internal_error})
