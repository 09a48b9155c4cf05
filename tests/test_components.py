"""One table of checks run over every registered component: a new component gets them for free."""

from __future__ import annotations

import re

import pytest
from pydantic import BaseModel, ConfigDict, Field

from ui4a import registry
from ui4a.component import Component
from ui4a.registry import RegistryError
from ui4a.render.html import css_rules, render_source, stylesheet
from ui4a.validate import check

COMPONENTS = registry.all_components()
IDS = [c.name for c in COMPONENTS]


def test_library_covers_the_catalogue():
    assert len(COMPONENTS) >= 28
    categories = {c.category for c in COMPONENTS}
    assert categories == {"layout", "content", "data", "chart", "input"}


@pytest.mark.parametrize("comp", COMPONENTS, ids=IDS)
def test_example_is_valid_and_uses_the_component(comp: Component):
    assert comp.example, "every component ships an example"
    report = check(comp.example)
    assert report.ok, report.format(comp.name)
    assert any(el.name == comp.name for el, _ in report.document.walk())


@pytest.mark.parametrize("comp", COMPONENTS, ids=IDS)
def test_example_renders_safe_html(comp: Component):
    html = render_source(comp.example, standalone=True)
    assert "<script" not in html.lower()
    assert not re.search(r"\son[a-z]+\s*=", html, re.I), "no inline event handlers"
    assert "javascript:" not in html.lower()


@pytest.mark.parametrize("comp", COMPONENTS, ids=IDS)
def test_props_are_described_and_strict(comp: Component):
    schema = comp.props.model_json_schema()
    for name, prop in schema.get("properties", {}).items():
        assert prop.get("description"), f"{comp.name}.{name} has no description"
    assert comp.props.model_config.get("extra") == "forbid", "unknown props must be refused"


@pytest.mark.parametrize("comp", COMPONENTS, ids=IDS)
def test_css_is_scoped_and_inert(comp: Component):
    assert "url(" not in comp.css and "@import" not in comp.css and "expression(" not in comp.css
    assert comp.css.strip() == "" or ".ui-" in comp.css
    sheet = stylesheet([comp.name])
    assert all(rule in sheet for rule in css_rules(comp.css))
    assert "".join(css_rules(comp.css)).replace(" ", "") == comp.css.replace(" ", "").replace("\n", ""), \
        "CSS must be whole rules (balanced braces)"


@pytest.mark.parametrize("comp", COMPONENTS, ids=IDS)
def test_unknown_prop_is_refused_with_a_position(comp: Component):
    source = re.sub(rf"<{comp.name}(?=[\s/>])", f"<{comp.name} bogusProp=1", comp.example, count=1)
    report = check(source)
    assert any(d.code == "unknown-prop" and "bogusProp" in d.message for d in report.diagnostics)


class _Props(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str = Field("x", description="A title.")


def _component(**overrides) -> Component:
    values = dict(name="ZzProbe", description="A probe.", props=_Props, template="<div></div>")
    values.update(overrides)
    return Component(**values)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"name": "card"}, "name must be PascalCase"),
        ({"name": "Card"}, "already registered"),
        ({"name": "State"}, "reserved by the language"),
        ({"description": " "}, "description is empty"),
        ({"category": "misc"}, "category must be one of"),
        ({"children": "some"}, "children must be"),
        ({"template": "{% if %}"}, "template line 1"),
        ({"props": dict}, "props must be a pydantic BaseModel subclass"),
    ],
)
def test_registry_rejects_malformed_components(overrides, message):
    with pytest.raises(RegistryError, match=message):
        registry.register(_component(**overrides))
    assert registry.get("ZzProbe") is None


def test_registry_rejects_undocumented_props():
    class Bare(BaseModel):
        title: str = "x"

    with pytest.raises(RegistryError, match="prop 'title' has no description"):
        registry.register(_component(props=Bare))


def test_a_registered_component_is_usable_at_once():
    comp = registry.register(_component(template='<div class="ui-probe">{{ props.title }}</div>'))
    try:
        assert render_source('<ZzProbe title="hi" />').count("ui-probe") == 1
    finally:
        registry.unregister(comp.name)
