"""Every part reads its configuration from the manifest: source, router, decoding, prompt, allow-list, theme."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import run_async
from ui4a import harness, traces
from ui4a.cli import main as cli
from ui4a.hcp.load import load
from ui4a.model import turn
from ui4a.model.backends.base import Message
from ui4a.model.backends.factory import from_spec
from ui4a.model.backends.local import LocalBackend

ROOT = Path(__file__).resolve().parents[2]

MANIFEST = """\
[harness]
name = "wired"
version = "2.0.0"

[model]
backend = "local"
base = "tiny"
fallback = "none"

[model.adapters.ui]
path = "elsewhere/ui"
version = "7"

[model.adapters.chat]
path = "tiny/adapters/chat"

[router]
labels = ["ui", "chat"]
default = "chat"
threshold = 1.0
rules = [{ pattern = "\\\\bchart\\\\b", label = "ui" }]

[prompts.system]
template = "Answer with UI code. {{ catalog }}"

[components]
allow = ["Card", "Text"]

[decoding]
constrained = false
max_new_tokens = 7
copy_bias = 2.5

[session]
max_message_chars = 50

[render]
theme = "dark"

[render.tokens]
ui-accent = "#7048e8"
"""


@pytest.fixture
def wired(tiny_model_dir, tmp_path, monkeypatch):
    shutil.copytree(tiny_model_dir, tmp_path / "tiny")
    shutil.copytree(tiny_model_dir / "adapters" / "ui", tmp_path / "elsewhere" / "ui")
    path = tmp_path / "harness.toml"
    path.write_text(MANIFEST, encoding="utf-8")
    monkeypatch.setenv(harness.ENV, str(path))
    monkeypatch.delenv("UI4A_MODEL", raising=False)
    harness.reload()
    yield load(path)
    harness.reload()


def test_the_backend_is_built_from_the_manifest(wired) -> None:
    backend = from_spec()
    assert isinstance(backend, LocalBackend)
    assert backend.model.adapter_dirs["ui"] == wired.resolve("elsewhere/ui")
    assert backend.model.system.startswith("Answer with UI code. ") and "<Card" in backend.model.system
    assert "Badge" not in backend.model.system.split("<Card")[0][-50:]
    assert (backend.constrained, backend.max_new_tokens, backend.components) == (False, 7, ["Card", "Text"])
    assert backend.copy_bias == 2.5
    assert backend.route([Message("user", "a bar chart please")]).reason.startswith("rule")
    route = backend.route([Message("user", "hello there")])
    assert route.adapter == "chat" and "default" in route.reason  # threshold 1.0: the default wins
    result = run_async(turn.run(backend, [Message("user", "a chart of sales")]))
    assert len(backend.model.tokenizer(result.output, add_special_tokens=False)["input_ids"]) <= 8


def test_the_allow_list_is_enforced_by_the_check(wired) -> None:
    report = turn.checked('<Card title="x"><Badge>new</Badge></Card>')
    assert [d.message for d in report.diagnostics] == ["<Badge> is not in this harness's component allow-list"]
    assert turn.checked('<Card title="x"><Text>fine</Text></Card>').ok


def test_render_uses_the_manifest_theme(wired, tmp_path, capsys) -> None:
    assert cli(["render", str(ROOT / "examples" / "recipe.ui"), "--standalone"]) == 0
    html = capsys.readouterr().out
    assert 'data-theme="dark"' in html and "--ui-accent: #7048e8;" in html
    assert cli(["render", str(ROOT / "examples" / "recipe.ui"), "--theme", "light"]) == 0
    assert 'data-theme="light"' in capsys.readouterr().out


def test_cli_turns_are_traced_under_the_manifest(wired, tmp_path, capsys) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"card": '<Card title="Hi"><Text>there</Text></Card>'}))
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # the CLI runs its own event loop
        assert pool.submit(cli, ["chat", "--model", f"scripted:{script}", "--json", "a card"]).result() == 0
    out = json.loads(capsys.readouterr().out)
    with harness.store() as s:
        [row] = traces.traces(s, since_id=out["trace"] - 1)
    assert (row["source"], row["harness"], row["harness_version"]) == ("cli", "wired", "2.0.0")
    assert row["adapter_version"] == "7" and row["valid"] == 1 and row["revision"] == harness.revision()


def test_a_faulty_manifest_is_refused_whole(tmp_path, monkeypatch, capsys) -> None:
    bad = tmp_path / "harness.toml"
    bad.write_text('[harness]\nname = "x"\nversion = "1"\n\n[decoding]\nmax_new_tokens = "many"\nspeed = 3\n')
    monkeypatch.setenv(harness.ENV, str(bad))  # so the variable --harness sets is restored afterwards
    assert cli(["--harness", str(bad), "chat", "hi"]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:6:" in err and "expected an integer" in err and f"{bad}:7:" in err and "unknown key" in err
    harness.reload()
