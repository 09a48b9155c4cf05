"""The harness manifest: loading with positioned errors, lock, diff, atomic saves, CLI, schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from ui4a import hcp, registry
from ui4a.component import Component
from ui4a.hcp import ManifestError, load, loads, lock, save
from ui4a.hcp.diff import diff
from ui4a.hcp.locate import Locator
from ui4a.hcp.lock import snapshot, write_lock
from ui4a.hcp.schema import SCHEMA_PATH, schema_text

ROOT = Path(__file__).resolve().parents[2]

MINIMAL = """\
[harness]
name = "probe"
version = "1.2.3"

[model]
base = "models/m"
fallback = "none"

[model.adapters.ui]
path = "models/m/adapters/ui"
version = "1"

[model.adapters.chat]
path = "models/m/adapters/chat"
"""


def project(tmp_path: Path, text: str = MINIMAL) -> Path:
    """A manifest beside a fake local model with two adapters."""
    for name in ("ui", "chat"):
        d = tmp_path / "models" / "m" / "adapters" / name
        d.mkdir(parents=True, exist_ok=True)
        (d / "adapter_model.safetensors").write_bytes(name.encode() * 10)
        (d / "adapter_config.json").write_text('{"r": 8}')
    (tmp_path / "models" / "m" / "config.json").write_text("{}")
    path = tmp_path / "harness.toml"
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(text: str, tmp_path: Path) -> list[str]:
    path = project(tmp_path, text)
    with pytest.raises(ManifestError) as info:
        load(path)
    prefix = f"{path}:"
    return [line.removeprefix(prefix) for line in info.value.lines()]


# ---------------------------------------------------------------- the committed manifest


def test_committed_manifest_validates_and_states_the_defaults():
    manifest = load(ROOT / "harness.toml")
    assert manifest.harness.name == "ui4a"
    defaults = loads('[harness]\nname = "ui4a"\nversion = "0.1.0"\n', root=ROOT)
    assert manifest.model_dump() == defaults.model_dump()
    assert manifest.router_config() == {"labels": ["ui", "chat"], "rules": [], "default": "chat",
                                        "threshold": 0.5, "use_summary": False}
    assert manifest.decoding.max_new_tokens == 400 and manifest.session.data_dir == ".ui4a-data"


def test_router_config_builds_the_router(tmp_path):
    from ui4a.model.router import Router

    text = MINIMAL + '\n[router]\nrules = [{ pattern = "chart|table", label = "ui" }]\n'
    router = Router.from_config(load(project(tmp_path, text)).router_config())
    assert router.decide("a chart please", None).adapter == "ui"
    assert router.decide("hello", None).adapter == "chat"


def test_model_spec(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert load(project(tmp_path)).model_spec() == "local:models/m"
    text = MINIMAL.replace('base = "models/m"\nfallback = "none"',
                           'backend = "openai"\nurl = "http://127.0.0.1:8000/v1"\napi_key_env = "OPENAI_API_KEY"')
    assert load(project(tmp_path, text)).model_spec() == "openai:http://127.0.0.1:8000/v1"
    unbuilt = MINIMAL.replace('base = "models/m"\nfallback = "none"', 'base = "models/unbuilt"\nfallback = "replay"')
    assert load(project(tmp_path, unbuilt)).model_spec() == "replay:50"


def test_prompt_template_renders_the_catalog(tmp_path):
    from ui4a import catalog
    from ui4a.hcp.prompts import render_all

    text = MINIMAL + '\n[components]\nallow = ["Text", "Card"]\n'
    manifest = load(project(tmp_path, text))
    assert render_all(manifest) == {"system": catalog.prompt(["Card", "Text"])}


# ---------------------------------------------------------------- positioned errors


def test_toml_syntax_error_has_tomllib_position(tmp_path):
    assert errors_of('[harness]\nname = "x"\nversion = \n', tmp_path) == ["3:11: TOML syntax: invalid value"]


def test_unknown_key_word_for_word(tmp_path):
    text = MINIMAL + "\n[decoding]\ntempreature = 0.5\n"
    assert errors_of(text, tmp_path) == [
        "17:1: unknown key 'tempreature' in [decoding]; did you mean 'temperature'? "
        "(keys: constrained, max_new_tokens, repair_turns, temperature, top_p, seed, copy_bias)"]


def test_unknown_table_and_missing_harness(tmp_path):
    assert errors_of('[modle]\nbase = "x"\n', tmp_path) == [
        "1:1: missing required table [harness]",
        "1:1: unknown key 'modle' in the top level; did you mean 'model'? (keys: harness, model, router, "
        "prompts, components, decoding, session, render, rsi)"]


def test_wrong_types_word_for_word(tmp_path):
    text = MINIMAL + '\n[decoding]\nmax_new_tokens = "400"\nconstrained = 1\n\n[render]\ntheme = "blue"\n'
    assert errors_of(text, tmp_path) == [
        "17:1: decoding.max_new_tokens: expected an integer, got '400'",
        "18:1: decoding.constrained: expected true or false, got 1",
        "21:1: render.theme: expected 'light' or 'dark', got 'blue'"]


def test_missing_key_and_range(tmp_path):
    text = MINIMAL.replace('version = "1.2.3"\n', "") + "\n[router]\nthreshold = 1.5\n"
    assert errors_of(text, tmp_path) == [
        "1:1: [harness] is missing required key 'version'",
        "16:1: router.threshold: must be less than or equal to 1, got 1.5"]


def test_secret_literal_is_rejected(tmp_path):
    text = MINIMAL.replace('fallback = "none"', 'fallback = "none"\napi_key = "sk-live-123"\n'
                           'api_key_env = "openai key"')
    assert errors_of(text, tmp_path) == [
        '8:1: model.api_key: secrets are never written in the manifest; name the environment variable that '
        'holds it instead, e.g. api_key_env = "OPENAI_API_KEY"',
        "9:1: model.api_key_env: 'openai key' is not an environment-variable name (capital letters, digits "
        "and '_', e.g. OPENAI_API_KEY)"]
    nested = MINIMAL + '\n[rsi]\nupload_token = "abc"\n'
    assert errors_of(nested, tmp_path)[0].startswith("17:1: rsi.upload_token: secrets are never written")


def test_missing_files(tmp_path):
    text = MINIMAL.replace('path = "models/m/adapters/chat"', 'path = "models/m/adapters/gone"')
    text += '\n[prompts.system]\nfile = "prompts/system.jinja"\n'
    assert errors_of(text, tmp_path) == [
        "14:1: model.adapters.chat.path: adapter files 'models/m/adapters/gone' do not exist",
        "17:1: prompts.system.file: template file 'prompts/system.jinja' does not exist"]
    no_base = MINIMAL.replace('base = "models/m"', 'base = "models/none"')
    assert errors_of(no_base, tmp_path) == [
        "6:1: model.base: base model directory 'models/none' does not exist (build it with `ui4a model "
        "build`, or set fallback = \"replay\")"]


def test_missing_base_is_tolerated_with_a_fallback(tmp_path):
    text = MINIMAL.replace('base = "models/m"\nfallback = "none"', 'base = "models/unbuilt"')
    assert load(project(tmp_path, text)).model.fallback == "replay"


def test_unknown_components_with_did_you_mean(tmp_path):
    text = MINIMAL + '\n[components]\nallow = ["Card", "Buton", "Zzzzzz"]\n'
    assert errors_of(text, tmp_path) == [
        "17:18: components.allow[1]: unknown component 'Buton'; did you mean 'Button'? (see `ui4a catalog`)",
        "17:27: components.allow[2]: unknown component 'Zzzzzz' (see `ui4a catalog`)"]


def test_router_patterns_and_labels(tmp_path):
    text = MINIMAL + """
