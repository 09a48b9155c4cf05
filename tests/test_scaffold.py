"""``ui4a new-component``: the scaffolded module registers, validates, renders and is catalogued."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ui4a import catalog, registry, scaffold
from ui4a.render.html import render_source
from ui4a.scaffold import ScaffoldError
from ui4a.validate import check

ROOT = Path(__file__).resolve().parent.parent
PKG = "zz_scaffold_pkg"
RUFF = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")


@pytest.fixture
def pkg(tmp_path, monkeypatch):
    """An empty package on sys.path; components imported from it are unregistered afterwards."""
    folder = tmp_path / PKG
    folder.mkdir()
    (folder / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = set(registry.names())
    yield folder
    for name in set(registry.names()) - before:
        registry.unregister(name)
    for mod in [m for m in sys.modules if m == PKG or m.startswith(PKG + ".")]:
        del sys.modules[mod]


def load(path: Path):
    importlib.invalidate_caches()
    importlib.import_module(f"{PKG}.{path.stem}")


def run_cli(*args: str, cwd: Path | None = None, pythonpath: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": pythonpath or str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "ui4a.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=env, timeout=120)


# ------------------------------------------------------------------ the generated component


@pytest.mark.parametrize(
    ("name", "category", "children", "line"),
    [
        ("ZzScNone", "content", "none", "ZzScNone title:str subtitle?:str tone?:tone"),
        ("ZzScText", "data", "text", "ZzScText title:str subtitle?:str tone?:tone T"),
        ("ZzScInline", "content", "inline", "ZzScInline title:str subtitle?:str tone?:tone"),
        ("ZzScAny", "layout", "any", "ZzScAny title:str subtitle?:str tone?:tone *"),
    ],
)
def test_scaffolded_component_registers_validates_renders_and_is_catalogued(pkg, name, category, children, line):
    path = scaffold.scaffold(name, category=category, children=children, directory=pkg)
    assert path == pkg / f"{scaffold.snake_name(name)}.py"
    assert registry.get(name) is None, "the dry run leaves the registry as it was"
    load(path)

    comp = registry.get(name)
    assert comp is not None
    assert (comp.category, comp.children) == (category, children)
    assert comp.description.startswith(f"{name}: a titled block") and "TODO" not in comp.description
    assert comp.props.model_config.get("extra") == "forbid"
    assert all(f.description for f in comp.props.model_fields.values())

    report = check(comp.example)
    assert report.ok, report.format(name)
    assert any(el.name == name for el, _ in report.document.walk())

    html = render_source(comp.example)
    kebab = scaffold.kebab_name(name)
    assert f'class="ui-{kebab} ui-{kebab}--info"' in html
    uid = re.search(rf'class="ui-{kebab} [^"]*" id="(u\d+)" role="group" aria-labelledby="\1-title"', html)
    assert uid and f'<h3 class="ui-{kebab}__title" id="{uid.group(1)}-title">' in html
    assert "Updated today" in html
    assert ("Everything is on track." in html) == (children != "none")
    assert "var(--ui-" in comp.css and f".ui-{kebab}" in comp.css

    assert line in catalog.prompt().splitlines()
    assert catalog.component_line(comp) == line
    entry = next(c for c in catalog.catalog_json() if c["name"] == name)
    assert entry["example"] == comp.example and set(entry["props"]["properties"]) == {"title", "subtitle", "tone"}

    bad = check(f'<{name} title="x" tone="green" />')
    assert [d.code for d in bad.diagnostics] and "tone" in bad.diagnostics[0].message


def test_generated_code_passes_ruff_with_the_repo_config(tmp_path):
    if RUFF is None:
        pytest.skip("ruff is not installed")
    for children in scaffold.CHILD_POLICIES:
        folder = tmp_path / children
        folder.mkdir()
        scaffold.scaffold("ZzRuffProbe", children=children, directory=folder)
    out = subprocess.run([RUFF, "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


def test_generated_docstring_explains_the_parts(tmp_path):
    text = scaffold.scaffold("ZzDocProbe", directory=tmp_path).read_text(encoding="utf-8")
    assert text.startswith('"""ZzDocProbe: ')
    for phrase in ("`props`", "`uid`", "`children`", "ui4a.render.reflex", "var(--ui-...)", "description"):
        assert phrase in text
    assert text.count("\nregister(") == 1
    assert "TODO" not in text


