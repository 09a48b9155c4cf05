"""The manifest's published JSON schema, generated from the models (``docs/harness.schema.json``)."""

from __future__ import annotations

import json
from typing import Any

from ui4a.hcp.manifest import Manifest

SCHEMA_PATH = "docs/harness.schema.json"


def schema() -> dict[str, Any]:
    body = Manifest.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "harness.schema.json",
            "title": "UI4A harness manifest (harness.toml)", **{k: v for k, v in body.items() if k != "title"}}


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
