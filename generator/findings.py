"""The shared shape of cross-check rows and findings, for both games.

Each game's checker returns `CheckRow`s (one per extracted example) and
`Finding`s (one per inconsistency, gap, ambiguity or recorded dispute). The build
writes them all to data/generated/crosscheck.csv and findings.csv, which the
rulings page (争议与勘误) is built from. Finding ids are derived from what the
finding is about (an example or rule id plus a kind), never from a counter, so
that links to a ruling do not move.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import pandas as pd

# Verdicts of the cross-check, with their Chinese labels.
VERDICTS = {
    "matches": "相符",
    "arithmetic_wrong": "原文算术错误",
    "contradicts_rules": "与原文自身规则矛盾",
    "copies_disagree": "两份抄本不一致",
    "infeasible": "所述情形不可能出现",
    "uncheckable": "无法核对",
}

# Kinds of findings, with their Chinese labels.
KINDS = {
    "arithmetic": "算术错误",
    "contradiction": "自相矛盾",
    "copies": "抄本差异",
    "infeasible": "不可能的情形",
    "gap": "原文缺漏",
    "ambiguity": "歧义",
    "dispute": "原文记下的争议",
    "typo": "笔误",
}


@dataclass(frozen=True)
class CheckRow:
    """The verdict on one extracted example (data/examples/examples.csv)."""

    example_id: str
    game: str
    doc: str
    line: int
    row_id: str
    quote: str
    situation: str
    stated: int
    engine: str  # the rules core's value ("" when it cannot be checked)
    verdict: str  # a key of VERDICTS
    reason: str
    formula: str = ""
    rule_ids: str = ""  # space-separated rule ids the engine used
    readings: str = ""  # readings (or presets) under which the stated value is reproduced
    finding_id: str = ""

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict!r} for {self.example_id}")


@dataclass(frozen=True)
class Finding:
    """One entry of the rulings page (争议与勘误)."""

    id: str
    game: str
    kind: str  # a key of KINDS
    title: str
    lines: str  # document lines, e.g. "001:127; 000:113"
    quote: str  # the source text, quoted exactly (original characters)
    what_is_wrong: str
    rules_give: str
    alternatives: str  # each reading and what it gives
    verdict: str  # the ruling and its reasoning
    example_ids: str = ""
    rule_ids: str = ""
    option: str = ""  # the preset option or reading that carries the alternative, if any

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown finding kind {self.kind!r} for {self.id}")


def frame(rows: list, columns: type) -> pd.DataFrame:
    """Rows of one of the dataclasses above as a DataFrame with its columns in order."""
    names = list(columns.__dataclass_fields__)
    return pd.DataFrame.from_records([asdict(r) for r in rows], columns=names)