@pytest.mark.parametrize(
    ("name", "snake", "kebab"),
    [("PriceTag", "price_tag", "price-tag"), ("KPIBox", "kpi_box", "kpi-box"), ("Stat2", "stat2", "stat2"),
     ("Ab", "ab", "ab")],
)
def test_names_become_files_and_classes(name, snake, kebab):
    assert (scaffold.snake_name(name), scaffold.kebab_name(name)) == (snake, kebab)


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("priceTag", "must be PascalCase"),
        ("Price-Tag", "must be PascalCase"),
        ("P", "must be PascalCase"),
        ("A" + "b" * 40, "must be PascalCase"),
        ("Card", "'Card' is already registered"),
        ("State", "reserved by the language"),
    ],
)
def test_bad_names_are_refused_and_nothing_is_written(tmp_path, name, message):
    with pytest.raises(ScaffoldError, match=message):
        scaffold.scaffold(name, directory=tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"category": "misc"}, "category 'misc' must be one of"), ({"children": "some"}, "children 'some' must be")],
)
def test_bad_options_are_refused(tmp_path, kwargs, message):
    with pytest.raises(ScaffoldError, match=message):
        scaffold.scaffold("ZzOptProbe", directory=tmp_path, **kwargs)
    assert list(tmp_path.iterdir()) == []


def test_missing_directory_is_refused(tmp_path):
    with pytest.raises(ScaffoldError, match="does not exist"):
        scaffold.scaffold("ZzDirProbe", directory=tmp_path / "nowhere")
    assert not (tmp_path / "nowhere").exists()


def test_existing_file_is_kept_unless_forced(tmp_path):
    target = tmp_path / "zz_keep_probe.py"
    target.write_text("# mine\n", encoding="utf-8")
    with pytest.raises(ScaffoldError, match="already exists; use --force"):
        scaffold.scaffold("ZzKeepProbe", directory=tmp_path)
    assert target.read_text(encoding="utf-8") == "# mine\n"

    assert scaffold.scaffold("ZzKeepProbe", directory=tmp_path, force=True) == target
    assert 'name="ZzKeepProbe"' in target.read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir()] == [target.name], "no temporary file left behind"


