"""Compare two editions of data/generated: which payout rows and worked examples changed.

    python scripts/compare_payouts.py BEFORE_DIR [AFTER_DIR]

Rows are matched by id; a row changes when any priced field (amounts, 名堂,
归, red cards, feasibility) differs. Prints one summary line per table.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd

TABLES = {
    "zipai_payouts.csv": ("id", ["mingtang", "gui", "red", "total", "pay_shang", "pay_xia", "step", "feasible",
                                 "formula"]),
    "nanning_payouts.csv": ("id", None),
    "crosscheck.csv": ("example_id", ["engine", "verdict", "readings", "finding_id"]),
    "findings.csv": ("id", None),
    "zipai_odds.csv": (None, None),
}


def compare(before: Path, after: Path, name: str, key: str | None, fields: list[str] | None) -> str:
    old = pd.read_csv(before / name, dtype=str, keep_default_na=False)
    new = pd.read_csv(after / name, dtype=str, keep_default_na=False)
    if key is None:
        return f"{name}: {'unchanged' if old.equals(new) else 'changed'} ({len(new)} rows)"
    old, new = old.set_index(key), new.set_index(key)
    gone, added = sorted(set(old.index) - set(new.index)), sorted(set(new.index) - set(old.index))
    both = old.index.intersection(new.index)
    cols = [c for c in (fields or list(new.columns)) if c in old.columns and c in new.columns]
    changed = [i for i in both if not old.loc[i, cols].equals(new.loc[i, cols])]
    out = f"{name}: {len(changed)} of {len(both)} rows changed, {len(gone)} gone, {len(added)} new"
    for label, ids in (("changed", changed), ("gone", gone), ("new", added)):
        if ids:
            out += f"\n  {label}: " + " ".join(ids[:12]) + (" …" if len(ids) > 12 else "")
    return out


def main() -> None:
    before = Path(sys.argv[1])
    after = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parents[1] / "data" / "generated"
    for name, (key, fields) in TABLES.items():
        print(compare(before, after, name, key, fields))


if __name__ == "__main__":
    main()
