"""Build provider: how rare each hand is against what it pays, the 摸码 odds and the 字牌 odds.

The data steps write build/generated/nanning_rarity.csv, moma_odds.csv and
zipai_odds.csv. With the site, one more step writes the page analytics.md (the
name the site's nav uses) and its charts and downloads under
analytics/ in the MkDocs docs folder.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from rules.nanning.codes import hit_copies

from ..errors import BuildError
from ..outputs import write_csv
from . import moma, nanning, zipai
from .tables import moma_frame, rarity_frame, zipai_frame

PUBLISHED = Path(__file__).parent / "published.toml"
MAX_CODES = 8  # codes drawn: the document leaves the number to the players ("具体摸几颗由玩家自定")
FILES = {"rarity": "nanning_rarity.csv", "moma": "moma_odds.csv", "zipai": "zipai_odds.csv"}


@dataclass(frozen=True)
class Match:
    source: dict  # id, title, url, note
    label: str
    measure: str
    published: int
    computed: int


def published(r: nanning.Rarity, path: Path = PUBLISHED) -> list[Match]:
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


@dataclass
class Results:
    rarity: nanning.Rarity | None = None
    matches: list[Match] | None = None
    odds: list[moma.Odds] | None = None
    claims: dict[int, tuple[int, str]] | None = None
    zipai: zipai.Result | None = None


def steps(ctx) -> list:
    found = Results()

    def nanning_step() -> str:
        rarity, own_hits = nanning.compute()
        found.rarity, found.matches = rarity, published(rarity)
        found.claims = claims(ctx.examples / "examples.csv")
        found.odds = moma.odds(own_hits, {seat: hit_copies(seat) for seat in own_hits}, MAX_CODES)
        write_csv(rarity_frame(rarity), ctx.generated / FILES["rarity"])
        write_csv(moma_frame(found.odds, {s: n for s, (n, _) in found.claims.items()}), ctx.generated / FILES["moma"])
        return (f"南宁 {len(rarity.rows)} 种牌型，和牌共 {rarity.complete:,} 手（与公开发表的 {len(found.matches)} 个数一致）；"
                f"摸码 {len(found.odds)} 组概率")

    def zipai_step() -> str:
        found.zipai = zipai.compute()
        write_csv(zipai_frame(found.zipai), ctx.generated / FILES["zipai"])
        return f"字牌 {len(found.zipai.conditions)} 个名堂条件 × {len(found.zipai.hands)} 种手牌张数"

    out = [("统计：南宁牌型的组合数与摸码概率", nanning_step), ("统计：字牌起手牌的概率", zipai_step)]
    if ctx.with_site:
        from . import page

        def site_step() -> str:
            written = page.write(ctx.docs, ctx.generated, found, FILES)
            return f"统计页和 {written} 张图"

        out.append(("统计：网页与图表", site_step))
    return out
