"""字牌's generator side of the payout table: the CSV. The table is the core's
(`rules.zipai.payouts`); its names are re-exported here for the generator.
"""
from __future__ import annotations

import pandas as pd

from rules.zipai.payouts import NOTES, READING_SET, payout_json, payout_rows, reached  # noqa: F401 (re-exported)


def payout_csv(rows: list[dict]) -> pd.DataFrame:
    flat = []
    for r in rows:
        record = {k: v for k, v in r.items() if k not in ("payments", "rules")}
        record["payments"] = "；".join(f"{p['payer']}付{p['payee']}{p['amount']}（{p['for']}）" for p in r["payments"])
        record["rules"] = " ".join(r["rules"])
        flat.append(record)
    return pd.DataFrame.from_records(flat)
