"""The catalog prompt and JSON are generated from the registry and stay within budget."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, Field

from ui4a import catalog, registry, tokens
from ui4a.component import Component
from ui4a.validate import check


def test_full_prompt_within_budget_and_lists_every_component():
    text = catalog.prompt()
    assert tokens.count(text, "cl100k_base") <= 1500
    lines = text.splitlines()
    for name in registry.names():
        assert any(line.split(" ")[0] == name for line in lines), name


def test_prompt_examples_are_valid_code():
    text = catalog.prompt()
    examples = text.split("Examples:\n", 1)[1].strip().splitlines()
    assert len(examples) == 2
    for example in examples:
        assert check(example).ok, check(example).format()


def test_subset_prompt():
    text = catalog.prompt(["Card", "Text"])
    assert "\nCard " in text and "\nText " in text and "\nTable " not in text
    examples = text.split("Examples:\n", 1)[1].strip().splitlines()
    assert examples and all(check(e).ok for e in examples)


def test_unknown_subset_is_refused():
    with pytest.raises(KeyError, match="unknown component"):
        catalog.prompt(["Nope"])


def test_line_follows_the_props_model():
    class Props(BaseModel):
        model_config = ConfigDict(extra="forbid")
        title: str = Field(description="Heading.")
        count: int = Field(3, description="How many.")
        tone: str | None = Field(None, description="Tone.")
        flag: bool = Field(False, description="A switch.")

    comp = Component(name="ZzLine", description="Probe.", props=Props, template="", children="text")
    assert catalog.component_line(comp) == "ZzLine title:str count?:int tone?:str flag? T"


def test_catalog_json_has_schema_children_and_examples():
    data = {c["name"]: c for c in catalog.catalog_json()}
    assert data["Tabs"]["children"] == ["Tab"]
    assert data["Divider"]["children"] == "none"
    assert data["Table"]["props"]["required"] == ["columns", "rows"]
