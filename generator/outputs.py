"""Deterministic writers: the same rows always give the same bytes."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd


def csv_bytes(frame: pd.DataFrame) -> bytes:
    return frame.to_csv(index=False, lineterminator="\n").encode("utf-8")


def write_csv(frame: pd.DataFrame, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(csv_bytes(frame))
    return path


def write_json(data: object, path: Path, compact: bool = False) -> Path:
    """UTF-8 JSON; `compact` for big tables (no indentation)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if compact:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    else:
        text = json.dumps(data, ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def records(frame: pd.DataFrame) -> list[dict]:
    """Rows as plain dicts (NaN as None) for JSON."""
    return json.loads(frame.to_json(orient="records", force_ascii=False))