def test_a_failed_write_leaves_no_half_file(tmp_path, monkeypatch):
    target = tmp_path / "zz_atomic_probe.py"
    target.write_text("# original\n", encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(scaffold.os, "replace", broken_replace)
    with pytest.raises(ScaffoldError, match="cannot write .*No space left on device"):
        scaffold.scaffold("ZzAtomicProbe", directory=tmp_path, force=True)
    assert target.read_text(encoding="utf-8") == "# original\n"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_new_files_are_not_private(tmp_path):
    path = scaffold.scaffold("ZzModeProbe", directory=tmp_path)
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask


# ------------------------------------------------------------------ the command line


def test_cli_writes_the_file_and_prints_next_steps(tmp_path):
    out = run_cli("new-component", "ZzCliProbe", "--category", "data", "--children", "text", "--dir", str(tmp_path))
    assert out.returncode == 0, out.stderr
    path = tmp_path / "zz_cli_probe.py"
    assert path.is_file() and 'children="text"' in path.read_text(encoding="utf-8")
    assert out.stdout.startswith(f"wrote {path}\nnext steps:")
    assert "ZzCliProbeProps" in out.stdout and "ui4a check -" in out.stdout and "pytest" in out.stdout
    assert "ui4a.components" in out.stdout, "a folder outside the built-in package needs an entry point"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["lowercase"], "ui4a: component name 'lowercase' must be PascalCase"),
        (["Card"], "ui4a: component 'Card' is already registered"),
        (["State"], "ui4a: component name 'State' is reserved by the language"),
        (["A" + "b" * 40], "must be PascalCase"),
        (["ZzCliProbe", "--dir", "/nonexistent/ui4a"], "ui4a: directory /nonexistent/ui4a does not exist"),
    ],
)
def test_cli_refusals_exit_2_in_one_line(tmp_path, args, message):
    out = run_cli("new-component", *args, *([] if "--dir" in args else ["--dir", str(tmp_path)]))
    assert out.returncode == 2
    assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr and out.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_cli_refuses_overwrite_then_force_overwrites(tmp_path):
    target = tmp_path / "zz_cli_probe.py"
    target.write_text("# mine\n", encoding="utf-8")
    out = run_cli("new-component", "ZzCliProbe", "--dir", str(tmp_path))
    assert out.returncode == 2 and "already exists; use --force" in out.stderr and "Traceback" not in out.stderr
    assert target.read_text(encoding="utf-8") == "# mine\n"
    out = run_cli("new-component", "ZzCliProbe", "--dir", str(tmp_path), "--force")
    assert out.returncode == 0 and "register(" in target.read_text(encoding="utf-8")


def test_cli_bad_choice_is_a_usage_error():
    out = run_cli("new-component", "ZzCliProbe", "--children", "some")
    assert out.returncode == 2 and "invalid choice" in out.stderr and "Traceback" not in out.stderr


# ------------------------------------------------------------------ no other edits


@pytest.mark.slow
def test_a_new_file_in_the_components_package_is_all_it_takes(tmp_path):
    """Scaffold into a copy of the built-in package: the registry, catalog and test table pick it up."""
    shutil.copytree(ROOT / "components", tmp_path / "components",
                    ignore=shutil.ignore_patterns("__pycache__"))
    copy = (tmp_path / "components").resolve()
    pythonpath = f"{tmp_path}{os.pathsep}{ROOT}"
    env = {**os.environ, "PYTHONPATH": pythonpath, "PYTHONDONTWRITEBYTECODE": "1"}

    def python(code: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                              cwd=tmp_path, env=env, timeout=120)

    where = python("from ui4a.scaffold import default_directory; print(default_directory())")
    assert where.returncode == 0 and Path(where.stdout.strip()) == copy, "must not touch the real package"

    out = run_cli("new-component", "ZzFreshWidget", "--children", "any", cwd=tmp_path, pythonpath=pythonpath)
    assert out.returncode == 0, out.stderr
    assert (copy / "zz_fresh_widget.py").is_file()
    assert not (ROOT / "components" / "zz_fresh_widget.py").exists()

    probe = python("""
        import sys
        from pathlib import Path
        from ui4a import catalog, registry
        from ui4a.render.html import render_source
        from ui4a.validate import check

        comp = registry.get("ZzFreshWidget")
        assert comp is not None, "not registered"
        assert Path(sys.modules[comp.props.__module__].__file__).parent == Path("components").resolve()
        assert "ZzFreshWidget title:str subtitle?:str tone?:tone *" in catalog.prompt().splitlines()
        assert "ZzFreshWidget" in [c["name"] for c in catalog.catalog_json()]
        assert check(comp.example).ok
        assert "ui-zz-fresh-widget" in render_source(comp.example)
        print("ok")
    """)
    assert probe.returncode == 0 and probe.stdout.strip() == "ok", probe.stderr

    suite = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ROOT / "tests" / "test_components.py"),
         "-k", "ZzFreshWidget"],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert suite.returncode == 0, suite.stdout[-3000:] + suite.stderr[-2000:]
    passed = re.search(r"(\d+) passed", suite.stdout)
    assert passed and int(passed.group(1)) >= 5, suite.stdout[-2000:]  # every per-component check ran on it
