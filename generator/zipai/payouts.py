"""字牌's generator side of the payout table: the CSV. The table is the core's (`rules.zipai.payouts`)."""
from __future__ import annotations

import pandas as pd


def payout_csv(rows: list[dict]) -> pd.DataFrame:
    flat = []
    for r in rows:
        record = {k: v for k, v in r.items() if k not in ("payments", "rules")}
        record["payments"] = "；".join(f"{p['payer']}付{p['payee']}{p['amount']}（{p['for']}）" for p in r["payments"])
        record["rules"] = " ".join(r["rules"])
        flat.append(record)
    return pd.DataFrame.from_records(flat)
