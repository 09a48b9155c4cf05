"""An OpenAI-compatible server as the model source (vLLM, SGLang, ``ui4a serve``, any hosted API).

The adapter is the request's ``model`` field, as multi-LoRA engines expect
(vLLM: ``--enable-lora --lora-modules ui=… chat=…``). Routing asks the router
model for one label; where the server supports guided choice (vLLM's
``guided_choice``) the answer is constrained to the labels.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Sequence

from ui4a import catalog
from ui4a.model.backends.base import BackendError, Message, Route
from ui4a.model.router import Router

ROUTE_PROMPT = ("Decide who answers the user's message. Reply with exactly one word: "
                "ui (the answer is an interface built from components) or chat (the answer is plain text).")


class OpenAIBackend:
    name = "openai"

    def __init__(self, base_url: str, api_key_env: str = "OPENAI_API_KEY",
                 adapters: dict[str, str] | None = None, router_model: str | None = None,
                 router: Router | None = None, timeout: float = 60.0, max_tokens: int = 1200,
                 temperature: float = 0.0, top_p: float = 1.0, system: str | None = None) -> None:
        from openai import AsyncOpenAI, OpenAI

        self.base_url = base_url
        self.adapters = adapters or {"ui": "ui", "chat": "chat"}
        self.router_model = router_model or self.adapters.get("chat", "chat")
        self.router = router or Router(labels=tuple(self.adapters), use_summary=True)
        self.max_tokens = max_tokens
        self.sampling = {"temperature": temperature, "top_p": top_p}
        self.label = f"OpenAI-compatible server at {base_url}"
        key = os.environ.get(api_key_env) or "none"  # local servers accept any key
        self.client = AsyncOpenAI(base_url=base_url, api_key=key, timeout=timeout, max_retries=0)
        self.sync_client = OpenAI(base_url=base_url, api_key=key, timeout=timeout, max_retries=0)
        self.system = system if system is not None else catalog.prompt()

    def route(self, messages: Sequence[Message]) -> Route:
        # The router call is synchronous for the Backend interface; rules and defaults apply first.
        request = messages[-1].content if messages else ""
        return self.router.decide(request, _Chooser(self), previous_summary="")

    def choose(self, request: str) -> tuple[str, float]:
        """The router model's one-word answer, constrained to the labels where the server can."""
        labels = list(self.adapters)
        try:
            resp = self.sync_client.chat.completions.create(
                model=self.router_model, max_tokens=3, temperature=0,
                messages=[{"role": "system", "content": ROUTE_PROMPT}, {"role": "user", "content": request}],
                extra_body={"guided_choice": labels})
        except Exception as exc:  # the openai client raises many types; all mean "cannot route"
            raise BackendError(f"router request to {self.base_url} failed: {exc}") from exc
        text = (resp.choices[0].message.content or "").strip().lower()
        label = next((lab for lab in labels if text.startswith(lab)), None)
        return (label, 1.0) if label else (self.router.default, 0.0)

    async def stream(self, messages: Sequence[Message], route: Route) -> AsyncIterator[str]:
        model = self.adapters.get(route.adapter, route.adapter)
        payload = [{"role": "system", "content": self.system}] + [
            {"role": m.role, "content": m.content} for m in messages]
        try:
            stream = await self.client.chat.completions.create(model=model, messages=payload, stream=True,
                                                               max_tokens=self.max_tokens, **self.sampling)
            async for chunk in stream:
                if chunk.choices and chunk.choices[0].delta.content:
                    yield chunk.choices[0].delta.content
        except BackendError:
            raise
        except Exception as exc:
            raise BackendError(f"model request to {self.base_url} (model {model!r}) failed: {exc}") from exc


class _Chooser:
    def __init__(self, backend: OpenAIBackend) -> None:
        self.backend = backend

    def route(self, request: str) -> tuple[str, float]:
        return self.backend.choose(request)
