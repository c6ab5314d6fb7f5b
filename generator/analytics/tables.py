"""The analytics results as tables (CSV under build/generated/), and how numbers are written.

Counts are exact integers; probabilities are exact fractions, written as decimals
with ten significant digits only here, at the edge.
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from rules.nanning.codes import SEATS_FROM_DEALER

from .moma import Odds
from .nanning import Rarity
from .zipai import Result


def decimal(p: Fraction) -> str:
    return f"{float(p):.10g}"


def one_in(p: Fraction) -> int | None:
    """N such that p is about 1/N (None for p = 0)."""
    return round(1 / p) if p else None


def rarity_frame(r: Rarity) -> pd.DataFrame:
    rows = [{
        "category": row.category.label, "shape": row.category.shape.value, "colour": row.category.colour or "混",
        "count": row.count, "probability": decimal(r.probability(row.count)),
        "one_in": one_in(r.probability(row.count)), "zimo": row.zimo, "fangpao": row.fangpao,
        "also_jihu": row.also_jihu,
    } for row in r.rows]
    for label, count in (("全部和牌", r.complete), ("任意14张", r.all_hands)):
        rows.append({"category": label, "shape": "", "colour": "", "count": count,
                     "probability": decimal(r.probability(count)), "one_in": one_in(r.probability(count)),
                     "zimo": None, "fangpao": None, "also_jihu": None})
    return pd.DataFrame(rows).astype({"one_in": "Int64", "zimo": "Int64", "fangpao": "Int64", "also_jihu": "Int64"})


def moma_frame(odds: list[Odds], claimed: dict[int, int]) -> pd.DataFrame:
    most = max(o.codes for o in odds)
    rows = []
    for o in odds:
        row = {"model": o.model, "seat": o.seat, "seat_name": SEATS_FROM_DEALER[o.seat], "copies": o.copies,
               "claimed": claimed.get(o.seat), "codes": o.codes}
        row.update({f"p{k}": decimal(o.p[k]) if k <= o.codes else "" for k in range(most + 1)})
        row.update({"p_any": decimal(o.any_hit), "additive": decimal(o.additive), "compound": decimal(o.compound)})
        rows.append(row)
    return pd.DataFrame(rows).astype({"claimed": "Int64"})


def zipai_frame(z: Result) -> pd.DataFrame:
    def row(section: str, key: str, name: str, condition: str, cards: int, count: int, **rest) -> dict:
        p = Fraction(count, z.hands[cards])
        return {"section": section, "key": key, "name": name, "condition": condition, "cards": cards,
                "count": count, "hands": z.hands[cards], "probability": decimal(p), "one_in": one_in(p),
                "pays": "", "rule": "", "reading": "", **rest}

    rows = [row("名堂", c.key, c.label, c.definition, cards, z.counts[(c.key, cards)],
                pays=c.pays, rule=c.rule, reading=c.reading) for c in z.conditions for cards in z.hands]
    rows += [row("红数", f"red-{red}", f"{red} 张红字", f"红字恰好 {red} 张", cards, count)
             for cards, counts in z.reds.items() for red, count in enumerate(counts)]
    return pd.DataFrame(rows).astype({"one_in": "Int64"})
