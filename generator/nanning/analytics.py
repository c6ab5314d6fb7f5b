"""Nanning's statistics (the `analytics` hook of generator.games): how rare each hand is
against what it pays, the published counts beside ours, and the 摸码 odds.

Writes nanning_rarity.csv and moma_odds.csv into build/generated/; its part of the
statistics page is templates/analytics.md.j2 with the rarity and 摸码 charts.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pandas as pd
from matplotlib import pyplot as plt
from matplotlib.ticker import FixedLocator, NullLocator

from rules.nanning.codes import SEATS_FROM_DEALER, hit_copies, tiles_for
from rules.nanning.model import Shape
from rules.nanning.rule_set import preset
from rules.nanning.tiles import name

from .. import drills
from ..analytics.charts import PALETTE, label
from ..analytics.page import Section, probability, times
from ..analytics.tables import decimal, one_in
from ..errors import BuildError
from ..outputs import write_csv
from ..plotting import save
from . import moma
from .moma import TILES, Odds, hypergeometric
from .rarity import COLOURS, MEASURES, Rarity, compute

HERE = Path(__file__).parent
PUBLISHED = HERE / "published.toml"
MAX_CODES = 8  # codes drawn: the document leaves the number to the players ("具体摸几颗由玩家自定")
FILES = {"rarity": "nanning_rarity.csv", "moma": "moma_odds.csv"}
COLOUR_STYLE = {COLOURS[0]: ("#1b7a6e", "o", "不是一色"), COLOURS[1]: ("#e07b39", "s", "清一色"),
                COLOURS[2]: ("#4c6fb0", "^", "字一色")}


@dataclass(frozen=True)
class Match:
    source: dict  # id, title, url, note
    label: str
    measure: str
    published: int
    computed: int


def published(r: Rarity, path: Path = PUBLISHED) -> list[Match]:
    """Every published count beside ours; a difference stops the build (the method would be wrong)."""
    with path.open("rb") as fh:
        sources = tomllib.load(fh)["source"]
    ours = r.measures()
    out = [Match({k: v for k, v in s.items() if k != "count"}, c["label"], c["measure"], c["value"], ours[c["measure"]])
           for s in sources for c in s["count"]]
    wrong = [f"{m.source['id']} {m.label}: {m.published} ≠ {m.computed}" for m in out if m.published != m.computed]
    if wrong:
        raise BuildError("published hand counts differ from ours: " + "; ".join(wrong))
    return out


def claims(examples: Path) -> dict[int, tuple[int, str]]:
    """The document's own 摸码 tile counts by seat, with the example id: the `moma-seat:N` examples."""
    if not examples.exists():
        return {}
    table = pd.read_csv(examples, dtype=str, keep_default_na=False)
    rows = table[table["code"].str.startswith("moma-seat:")]
    return {int(row.code.split(":")[1]): (int(row.stated), row.id) for row in rows.itertuples()}


# --- the drills' weights ---

DRILL_WEIGHTS = "nanning/drill.toml"


def drill_weights(rarity: Rarity | None = None) -> str:
    """data/nanning/drill.toml (`generator.drills`): concealed complete hands by colour and shape, the
    statistics page's rows."""
    rarity = rarity or compute()[0]
    out = [drills.HEADER.format(source="generator/nanning/rarity.py", game="nanning")]
    for row in rarity.rows:
        out.append(f'\n[[category]]\ncolour = "{row.category.colour}"\nshape = "{row.category.shape.value}"\n'
                   f"count = {row.count}\n")
    return "".join(out)


# --- tables ---

