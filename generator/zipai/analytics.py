"""字牌's statistics (the `analytics` hook of generator.games): how often a dealt hand meets
the conditions the 名堂 rest on, and how many red cards it holds.

Writes zipai_odds.csv into build/generated/; its part of the statistics page is
templates/analytics.md.j2 with the conditions and red-count charts.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pandas as pd
from matplotlib import pyplot as plt

from rules.zipai.loader import default_rule_set, readings_data

from .. import drills
from ..analytics.charts import PALETTE
from ..analytics.page import Section, probability
from ..analytics.tables import decimal, one_in
from ..outputs import write_csv
from ..plotting import save
from .odds import Hand, Result, compute

HERE = Path(__file__).parent
FILES = {"zipai": "zipai_odds.csv"}


DRILL_WEIGHTS = "zipai/drill.toml"


def drill_weights(result: Result | None = None) -> str:
    """data/zipai/drill.toml (`generator.drills`): hands of the size a hand wins with (dealt + 1) by their
    number of red cards, from the statistics' counts."""
    result = result or compute()
    cards = default_rule_set().constants.dealt.value + 1
    out = [drills.HEADER.format(source="generator/zipai/odds.py", game="zipai"), f"\ncards = {cards}\n"]
    for red, count in enumerate(result.reds[cards]):
        out.append(f"\n[[red]]\nred = {red}\ncount = {count}\n")
    return "".join(out)


def odds_frame(z: Result) -> pd.DataFrame:
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


def red_spans(z: Result) -> list[tuple[int, int | None, str]]:
    """The red counts each colour condition holds for (high None: and everything above), for the chart."""
    out = []
    for c in z.conditions:
        if c.colour:
            reds = [r for r in range(z.deck.dealer + 1) if c.holds(Hand(r, 0, 0))]
            out.append((reds[0], None if reds[-1] == z.deck.dealer else reds[-1], c.label))
    return out


def conditions_chart(z: Result, path: Path) -> tuple[int, int]:
    """Each 名堂's condition in a dealt hand, log scale, with what it pays beside its name."""
    fig, ax = plt.subplots(figsize=(8.5, 4.2))
    conds = list(z.conditions)
    sizes = sorted(z.hands)
    height = 0.38
    for i, cards in enumerate(sizes):
        ys = [j + (i - 0.5) * height for j in range(len(conds))]
        xs = [z.counts[(c.key, cards)] / z.hands[cards] for c in conds]
        bars = ax.barh(ys, xs, height=height, color=PALETTE[i], label=f"{cards} 张" + ("（庄家）" if i else ""))
        ax.bar_label(bars, labels=[f"1/{round(1 / x):,}" for x in xs], fontsize=7, padding=2)
    ax.set_yticks(range(len(conds)))
    ax.set_yticklabels([f"{c.label} · {c.pays}" for c in conds], fontsize=9)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(right=1)
    ax.set_xlabel("起手牌满足条件的概率（对数刻度）")
    ax.legend(fontsize=8, loc="lower right", frameon=False)
    fig.tight_layout()
    return save(fig, path)


def reds_chart(z: Result, spans: list[tuple[int, int | None, str]], path: Path) -> tuple[int, int]:
    """The number of red cards in a dealt hand; above it, the red counts each 名堂 needs."""
    fig, ax = plt.subplots(figsize=(8.5, 4.2))
    width, right = 0.4, 16.5
    peak = 0.0
    for i, cards in enumerate(sorted(z.reds)):
        p = [w / z.hands[cards] for w in z.reds[cards]]
        peak = max(peak, *p)
        ax.bar([r + (i - 0.5) * width for r in range(len(p))], p, width=width, color=PALETTE[i],
               label=f"{cards} 张" + ("（庄家）" if i else ""))
    for i, (low, high, label) in enumerate(spans):
        y = peak * (1.45 - 0.1 * i)
        end = right if high is None else high + 0.45
        ax.plot([low - 0.45, end], [y, y], color="#5a5a5a", linewidth=1.2, marker="|", markersize=6)
        ax.annotate(label + ("" if high is not None else " →"), (low - 0.45, y), xytext=(0, 3),
                    textcoords="offset points", fontsize=8, color="#333333")
    ax.set_xlim(-0.7, right)
    ax.set_ylim(0, peak * 1.55)
    ax.set_xticks(range(int(right) + 1))
    ax.set_xlabel("起手牌中红字（二七十、贰柒拾）的张数")
    ax.set_ylabel("概率")
    ax.legend(fontsize=8, loc="center right", frameon=False)
    fig.tight_layout()
    return save(fig, path)


def odds_context(z: Result) -> dict:
    sizes = sorted(z.hands)
    reading_names = {r["id"]: r["name"] for r in readings_data()["reading"]}
    rows = [{"name": c.label, "definition": c.definition, "pays": c.pays, "rule": c.rule, "reading": c.reading,
             "reading_name": reading_names.get(c.reading, ""),
             "p": [probability(Fraction(z.counts[(c.key, n)], z.hands[n])) for n in sizes],
             "one_in": [one_in(Fraction(z.counts[(c.key, n)], z.hands[n])) for n in sizes]} for c in z.conditions]
    mean = {n: Fraction(sum(r * w for r, w in enumerate(z.reds[n])), z.hands[n]) for n in sizes}
    return {"deck": z.deck, "sizes": sizes, "rows": rows, "mean": {n: f"{float(m):.2f}" for n, m in mean.items()}}


class Part:
    """字牌's part of the analytics provider (`generator.analytics`)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.result: Result | None = None

    def steps(self) -> list:
        def step() -> str:
            self.result = compute()
            drills.check(DRILL_WEIGHTS, drill_weights(self.result))
            write_csv(odds_frame(self.result), self.ctx.generated / FILES["zipai"])
            return f"字牌 {len(self.result.conditions)} 个名堂条件 × {len(self.result.hands)} 种手牌张数"

        return [("统计：字牌起手牌的概率", step)]

    def section(self) -> Section:
        z = self.result
        return Section(templates=HERE / "templates", files=FILES, context={"zp": odds_context(z)},
                       charts=[("zipai-conditions.svg", conditions_chart, (z,)),
                               ("zipai-reds.svg", reds_chart, (z, red_spans(z)))])
