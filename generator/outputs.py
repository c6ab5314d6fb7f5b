"""Deterministic writers: the same rows always give the same bytes.

A published file names its schema (`rules.schemas`): a JSON object gets a leading
`schema_version`, a CSV a last column `schema_version`, equal to that schema's version.
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from rules import schemas


def csv_bytes(frame: pd.DataFrame, schema: str = "") -> bytes:
    """UTF-8 CSV without the index; with `schema`, a last column `schema_version` (its version)."""
    if schema:
        frame = frame.drop(columns="schema_version", errors="ignore").assign(schema_version=schemas.version(schema))
    return frame.to_csv(index=False, lineterminator="\n").encode("utf-8")


def write_csv(frame: pd.DataFrame, path: Path, schema: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(csv_bytes(frame, schema))
    return path


def write_json(data: object, path: Path, compact: bool = False, schema: str = "") -> Path:
    """UTF-8 JSON; `compact` for big tables (no indentation); with `schema`, an object gets a leading
    `schema_version` (its version)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if schema:
        data = {"schema_version": schemas.version(schema), **data}
    if compact:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    else:
        text = json.dumps(data, ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def records(frame: pd.DataFrame) -> list[dict]:
    """Rows as plain dicts (NaN as None) for JSON."""
    return json.loads(frame.to_json(orient="records", force_ascii=False))