def rarity_frame(r: Rarity) -> pd.DataFrame:
    rows = [{
        "category": row.category.label, "shape": row.category.shape.value, "colour": row.category.colour or "混",
        "count": row.count, "probability": decimal(r.probability(row.count)),
        "one_in": one_in(r.probability(row.count)), "zimo": row.zimo, "fangpao": row.fangpao,
        "also_jihu": row.also_jihu,
    } for row in r.rows]
    for text, count in (("全部和牌", r.complete), ("任意14张", r.all_hands)):
        rows.append({"category": text, "shape": "", "colour": "", "count": count,
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


# --- charts ---

def rarity_chart(r: Rarity, path: Path) -> tuple[int, int]:
    """What a pattern pays against how rare it is, both on log scales; 自摸 filled, 放炮 hollow."""
    fig, ax = plt.subplots(figsize=(8.5, 5.6))
    shown = [row for row in r.rows if row.count]
    ax.set_xscale("log")
    ax.set_yscale("log", base=2)
    amounts = sorted({a for row in shown for a in (row.zimo, row.fangpao)})
    ax.yaxis.set_major_locator(FixedLocator(amounts))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_yticklabels([str(a) for a in amounts])
    points = []
    for colour, (tint, marker, legend) in COLOUR_STYLE.items():
        rows = [row for row in shown if row.category.colour == colour]
        xs = [float(1 / r.probability(row.count)) for row in rows]
        ax.scatter(xs, [row.zimo for row in rows], color=tint, marker=marker, s=46, zorder=3,
                   label=f"{legend}（自摸）")
        ax.scatter(xs, [row.fangpao for row in rows], facecolors="white", edgecolors=tint, marker=marker, s=30,
                   zorder=3, label=f"{legend}（放炮）")
        for x, row in zip(xs, rows, strict=True):
            ax.plot([x, x], [row.fangpao, row.zimo], color=tint, linewidth=0.8, zorder=2)
            points.append((x, row.zimo, row.category.shape.value))
    rarest = max(x for x, _, _ in points)
    ax.set_xlim(right=rarest * 20)  # room for the rarest point's label
    ax.set_xlabel("稀有度：平均多少手任意 14 张里才有一手是这种牌型（对数刻度）")
    ax.set_ylabel("赢家共得分（对数刻度）")
    ax.legend(fontsize=8, ncols=3, loc="upper center", bbox_to_anchor=(0.5, -0.13), frameon=False)
    fig.tight_layout()
    placed: list = []
    for x, y, text in sorted(points):
        label(ax, placed, x, y, text)
    return save(fig, path)


def moma_chart(odds: list[Odds], claimed: dict[int, int], names: dict[int, str], path: Path) -> tuple[int, int]:
    """P(at least one hit) by number of codes, per seat; dotted: the same with the document's tile counts."""
    fig, ax = plt.subplots(figsize=(8.5, 4.6))
    for seat, seat_name in names.items():
        rows = sorted((o for o in odds if o.model == "和牌" and o.seat == seat), key=lambda o: o.codes)
        codes = [o.codes for o in rows]
        ax.plot(codes, [float(o.any_hit) for o in rows], color=PALETTE[seat], marker="o", markersize=4,
                label=f"{seat_name}（{rows[0].copies} 张）")
        if seat in claimed:
            doc = [float(1 - hypergeometric(TILES, claimed[seat], n)[0]) for n in codes]
            ax.plot(codes, doc, color=PALETTE[seat], linestyle=":", marker="x", markersize=4,
                    label=f"{seat_name}：按原文的 {claimed[seat]} 张")
    ax.set_xlabel("摸码颗数")
    ax.set_ylabel("至少中一颗的概率")
    ax.set_ylim(0, 1)
    ax.set_xticks(sorted({o.codes for o in odds}))
    ax.legend(fontsize=8, ncols=2, loc="lower right", frameon=False)
    fig.tight_layout()
    return save(fig, path)


# --- the page ---

def rarity_context(r: Rarity) -> dict:
    jihu = next(row for row in r.rows if row.category.label == Shape.JIHU.value)
    rows = []
    for row in r.rows:
        p = r.probability(row.count)
        rows.append({"label": row.category.label, "count": row.count, "p": probability(p),
                     "one_in": one_in(p), "zimo": row.zimo, "fangpao": row.fangpao, "also": row.also_jihu,
                     "rarer": times(Fraction(jihu.count, row.count)) if row.count else "—",
                     "pays": times(Fraction(row.zimo, jihu.zimo))})
    rarest = min((row for row in r.rows if row.count), key=lambda row: row.count)
    pengpeng = [row for row in r.rows if row.category.shape is Shape.PENGPENG]
    return {
        "rows": rows, "all_hands": r.all_hands, "complete": r.complete,
        "complete_p": probability(r.probability(r.complete)), "complete_one_in": one_in(r.probability(r.complete)),
        "jihu_share": f"{float(Fraction(jihu.count, r.complete)) * 100:.2f}%",
        "rarest": {"label": rarest.category.label, "p": probability(r.probability(rarest.count)),
                   "rarer": times(Fraction(jihu.count, rarest.count)), "pays": times(Fraction(rarest.zimo, jihu.zimo)),
                   "zimo": rarest.zimo},
        "impossible": [row.category.label for row in r.rows if not row.count],
        "standard": r.standard, "seven": r.seven, "both": r.both,
        "pengpeng": sum(row.count for row in pengpeng), "pengpeng_also": sum(row.also_jihu for row in pengpeng),
    }


def published_context(matches: list[Match], r: Rarity) -> dict:
    rows = [{"title": m.source["title"], "url": m.source["url"], "label": m.label, "measure": MEASURES[m.measure],
             "published": m.published, "computed": m.computed} for m in matches]
    sources = {m.source["id"]: m.source for m in matches}
    by_measure = {m.measure: m for m in matches}
    union = None
    if {"standard", "seven", "standard_and_seven"} <= by_measure.keys():
        # four sets and a pair, or seven pairs: exactly Nanning's complete hands
        value = sum(by_measure[k].published * s for k, s in (("standard", 1), ("seven", 1), ("standard_and_seven", -1)))
        union = {"value": value, "computed": r.complete}
    return {"rows": rows, "sources": list(sources.values()), "union": union}


def moma_context(odds: list[Odds], found_claims: dict[int, tuple[int, str]], crosscheck: pd.DataFrame | None) -> dict:
    codes = preset().value("moma_codes")
    main = [o for o in odds if o.model == "和牌" and o.codes == codes]
    finding = {}
    if crosscheck is not None:
        finding = dict(zip(crosscheck["example_id"], crosscheck["finding_id"], strict=True))
    seats = []
    for o in main:
        claimed, example = found_claims.get(o.seat, (None, None))
        seats.append({
            "name": SEATS_FROM_DEALER[o.seat], "tiles": "、".join(name(t) for t in tiles_for(o.seat)),
            "copies": o.copies, "claimed": claimed, "example": example, "finding": finding.get(example),
            # the document's count taken at its word, the codes n random tiles of the 136
            "doc_any": probability(1 - moma.hypergeometric(moma.TILES, claimed, codes)[0]) if claimed else None,
            "p": [probability(q) for q in o.p], "any": probability(o.any_hit),
            "additive": f"{float(o.additive):.3f}", "compound": f"{float(o.compound):.3f}",
        })
    by_key = {(o.model, o.seat, o.codes): o for o in odds}
    gap = max(abs(o.any_hit - by_key[("随机", o.seat, o.codes)].any_hit) for o in odds if o.model == "和牌")
    seat = {o.seat: o for o in main}
    return {"codes": codes, "seats": seats, "models": moma.MODELS, "unseen": moma.UNSEEN,
            "max_codes": max(o.codes for o in odds), "model_gap": f"{float(gap) * 100:.2f}",
            "ratio": f"{float((seat[0].additive - 1) / (seat[3].additive - 1)):.2f}"}  # dealer against his 上家


class Part:
    """Nanning's part of the analytics provider (`generator.analytics`)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.rarity: Rarity | None = None
        self.matches: list[Match] = []
        self.odds: list[Odds] = []
        self.claims: dict[int, tuple[int, str]] = {}

    def steps(self) -> list:
        ctx = self.ctx

        def step() -> str:
            rarity, own_hits = compute()
            drills.check(DRILL_WEIGHTS, drill_weights(rarity))
            self.rarity, self.matches = rarity, published(rarity)
            self.claims = claims(ctx.examples / "examples.csv")
            self.odds = moma.odds(own_hits, {seat: hit_copies(seat) for seat in own_hits}, MAX_CODES)
            write_csv(rarity_frame(rarity), ctx.generated / FILES["rarity"])
            write_csv(moma_frame(self.odds, {s: n for s, (n, _) in self.claims.items()}), ctx.generated / FILES["moma"])
            return (f"南宁 {len(rarity.rows)} 种牌型，和牌共 {rarity.complete:,} 手"
                    f"（与公开发表的 {len(self.matches)} 个数一致）；摸码 {len(self.odds)} 组概率")

        return [("统计：南宁牌型的组合数与摸码概率", step)]

    def section(self) -> Section:
        crosscheck_path = self.ctx.generated / "crosscheck.csv"
        crosscheck = (pd.read_csv(crosscheck_path, dtype=str, keep_default_na=False)
                      if crosscheck_path.exists() else None)
        claimed = {seat: n for seat, (n, _) in self.claims.items()}
        return Section(
            templates=HERE / "templates", files=FILES,
            context={"nn": rarity_context(self.rarity), "pub": published_context(self.matches, self.rarity),
                     "ma": moma_context(self.odds, self.claims, crosscheck)},
            charts=[("rarity.svg", rarity_chart, (self.rarity,)),
                    ("moma.svg", moma_chart, (self.odds, claimed, dict(enumerate(SEATS_FROM_DEALER))))])