[router]
labels = ["ui", "chat", "code"]
default = "cat"
rules = [
  { pattern = "chart(", label = "ui" },
  { pattern = "table", label = "uii" },
]
"""
    assert errors_of(text, tmp_path) == [
        "17:25: router.labels[2]: label 'code' has no adapter in [model.adapters] (chat, ui)",
        "18:1: router.default: 'cat' is not one of router.labels (ui, chat, code); did you mean 'chat'?",
        "20:5: router.rules[0].pattern: 'chart(' is not a regular expression: missing ), unterminated "
        "subpattern at position 5",
        "21:24: router.rules[1].label: 'uii' is not one of router.labels (ui, chat, code); did you mean 'ui'?"]


def test_theme_variables(tmp_path):
    text = MINIMAL + '\n[render.tokens]\nui-accent = "#7048e8"\nui-acent = "#fff"\nui-bg = "red; x: url(y)"\n'
    assert errors_of(text, tmp_path) == [
        "18:1: render.tokens: unknown theme variable 'ui-acent'; did you mean 'ui-accent'? (variables come "
        "from ui4a/render/base.css)",
        "19:1: render.tokens.ui-bg: 'red; x: url(y)' is not a plain CSS value (no ; { } < > \\, comments, "
        "url() or @import)"]
    ok = load(project(tmp_path, MINIMAL + '\n[render.tokens]\nui-accent = "#7048e8"\n'))
    assert ok.render.tokens == {"ui-accent": "#7048e8"}


def test_prompt_template_faults(tmp_path):
    text = MINIMAL + ('\n[prompts.system]\ntemplate = "{{ catalog }"\n\n[prompts.other]\n'
                      'template = "{{ nope }}"\nfile = "x.jinja"\n\n[prompts.third]\ntemplate = "{{ nope }}"\n')
    assert errors_of(text, tmp_path) == [
        "17:1: prompts.system.template: template line 1: unexpected '}'",
        "19:1: prompts.other: give exactly one of `template` or `file`",
        "24:1: prompts.third.template: template does not render: 'nope' is undefined"]
    no_system = MINIMAL + '\n[prompts.chat]\ntemplate = "Answer briefly."\n'
    assert errors_of(no_system, tmp_path) == ["16:1: [prompts] needs a `system` template (the system prompt)"]


def test_every_error_is_collected_across_sections(tmp_path):
    text = MINIMAL + """
