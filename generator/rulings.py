"""Merge every game's cross-check and findings into build/generated/crosscheck.csv and findings.csv."""
from __future__ import annotations

import pandas as pd

from .games import sites
from .outputs import write_csv


def steps(ctx) -> list:
    def merge() -> str:
        out = {}
        for kind in ("crosscheck", "findings"):
            frames = [pd.read_csv(ctx.generated / f"{game}_{kind}.csv", dtype=str, keep_default_na=False)
                      for game in sites()]
            merged = pd.concat(frames, ignore_index=True)
            write_csv(merged, ctx.generated / f"{kind}.csv", schema=kind)
            out[kind] = len(merged)
        return f"核对 {out['crosscheck']} 行，勘误与争议 {out['findings']} 条"

    return [("汇总核对结果与勘误", merge)]
