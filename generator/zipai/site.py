"""字牌's own pages: 计分与胡息 and 速查表, from its payout table, readings and 胡息 table."""
from __future__ import annotations

from pathlib import Path

from rules.zipai.club import ClubRules
from rules.zipai.club import presets as club_presets

from ..site.data import SiteData, read_csv, read_json
from ..site.names import reading_names
from ..site.views import cell_html
from . import view as zipai
from .practice import Practice

GAME = "zipai"

# Its own paragraphs on the pages every game has (generator/site/templates/article.md.j2 and
# finder.md.j2): Jinja source, rendered with the page's `link`.
NOTES = {
    "article": (
        '<p>这是文档 <a href="{{ link.to("sources/003/") }}">003</a> 的全部正文，逐行照录（错字已还原）。'
        '名堂表和胡息表在原文里是一格一行，这里也照原样列出；'
        '整理成表格的版本见<a href="{{ link.to("zipai/scoring/") }}">计分与胡息</a>。</p>\n'
    ),
}


def notes() -> dict[str, str]:
    return NOTES


def reader_names(own: dict) -> dict[str, str]:
    """The Chinese names of its readings and their options (see `generator.site.names`)."""
    return reading_names(own.get("readings"))


def site_data(generated: Path) -> dict:
    """What these pages read: the readings report, the 胡息 table and what each preset changes (the rulings page)."""
    return {"readings": read_json(generated / "zipai_readings.json"), "huxi": read_csv(generated / "zipai_huxi.csv"),
            "preset_changes": read_json(generated / "zipai_preset_changes.json")}


FORMULA_BLOCKS = ("gongshi", "huxi")  # 字牌 section 2: 结算公式 and 胡息计算
MINGTANG_SECTION = 3  # 字牌 section 3: 胡牌名堂, a table of 名称 | 规则 | 倍数 written one cell per line


def mingtang_table(art) -> list[dict]:
    """The 名堂 table of 003 put back together: one row per block. Its lines come in the table's order,
    规则 then 倍数, and a rule that goes on (or numbered items) after that."""
    out = []
    for b in art.blocks:
        rows = [r for r in art.rows if r.section == b.section and r.block == b.key and r.cls != "heading"]
        if b.section != MINGTANG_SECTION or not b.key or not rows:
            continue
        multiplier = rows[1:2] if len(rows) > 1 and rows[1].item is None else []
        out.append({"id": f"{art.prefix}-{b.label}", "key": b.key, "title": b.title,
                    "cells": [[r for r in rows if r not in multiplier], multiplier]})
    return out


SPLIT = {"first": "程序搜索到的第一种（不是得分最多的一种）", "best": "得分最多的一种"}
SETTLE = {"brackets": "按胡息档定底分，乘 (1 + 名堂番数之和)；不取整，不加额外分"}
TAKEN = {"peng_always": "算碰（自己摸的也算）", "peng_from_other": "别人的牌才算碰"}


def preset_view(club: ClubRules) -> dict:
    """What the scoring page shows of one preset of a deployed program (不见于原文)."""
    starts = [start for start, _ in club.brackets] + [None]
    brackets = []
    for (start, base), end in zip(club.brackets, starts[1:], strict=True):
        label = "0 胡" if start == 0 and end == 1 else f"{start}–{end - 1} 胡" if end is not None else f"{start} 胡以上"
        brackets.append({"label": label, "base": base.value, "bridge": base.rule})
    zero = "，或恰好 0 胡（乱胡）" if club.zero_wins else ""
    return {
        "id": club.id, "name": club.name, "origin": club.origin, "provenance": club.provenance,
        "split": SPLIT[club.split.value], "settle": SETTLE[club.settle.value],
        "taken_three": TAKEN[club.taken_three.value],
        "gang": f"{club.gang.value}（{club.gang.rule}）",
        "win": f"{club.groups.value} 组（有招、拢时带一对将），胡息至少 {club.min_huxi.value}{zero}"
               f"（{club.min_huxi.rule}）",
        "brackets": brackets,
        "pay": f"点炮：放炮者付 {club.discarder.value} 倍一局分（{club.discarder.rule}）；其他：每家各付 "
               f"{club.each_other.value} 倍，胡牌者得 {club.winner_gains.value} 倍（{club.each_other.rule}）",
        "huxi": [{"kind": kind, "colour": colour, "small": small.value, "big": big.value, "bridge": small.rule}
                 for (kind, colour), (small, big) in club.huxi.items()],
        "fans": [{"name": name, "fan": c.value, "why": c.quote, "bridge": c.rule} for name, c in club.fans.items()],
    }


def pages(p, d: SiteData) -> None:
    """Write the pages through `p` (a `generator.site.pages.Pages`)."""
    table = d.payouts[GAME]
    own = d.own[GAME]
    view = zipai.View(table) if table else None
    huxi = own["huxi"].to_dict("records") if own["huxi"] is not None else None
    common = {"view": view, "huxi": huxi, "huxi_groups": zipai.huxi_pivot(huxi) if huxi else []}
    ref_hand = view.first["hand"] if view else ""
    ref_huxi = view.reference_huxi(ref_hand) if view else 0
    examples = []
    if view:
        examples = [view.cell(hand=ref_hand, huxi=ref_huxi, win=w) for w in view.wins()]
        for hand in view.scaled[1:]:
            lowest = min(r["huxi"] for r in view.rows(hand=hand, win=view.first["win"]) if r["feasible"])
            examples.append(view.cell(hand=hand, huxi=lowest))
    art = d.articles[GAME]
    formula_rows = [r for r in art.rows if r.section == 2 and r.block in FORMULA_BLOCKS and r.cls != "heading"]
    p.write("zipai/scoring.md", "zipai/scoring.md.j2", readings=own["readings"], examples=examples,
            ref_huxi=ref_huxi, formula_rows=formula_rows, mingtang=mingtang_table(art),
            presets=[preset_view(c) for c in club_presets().values()], **common)
    p.write("zipai/cheatsheet.md", "zipai/cheatsheet.md.j2", cell=cell_html, ref_hand=ref_hand, practice=Practice(p),
            ref_huxi=ref_huxi, scaled=view.scaled if view else [],
            fixed=view.fixed_hands() if view else [], **common)
