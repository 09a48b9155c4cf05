"""``ui4a serve`` under load: does ``/health`` answer at once while long streams run and turns
are routed, and do the streams keep flowing?

Starts the server in its own process, opens STREAMS long streaming completions, and polls
``/health`` every 20 ms throughout. Two phases: streams alone (requested by adapter name, no
routing), then the same streams while a routed request (model "ui4a") arrives every 0.5 s.
Prints /health p50/p99/max and, per phase, the p99 and largest gap between one stream's chunks.
Target: /health p99 <= 50 ms, and gaps with routing no worse than without.

    python -m bench.health_latency                     # the fake slow model (routing holds a lock 0.3 s)
    python -m bench.health_latency --model local       # the real embedded model
    python -m bench.health_latency --server-path DIR   # the server code of another checkout (a baseline)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

TARGET_P99_MS = 50.0
STREAMS = 8
LONG_ANSWER = "<Stack>" + '<Text>a long answer, streamed token by token</Text>' * 60 + "</Stack>"


def serve_fake(port: int) -> None:
    """The fake model: scripted answers at 40 tokens/s, and a router that holds a model lock for
    0.3 s on the calling thread, as the embedded model's routing forward pass does."""
    import uvicorn

    from ui4a.model.backends.scripted import ScriptedBackend
    from ui4a.model.server import create_app

    class SlowRouter(ScriptedBackend):
        lock = threading.Lock()

        def route(self, messages):
            with self.lock:
                time.sleep(0.3)
            return super().route(messages)

    backend = SlowRouter({"long": LONG_ANSWER}, rate=40)
    uvicorn.run(create_app(backend, ["ui", "chat"]), host="127.0.0.1", port=port, log_level="warning")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(model: str, port: int, server_path: str | None) -> subprocess.Popen:
    env = dict(os.environ)
    root = server_path or str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root
    if model == "fake":
        cmd = [sys.executable, str(Path(__file__).resolve()), "--serve-fake", str(port)]
    else:
        cmd = [sys.executable, "-m", "ui4a", "serve", "--model", model, "--port", str(port)]
    proc = subprocess.Popen(cmd, env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {proc.stderr.read().decode()[-2000:]}")
    proc.kill()
    raise SystemExit("the server did not start")


async def _stream(client: httpx.AsyncClient, url: str, model: str, request: str, gaps: list[float]) -> None:
    body = {"model": model, "stream": True, "messages": [{"role": "user", "content": request}]}
    async with client.stream("POST", f"{url}/v1/chat/completions", json=body) as resp:
        last = None
        async for line in resp.aiter_lines():
            if not line.startswith("data: {") or '"content"' not in line:
                continue  # the gaps between pieces of text, not the wait for the first
            now = time.perf_counter()
            if last is not None:
                gaps.append(now - last)
            last = now


async def _phase(url: str, request: str, route_too: bool) -> tuple[list[float], list[float], int]:
    health: list[float] = []
    gaps: list[float] = []
    routes: list[int] = []
    async with httpx.AsyncClient(timeout=600) as client:
        streams = [asyncio.create_task(_stream(client, url, "ui", request, gaps)) for _ in range(STREAMS)]

        async def routed() -> None:
            # A routed turn every 0.5 s, read up to its first chunk (which comes once it is routed).
            body = {"model": "ui4a", "stream": True, "messages": [{"role": "user", "content": request}]}
            while not all(t.done() for t in streams):
                try:
                    async with client.stream("POST", f"{url}/v1/chat/completions", json=body) as resp:
                        async for line in resp.aiter_lines():
                            if line.startswith("data: "):
                                break
                    routes.append(1)
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.5)

        router = asyncio.create_task(routed()) if route_too else None
        while not all(t.done() for t in streams):
            started = time.perf_counter()
            await client.get(f"{url}/health")
            health.append(time.perf_counter() - started)
            await asyncio.sleep(0.02)
        await asyncio.gather(*streams)
        if router is not None:
            router.cancel()
    return health, gaps, len(routes)


async def _warm_up(url: str, request: str) -> None:
    """One turn of each kind first: first-use imports and the store's creation are not load."""
    async with httpx.AsyncClient(timeout=600) as client:
        await _stream(client, url, "ui", request, [])
        body = {"model": "ui4a", "messages": [{"role": "user", "content": request}]}
        await client.post(f"{url}/v1/chat/completions", json=body)


def _ms(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="fake", help="fake (default), local, or any UI4A_MODEL spec")
    ap.add_argument("--request", default=None, help="the request each stream sends")
    ap.add_argument("--server-path", default=None, help="run the server from another checkout (a baseline)")
    ap.add_argument("--serve-fake", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve_fake is not None:
        serve_fake(args.serve_fake)
        return 0
    request = args.request or ("long answer please" if args.model == "fake"
                               else "a dashboard of sales with a bar chart, a table and four stats")
    port = _free_port()
    proc = start_server(args.model, port, args.server_path)
    url = f"http://127.0.0.1:{port}"
    try:
        asyncio.run(_warm_up(url, request))
        results = {}
        for name, route_too in (("streams only", False), ("streams + routing", True)):
            health, gaps, routed = asyncio.run(_phase(url, request, route_too))
            results[name] = {"health_p50_ms": round(_ms(health, 0.5), 1), "health_p99_ms": round(_ms(health, 0.99), 1),
                             "health_max_ms": round(_ms(health, 1.0), 1), "health_samples": len(health),
                             "gap_p99_ms": round(_ms(gaps, 0.99), 1), "gap_max_ms": round(_ms(gaps, 1.0), 1),
                             "chunks": len(gaps), "routed_turns": routed}
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(f"model {args.model}, {STREAMS} streams, server from {args.server_path or 'this checkout'}")
    for name, r in results.items():
        print(f"  {name:18s} /health p50 {r['health_p50_ms']:6.1f} ms  p99 {r['health_p99_ms']:6.1f} ms  "
              f"max {r['health_max_ms']:6.1f} ms ({r['health_samples']} polls); chunk gap p99 "
              f"{r['gap_p99_ms']:6.1f} ms, max {r['gap_max_ms']:6.1f} ms ({r['chunks']} chunks, "
              f"{r['routed_turns']} routed turns)")
    worst = max(r["health_p99_ms"] for r in results.values())
    print(f"/health p99 {worst:.1f} ms (target <= {TARGET_P99_MS:.0f} ms) "
          f"{'ok' if worst <= TARGET_P99_MS else 'MISSED'}")
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