[router]
threshold = "high"
default = "cat"

[decoding]
max_new_tokens = 0

[render]
theme = "blue"
tokens = { ui-acent = "#fff" }
"""
    lines = errors_of(text, tmp_path)
    assert [line.split(": ")[1] for line in lines] == [
        "router.threshold", "router.default", "decoding.max_new_tokens", "render.theme", "render.tokens"]


def test_locator_follows_arrays_inline_tables_and_strings():
    text = ('a = "x [y] # z"\n[t."q.k"]\nb = [1,\n  { c = 2, d = """\n]\n""" },\n]\n'
            "[[arr]]\ne = 1\n[[arr]]\ne = 2  # two\n")
    where = Locator(text)
    assert where.find(("a",)) == (1, 1)
    assert where.find(("t", "q.k", "b", 1, "d")) == (4, 12)
    assert where.find(("arr", 1, "e")) == (11, 1)
    assert where.find(("arr", 1, "missing")) == (10, 1)
    assert where.find(("nowhere",)) == (1, 1)


# ---------------------------------------------------------------- lock


def test_lock_is_stable_and_ignores_layout(tmp_path):
    path = project(tmp_path)
    first = lock(path)
    assert first == lock(path) and len(first) == 64
    path.write_text("# a comment\n" + MINIMAL.replace('version = "1"', 'version   =   "1"  # same'))
    assert lock(path) == first


def test_lock_changes_with_each_input(tmp_path):
    path = project(tmp_path)
    seen = {lock(path)}

    path.write_text(MINIMAL + "\n[decoding]\nmax_new_tokens = 800\n")  # a manifest edit
    seen.add(lock(path))

    (tmp_path / "system.jinja").write_text("{{ catalog }}")
    path.write_text(MINIMAL + '\n[prompts.system]\nfile = "system.jinja"\n')
    seen.add(lock(path))
    (tmp_path / "system.jinja").write_text("Be brief.\n{{ catalog }}")  # a prompt edit
    seen.add(lock(path))

    class ProbeProps(BaseModel):
        label: str = Field(description="what it says")

    comp = registry.register(Component(name="HcpProbe", description="A probe for the lock test.",
                                       props=ProbeProps, template="<span>{{ props.label }}</span>"))
    try:
        seen.add(lock(path))  # a component added to the catalog (allow-list empty = all)
    finally:
        registry.unregister(comp.name)
    assert lock(path) in seen  # unregistered: back to the revision before

    adapter = tmp_path / "models" / "m" / "adapters" / "ui" / "adapter_model.safetensors"
    adapter.write_bytes(adapter.read_bytes()[:-1] + b"!")  # one adapter byte
    seen.add(lock(path))
    assert len(seen) == 6


def test_lock_write_is_beside_the_manifest(tmp_path):
    path = project(tmp_path)
    rev, target = write_lock(path)
    assert target == tmp_path / "harness.lock"
    data = json.loads(target.read_text())
    assert data["revision"] == rev == lock(path)
    assert set(data["adapters"]["ui"]["files"]) == {"adapter_config.json", "adapter_model.safetensors"}


# ---------------------------------------------------------------- diff


def test_diff_equal_and_settings(tmp_path):
    a = project(tmp_path)
    assert diff(a, a) == []
    b = tmp_path / "b.toml"
    b.write_text(MINIMAL + '\n[decoding]\nmax_new_tokens = 800\n\n[render.tokens]\nui-accent = "#000"\n')
    assert [c.format() for c in diff(a, b)] == [
        "settings: decoding.max_new_tokens: 400 -> 800",
        'settings: render.tokens.ui-accent: (unset) -> "#000"']


def test_diff_prompts_components_adapters(tmp_path):
    a = project(tmp_path, MINIMAL + '\n[components]\nallow = ["Card", "Text"]\n')
    b = tmp_path / "b.toml"
    b.write_text(MINIMAL.replace('path = "models/m/adapters/ui"\nversion = "1"',
                                 'path = "models/m/adapters/ui"\nversion = "2"')
                 + '\n[components]\nallow = ["Card", "Button"]\n\n[prompts.system]\n'
                 'template = "Be brief.\\n{{ catalog }}"\n')
    changes = diff(a, b)
    assert [c.section for c in changes] == ["prompts", "components", "components", "adapters"]
    prompt = changes[0].format().splitlines()
    assert prompt[:3] == ["prompts: system changed", "  --- a/system", "  +++ b/system"]
    assert "  +Be brief." in prompt and "  -Text text:str T" not in prompt
    assert any(line.startswith("  -Text ") for line in prompt)
    assert [c.format() for c in changes[1:]] == [
        "components: + Button (allowed)", "components: - Text (no longer allowed)",
        'adapters: ui: version "1" -> "2"']


def test_diff_against_a_lock_sees_schema_and_adapter_bytes(tmp_path):
    path = project(tmp_path)
    write_lock(path)

    class ProbeProps(BaseModel):
        label: str = Field(description="what it says")

    comp = registry.register(Component(name="HcpProbe", description="A probe for the diff test.",
                                       props=ProbeProps, template="<span>{{ props.label }}</span>"))
    try:
        adapter = tmp_path / "models" / "m" / "adapters" / "chat" / "adapter_model.safetensors"
        adapter.write_bytes(b"retrained")
        summaries = [c.summary for c in diff(tmp_path / "harness.lock", path)]
    finally:
        registry.unregister(comp.name)
    assert "HcpProbe (allowed)" in summaries[1] and summaries[0] == "system changed"
    assert "chat: files changed (adapter_model.safetensors)" in summaries


# ---------------------------------------------------------------- atomic saves


def test_save_round_trips(tmp_path):
    path = project(tmp_path, MINIMAL + '\n[prompts.system]\ntemplate = """\nLine one.\n{{ catalog }}\n"""\n')
    manifest = load(path)
    out = tmp_path / "again.toml"
    save(manifest, out)
    assert load(out).model_dump() == manifest.model_dump()
    assert lock(out) == lock(path)


def test_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = project(tmp_path)
    before = path.read_bytes()
    manifest = load(path)
    manifest.decoding.max_new_tokens = 999

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        save(manifest, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["harness.toml", "models"]  # no temp file left


def test_invalid_manifest_is_never_written(tmp_path):
    path = project(tmp_path)
    before = path.read_bytes()
    manifest = load(path)
    manifest.router.default = "nowhere"  # assignment is not validated; save checks before writing
    with pytest.raises(ManifestError, match="router.default: 'nowhere' is not one of"):
        save(manifest, path)
    assert path.read_bytes() == before


# ---------------------------------------------------------------- CLI and schema


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "ui4a.cli", "hcp", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_cli_validate_lock_diff(tmp_path):
    path = project(tmp_path)
    ok = cli("validate", str(path))
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout == f"ok: harness probe 1.2.3, revision {lock(path)[:12]}\n"

    bad = tmp_path / "bad.toml"
    bad.write_text(MINIMAL + "\n[decoding]\ntempreature = 1\nmax_new_tokens = true\n")
    result = cli("validate", str(bad))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"{bad}:17:1: unknown key 'tempreature' in [decoding]; did you mean 'temperature'? (keys: "
        "constrained, max_new_tokens, repair_turns, temperature, top_p, seed, copy_bias)",
        f"{bad}:18:1: decoding.max_new_tokens: expected an integer, got true",
        f"2 error(s) in {bad}"]
    assert cli("validate", str(tmp_path / "absent.toml")).returncode == 2

    written = cli("lock", str(path), "--write")
    assert written.returncode == 0 and written.stdout == f"revision: {lock(path)}\n"
    assert (tmp_path / "harness.lock").is_file()

    assert cli("diff", str(path), str(tmp_path / "harness.lock")).returncode == 0
    other = tmp_path / "other.toml"
    other.write_text(MINIMAL + "\n[decoding]\ntemperature = 0.7\n")
    changed = cli("diff", str(path), str(other))
    assert changed.returncode == 1 and changed.stdout == "settings: decoding.temperature: 0.0 -> 0.7\n"
    assert cli("diff", str(path), str(bad)).returncode == 2


def test_cli_validates_the_repository_manifest():
    result = cli("validate")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: harness ui4a 0.1.0, revision ")


def test_schema_file_is_up_to_date():
    committed = (ROOT / SCHEMA_PATH).read_text(encoding="utf-8")
    assert committed == schema_text(), "regenerate with: ui4a hcp schema -o docs/harness.schema.json"
    data = json.loads(committed)
    assert data["additionalProperties"] is False and "harness" in data["required"]
    assert "ui-accent" in data["$defs"]["Render"]["properties"]["tokens"]["propertyNames"]["enum"]
    assert cli("schema").stdout == committed


def test_package_exports():
    assert hcp.Manifest is not None and callable(hcp.snapshot) and callable(snapshot)
